/// Why bytes could not be decoded as a PNG image. Each case prints as one line.
public enum PNGDecodingError: Error, Equatable, CustomStringConvertible {
    /// The signature is missing; `looksLike` is what the bytes appear to be instead.
    case notPNG(looksLike: ImageFormat)
    /// The file ends early; says where.
    case truncated(String)
    /// A chunk's stored CRC-32 does not match its contents.
    case badCRC(chunk: String, offset: Int, stored: UInt32, computed: UInt32)
    /// The header claims more pixels than `PNGDecoder.maxPixels` / `maxSide` allow.
    case tooLarge(width: Int, height: Int)
    /// Valid PNG using a feature this decoder does not handle.
    case unsupported(String)
    /// Structurally broken data (bad header values, missing chunks, bad compressed data).
    case corrupt(String)

    /// The problem in one line.
    public var description: String {
        switch self {
        case .notPNG(let format):
            return "not a PNG image (looks like \(format.name))"
        case .truncated(let location):
            return "truncated PNG: \(location)"
        case .badCRC(let chunk, let offset, let stored, let computed):
            return
                "PNG chunk \(chunk) at byte \(offset) has a bad CRC (stored \(hexChecksum(stored)), computed \(hexChecksum(computed)))"
        case .tooLarge(let width, let height):
            return
                "PNG is \(width)×\(height) pixels, above the limit of \(PNGDecoder.maxSide) pixels a side "
                + "and \(PNGDecoder.maxPixels / 1_000_000) megapixels"
        case .unsupported(let what):
            return "unsupported PNG: \(what)"
        case .corrupt(let what):
            return "corrupt PNG: \(what)"
        }
    }

    /// sysexits code: the input data is bad.
    public var exitCode: Int32 { 65 }
}
