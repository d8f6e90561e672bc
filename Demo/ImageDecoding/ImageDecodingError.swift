/// Why bytes could not be decoded as an image of one format (PNG, JPEG or GIF): the format the
/// decoder expected and what was wrong. Prints as one line.
public struct ImageDecodingError: Error, Equatable, CustomStringConvertible {
    /// What was wrong with the bytes.
    public enum Problem: Equatable, Sendable {
        /// The format's signature is missing; `looksLike` is what the bytes appear to be instead.
        case wrongFormat(looksLike: ImageFormat)
        /// The file ends early; says where.
        case truncated(String)
        /// A chunk's stored CRC-32 does not match its contents (PNG).
        case badCRC(chunk: String, offset: Int, stored: UInt32, computed: UInt32)
        /// The header claims more pixels than `ImageSizeLimit` allows.
        case tooLarge(width: Int, height: Int)
        /// A valid file of a kind the decoder does not handle (lossless JPEG, an interlaced
        /// PNG method it does not know, a bad LZW code size, …).
        case unsupported(String)
        /// Structurally broken data: bad headers, chunks, segments, tables or compressed data.
        case corrupt(String)
    }

    /// The format the decoder expected.
    public let format: ImageFormat
    /// What was wrong.
    public let problem: Problem

    /// The error of the decoder for `format`.
    public init(_ format: ImageFormat, _ problem: Problem) {
        self.format = format
        self.problem = problem
    }

    /// The problem in one line.
    public var description: String {
        let name = format.name
        switch problem {
        case .wrongFormat(let other):
            return "not a \(name) image (looks like \(other.name))"
        case .truncated(let location):
            return "truncated \(name): \(location)"
        case .badCRC(let chunk, let offset, let stored, let computed):
            return
                "\(name) chunk \(chunk) at byte \(offset) has a bad CRC "
                + "(stored \(hexChecksum(stored)), computed \(hexChecksum(computed)))"
        case .tooLarge(let width, let height):
            return "\(name) is \(width)×\(height) pixels, above \(ImageSizeLimit.wording)"
        case .unsupported(let what):
            return "unsupported \(name): \(what)"
        case .corrupt(let what):
            return "corrupt \(name): \(what)"
        }
    }
}
