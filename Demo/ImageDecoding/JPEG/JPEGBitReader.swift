/// Reads the entropy-coded data of a JPEG scan most-significant bit first.
///
/// A `0xFF` data byte is stored as `FF 00`; `FF` followed by anything else is a marker, where
/// the data ends. At a marker or at the end of the file the reader supplies zero bits and
/// counts them: a valid scan never uses them, so `usedPadding` afterwards means the data ran
/// out early (`reachedEndOfFile` tells a cut file from data that runs into a marker).
struct JPEGBitReader {
    private let bytes: [UInt8]
    /// The next byte to load; at a marker, the `FF` that starts it.
    private(set) var position: Int
    /// Bits not yet consumed, the next one in bit 63.
    private var buffer: UInt64 = 0
    private var bitCount = 0
    /// How many of the last `bitCount` bits are zero padding.
    private var paddingBits = 0
    /// Whether padding was added because the file ended (rather than at a marker).
    private(set) var reachedEndOfFile = false

    /// A reader of `bytes` from byte `start`.
    init(_ bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.position = start
    }

    /// Whether bits past the data (padding) have been consumed.
    var usedPadding: Bool { bitCount < paddingBits }

    /// Tops the buffer up to more than 56 bits.
    private mutating func fill() {
        while bitCount <= 56 {
            buffer |= UInt64(nextByte()) << UInt64(56 - bitCount)
            bitCount += 8
        }
    }

    /// The next data byte, undoing `FF 00` stuffing; zero padding at a marker or the file's end.
    private mutating func nextByte() -> UInt8 {
        // Once past the data, only padding follows.
        guard paddingBits == 0 else { return padding(endOfFile: reachedEndOfFile) }
        guard position < bytes.count else { return padding(endOfFile: true) }
        let byte = bytes[position]
        guard byte == 0xFF else {
            position += 1
            return byte
        }
        var next = position + 1
        // Any number of FF fill bytes may come before a marker's code.
        while next < bytes.count && bytes[next] == 0xFF { next += 1 }
        guard next < bytes.count else {
            position = bytes.count
            return padding(endOfFile: true)
        }
        guard bytes[next] == 0 else {
            position = next - 1
            return padding(endOfFile: false)
        }
        position = next + 1
        return 0xFF
    }

    private mutating func padding(endOfFile: Bool) -> UInt8 {
        reachedEndOfFile = endOfFile
        paddingBits += 8
        return 0
    }

    /// The next `n` bits (1…16) without consuming them.
    @inline(__always)
    mutating func peek(_ n: Int) -> Int {
        if bitCount < n { fill() }
        return Int(truncatingIfNeeded: buffer >> UInt64(64 - n))
    }

    /// Drops `n` bits that `peek` has made available.
    @inline(__always)
    mutating func consume(_ n: Int) {
        buffer <<= UInt64(n)
        bitCount -= n
    }

    /// Reads an `n`-bit unsigned value (0…16 bits).
    @inline(__always)
    mutating func read(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        let value = peek(n)
        consume(n)
        return value
    }

    /// Drops the buffered bits and moves past the bytes up to the next marker, returning the
    /// marker's code and its offset, or nil when the file ends first.
    mutating func skipToMarker() -> (code: UInt8, offset: Int)? {
        buffer = 0
        bitCount = 0
        paddingBits = 0
        while position + 1 < bytes.count {
            if bytes[position] == 0xFF && bytes[position + 1] != 0 && bytes[position + 1] != 0xFF {
                return (bytes[position + 1], position)
            }
            position += 1
        }
        return nil
    }

    /// Expects a restart marker where the data of the interval before MCU `mcu` (of `total`)
    /// ends, and steps over it.
    mutating func expectRestart(before mcu: Int, of total: Int) throws {
        guard let marker = skipToMarker() else {
            throw ImageDecodingError(
                .jpeg,
                .truncated(
                    "the file ends before the restart marker of MCU \(mcu + 1) of \(total)"))
        }
        guard (0xD0...0xD7).contains(marker.code) else {
            throw ImageDecodingError(
                .jpeg,
                .corrupt(
                    "expected a restart marker (RSTn) at byte \(marker.offset) before MCU "
                        + "\(mcu + 1) of \(total), found \(JPEGMarker.name(marker.code))"))
        }
        stepOverMarker()
    }

    /// Steps over the two bytes of the marker `skipToMarker` found.
    mutating func stepOverMarker() {
        position += 2
        reachedEndOfFile = false
    }

    /// Throws if the codes of the scan's MCUs up to `mcu` (of `total`) ran past its data: a
    /// truncated file if the data ended, else corrupt data that runs into a marker.
    func checkDataLasted(toMCU mcu: Int, of total: Int) throws {
        guard usedPadding else {
            return
        }
        let place = "in MCU \(mcu + 1) of \(total), at byte \(position)"
        if reachedEndOfFile {
            throw ImageDecodingError(
                .jpeg, .truncated("the file ends inside the scan data \(place)"))
        }
        throw ImageDecodingError(.jpeg, .corrupt("the scan data runs into a marker \(place)"))
    }
}
