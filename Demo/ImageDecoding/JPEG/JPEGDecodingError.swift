/// Why bytes could not be decoded as a JPEG image. Each case prints as one line.
public enum JPEGDecodingError: Error, Equatable, CustomStringConvertible {
    /// The start-of-image marker is missing; `looksLike` is what the bytes appear to be instead.
    case notJPEG(looksLike: ImageFormat)
    /// The file ends early; says where.
    case truncated(String)
    /// The frame header claims more pixels than `ImageSizeLimit` allows.
    case tooLarge(width: Int, height: Int)
    /// A valid JPEG of a kind this decoder does not handle (progressive, arithmetic, CMYK, …).
    case unsupported(String)
    /// Structurally broken data: bad marker segments, tables or scan data.
    case corrupt(String)

    /// The problem in one line.
    public var description: String {
        switch self {
        case .notJPEG(let format):
            return "not a JPEG image (looks like \(format.name))"
        case .truncated(let location):
            return "truncated JPEG: \(location)"
        case .tooLarge(let width, let height):
            return "JPEG is \(width)×\(height) pixels, above \(ImageSizeLimit.wording)"
        case .unsupported(let what):
            return "unsupported JPEG: \(what)"
        case .corrupt(let what):
            return "corrupt JPEG: \(what)"
        }
    }

    /// sysexits code: the input data is bad.
    public var exitCode: Int32 { 65 }
}
