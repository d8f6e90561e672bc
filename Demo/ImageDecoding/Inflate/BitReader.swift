/// Reads a DEFLATE stream's bits least-significant first, keeping up to 64 of them in a register.
///
/// `refill()` tops the buffer up to at least 56 bits, enough for one whole length/distance pair
/// (15 + 5 + 15 + 13 bits), so the decoding loop refills once per symbol. Past the end of the
/// input it pads with zero bits and remembers how many; consuming any of them means the input
/// was truncated, which the next refill (or `alignedBytePosition()`) reports.
struct BitReader {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    /// Index of the next input byte not yet loaded into `buffer`.
    private var position: Int
    /// Bits not yet consumed, the next one in bit 0.
    private(set) var buffer: UInt64 = 0
    /// How many bits of `buffer` are valid (real input or zero padding).
    private(set) var bitCount = 0
    /// How many of the top `bitCount` bits are padding past the end of the input.
    private var paddingBits = 0

    /// A reader over `input`, starting at byte `start`.
    init(_ input: UnsafeBufferPointer<UInt8>, start: Int = 0) {
        // A non-empty buffer always has a base address; an empty one is read as padding only.
        self.base = input.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.count = input.count
        self.position = start
    }

    /// Ensures at least 56 bits are buffered.
    @inline(__always)
    mutating func refill() throws {
        if position + 8 <= count {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let whole = (63 - bitCount) >> 3
            buffer |= (word & (1 &<< UInt64(whole << 3) &- 1)) &<< UInt64(bitCount)
            position += whole
            bitCount += whole << 3
        } else {
            try refillNearEnd()
        }
    }

    /// Byte-at-a-time refill for the last few bytes, then zero padding.
    private mutating func refillNearEnd() throws {
        guard bitCount >= paddingBits else { throw InflateError.truncated }
        while bitCount <= 56 {
            if position < count {
                buffer |= UInt64(base[position]) &<< UInt64(bitCount)
                position += 1
            } else {
                paddingBits += 8
            }
            bitCount += 8
        }
    }

    /// Drops `n` bits (which must be buffered).
    @inline(__always)
    mutating func consume(_ n: Int) {
        buffer = buffer &>> UInt64(n)
        bitCount -= n
    }

    /// Reads an `n`-bit value (n ≤ 32), refilling first if needed.
    @inline(__always)
    mutating func read(_ n: Int) throws -> Int {
        if bitCount < n { try refill() }
        let value = Int(truncatingIfNeeded: buffer & (1 &<< UInt64(n) &- 1))
        consume(n)
        return value
    }

    /// Skips to the next byte boundary and returns the index of that byte in the input.
    mutating func alignedBytePosition() throws -> Int {
        guard bitCount >= paddingBits else { throw InflateError.truncated }
        return position - (bitCount - paddingBits) >> 3
    }

    /// Copies `count` input bytes starting at byte `start` to `target`, bypassing the bit buffer
    /// (for stored blocks); throws `InflateError.truncated` if the input is shorter.
    func copyBytes(from start: Int, count n: Int, to target: UnsafeMutablePointer<UInt8>) throws {
        guard start <= count, n <= count - start else { throw InflateError.truncated }
        target.update(from: base + start, count: n)
    }

    /// Restarts reading at byte `start`, discarding buffered bits.
    mutating func seek(toByte start: Int) {
        position = start
        buffer = 0
        bitCount = 0
        paddingBits = 0
    }
}
