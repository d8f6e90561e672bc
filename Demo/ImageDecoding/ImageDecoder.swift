/// Decodes an image file of any format this module knows, judged by its first bytes: PNG,
/// baseline JPEG or GIF (its first frame).
public enum ImageDecoder {
    /// The file's pixels. Throws `ImageDecodingError` for a damaged or unsupported file, `NotAnImageError` for anything else; each error's
    /// description says what is wrong, in one line.
    public static func decode(_ bytes: [UInt8]) throws -> RGBABitmap {
        switch ImageFormat(detecting: bytes) {
        case .png: return try PNGDecoder.decode(bytes)
        case .jpeg: return try JPEGDecoder.decode(bytes)
        case .gif: return try GIFDecoder.decode(bytes)
        case let other: throw NotAnImageError(looksLike: other)
        }
    }

    /// The image's size as its header states it, reading no pixels; throws as `decode` does.
    public static func size(of bytes: [UInt8]) throws -> ImageSize {
        switch ImageFormat(detecting: bytes) {
        case .png:
            let header = try PNGDecoder.header(of: bytes)
            return ImageSize(width: header.width, height: header.height)
        case .jpeg: return try JPEGDecoder.size(of: bytes)
        case .gif: return try GIFDecoder.size(of: bytes)
        case let other: throw NotAnImageError(looksLike: other)
        }
    }
}
