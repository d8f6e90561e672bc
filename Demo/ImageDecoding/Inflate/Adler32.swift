/// The Adler-32 checksum that ends every zlib stream (RFC 1950).
enum Adler32 {
    /// Largest number of bytes that can be summed before the 32-bit sums could overflow.
    private static let blockLength = 5552
    private static let modulus: UInt32 = 65521

    /// Adler-32 of `bytes`.
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        guard let base = bytes.baseAddress else { return 1 }
        var index = 0
        let count = bytes.count
        while index < count {
            let end = min(index + blockLength, count)
            // Unrolled by four; the sums stay below 2^32 within one block (that is what 5552 guarantees).
            while index + 4 <= end {
                a &+= UInt32(base[index])
                b &+= a
                a &+= UInt32(base[index + 1])
                b &+= a
                a &+= UInt32(base[index + 2])
                b &+= a
                a &+= UInt32(base[index + 3])
                b &+= a
                index += 4
            }
            while index < end {
                a &+= UInt32(base[index])
                b &+= a
                index += 1
            }
            a %= modulus
            b %= modulus
        }
        return b << 16 | a
    }

    /// Adler-32 of an array of bytes.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { checksum($0) }
    }
}
