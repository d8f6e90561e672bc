/// Why a zlib/DEFLATE stream could not be decompressed.
public enum InflateError: Error, Equatable, CustomStringConvertible {
    /// The two-byte zlib header is not valid or asks for something unsupported.
    case badHeader(String)
    /// The stream ends before its final block (or before the Adler-32 trailer).
    case truncated
    /// The compressed data breaks the DEFLATE format (bad code, distance too far back, …).
    case invalidData(String)
    /// The stream decodes to more than the caller's expected size (the zip-bomb guard).
    case outputTooLarge(limit: Int)
    /// The stream ends having produced fewer bytes than expected.
    case outputTooSmall(produced: Int, expected: Int)
    /// The Adler-32 checksum of the output does not match the trailer.
    case checksumMismatch(stored: UInt32, computed: UInt32)

    /// The problem in one line.
    public var description: String {
        switch self {
        case .badHeader(let why): return "bad zlib header: \(why)"
        case .truncated: return "compressed data is truncated"
        case .invalidData(let why): return "invalid compressed data: \(why)"
        case .outputTooLarge(let limit):
            return "compressed data expands beyond the expected \(limit) bytes"
        case .outputTooSmall(let produced, let expected):
            return "compressed data ends after \(produced) of the expected \(expected) bytes"
        case .checksumMismatch(let stored, let computed):
            return
                "Adler-32 checksum mismatch (stored \(hexChecksum(stored)), computed \(hexChecksum(computed)))"
        }
    }
}

/// Formats a 32-bit value as `0x` followed by eight hex digits, for checksum messages.
func hexChecksum(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
