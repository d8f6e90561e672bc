/// Decompresses zlib streams (RFC 1950) of DEFLATE data (RFC 1951) into a buffer of known size.
///
/// The caller states the exact decompressed size (a PNG knows it from its header); producing more
/// is an error, so a small malicious stream cannot make us allocate or write without bound.
/// For speed the input is read 64 bits at a time (`BitReader`), Huffman codes are decoded with
/// `HuffmanTable` lookups and output goes straight to an unsafe buffer.
public enum Inflate {
    /// Decompresses a complete zlib stream that must expand to exactly `expectedSize` bytes,
    /// checking the Adler-32 trailer. Throws `InflateError`.
    public static func zlibDecompress(_ input: [UInt8], expectedSize: Int) throws -> [UInt8] {
        precondition(expectedSize >= 0, "expected size must not be negative")
        guard input.count >= 2 else { throw InflateError.truncated }
        let method = input[0]
        let flags = input[1]
        guard method & 0x0F == 8 else {
            throw InflateError.badHeader("compression method \(method & 0x0F) is not DEFLATE (8)")
        }
        guard method >> 4 <= 7 else {
            throw InflateError.badHeader("window size exponent \(method >> 4) is above 7")
        }
        guard (Int(method) << 8 | Int(flags)) % 31 == 0 else {
            throw InflateError.badHeader("header check bits are wrong")
        }
        guard flags & 0x20 == 0 else {
            throw InflateError.badHeader("preset dictionaries are not supported")
        }

        return try input.withUnsafeBufferPointer { input in
            // Capacity of at least one byte keeps the base address non-nil for empty outputs.
            try [UInt8](unsafeUninitializedCapacity: max(expectedSize, 1)) { output, initialized in
                var decoder = DeflateDecoder(
                    input: input, start: 2, output: output.baseAddress!, count: expectedSize)
                let trailer = try decoder.decodeAllBlocks()
                guard decoder.produced == expectedSize else {
                    throw InflateError.outputTooSmall(
                        produced: decoder.produced, expected: expectedSize)
                }
                guard trailer + 4 <= input.count else { throw InflateError.truncated }
                let stored = input[trailer..<trailer + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let computed = Adler32.checksum(
                    UnsafeBufferPointer(start: output.baseAddress, count: expectedSize))
                guard stored == computed else {
                    throw InflateError.checksumMismatch(stored: stored, computed: computed)
                }
                initialized = expectedSize
            }
        }
    }
}
