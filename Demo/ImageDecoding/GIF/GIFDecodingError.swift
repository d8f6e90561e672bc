/// Why bytes could not be decoded as a GIF image. Each case prints as one line.
public enum GIFDecodingError: Error, Equatable, CustomStringConvertible {
    /// The GIF signature is missing; `looksLike` is what the bytes appear to be instead.
    case notGIF(looksLike: ImageFormat)
    /// The file ends early; says where.
    case truncated(String)
    /// The screen or the first image claims more pixels than `ImageSizeLimit` allows.
    case tooLarge(width: Int, height: Int)
    /// A valid GIF of a kind this decoder does not handle (a bad LZW code size, …).
    case unsupported(String)
    /// Structurally broken data: bad blocks, colour tables or LZW codes.
    case corrupt(String)

    /// The problem in one line.
    public var description: String {
        switch self {
        case .notGIF(let format):
            return "not a GIF image (looks like \(format.name))"
        case .truncated(let location):
            return "truncated GIF: \(location)"
        case .tooLarge(let width, let height):
            return "GIF is \(width)×\(height) pixels, above \(ImageSizeLimit.wording)"
        case .unsupported(let what):
            return "unsupported GIF: \(what)"
        case .corrupt(let what):
            return "corrupt GIF: \(what)"
        }
    }

    /// sysexits code: the input data is bad.
    public var exitCode: Int32 { 65 }
}
