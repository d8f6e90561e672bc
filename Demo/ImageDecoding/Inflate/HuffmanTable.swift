/// A lookup table that decodes one canonical DEFLATE Huffman code in one or two probes.
///
/// The low `rootBits` bits of the bit buffer index the root table. Codes no longer than
/// `rootBits` are found there directly (the entry is repeated for every value of the unused
/// high bits); longer codes share a root entry that points to a sub-table indexed by the
/// following bits. Each entry is a packed `UInt32` (see `Entry`) that already holds what the
/// symbol means (literal byte, length or distance base with its extra-bit count, end of block),
/// so the decoding loop never consults a second table.
struct HuffmanTable {
    /// Layout of one packed entry: `value << 16 | kind << 8 | extraBits << 4 | codeLength`.
    enum Entry {
        static let literal: UInt32 = 0
        static let match: UInt32 = 1
        static let endOfBlock: UInt32 = 2
        static let subTable: UInt32 = 3
        static let invalid: UInt32 = 4

        /// Packs the fields of one entry.
        @inline(__always)
        static func make(value: Int, kind: UInt32, extraBits: Int = 0, codeLength: Int = 0)
            -> UInt32
        {
            UInt32(value) << 16 | kind << 8 | UInt32(extraBits) << 4 | UInt32(codeLength)
        }

        @inline(__always) static func kind(_ e: UInt32) -> UInt32 { (e >> 8) & 0xF }
        @inline(__always) static func codeLength(_ e: UInt32) -> Int { Int(e & 0xF) }
        @inline(__always) static func extraBits(_ e: UInt32) -> Int { Int((e >> 4) & 0xF) }
        @inline(__always) static func value(_ e: UInt32) -> Int { Int(e >> 16) }
    }

    /// Root table followed by all sub-tables.
    private(set) var entries: [UInt32] = []
    /// Number of bits that index the root table.
    private(set) var rootBits = 0

    /// Rebuilds the table for the code given by one bit length per symbol (0 = unused symbol).
    ///
    /// `meaning(symbol)` gives the entry payload (value, kind, extra bits) for each symbol; the
    /// code length is filled in here. Over-subscribed codes are rejected; incomplete codes are
    /// accepted and their unused bit patterns decode to `Entry.invalid`.
    mutating func build(
        lengths: ArraySlice<UInt8>, rootBits: Int, name: String, meaning: (Int) -> UInt32
    ) throws {
        var countPerLength = [Int](repeating: 0, count: 16)
        for length in lengths { countPerLength[Int(length)] += 1 }
        countPerLength[0] = 0
        var unusedCodes = 1
        for length in 1...15 {
            unusedCodes = unusedCodes << 1 - countPerLength[length]
            if unusedCodes < 0 { throw InflateError.invalidData("over-subscribed \(name) code") }
        }
        // First canonical code of each length (RFC 1951 section 3.2.2).
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + countPerLength[length - 1]) << 1
            nextCode[length] = code
        }

        let rootSize = 1 << rootBits
        let rootMask = rootSize - 1
        var reversedCodes = [Int](repeating: 0, count: lengths.count)
        var subTableBits = [Int](repeating: 0, count: rootSize)
        for (symbol, length) in zip(0..., lengths) where length > 0 {
            let reversed = Self.reverse(nextCode[Int(length)], bits: Int(length))
            nextCode[Int(length)] += 1
            reversedCodes[symbol] = reversed
            if Int(length) > rootBits {
                let root = reversed & rootMask
                subTableBits[root] = max(subTableBits[root], Int(length) - rootBits)
            }
        }

        var size = rootSize
        var subTableStart = [Int](repeating: 0, count: rootSize)
        for root in 0..<rootSize where subTableBits[root] > 0 {
            subTableStart[root] = size
            size += 1 << subTableBits[root]
        }
        entries.removeAll(keepingCapacity: true)
        entries.append(
            contentsOf: repeatElement(Entry.make(value: 0, kind: Entry.invalid), count: size))
        for root in 0..<rootSize where subTableBits[root] > 0 {
            entries[root] = Entry.make(
                value: subTableStart[root], kind: Entry.subTable, extraBits: subTableBits[root])
        }

        for (symbol, length) in zip(0..., lengths) where length > 0 {
            let length = Int(length)
            let entry = meaning(symbol) | UInt32(length)
            let reversed = reversedCodes[symbol]
            if length <= rootBits {
                var index = reversed
                while index < rootSize {
                    entries[index] = entry
                    index += 1 << length
                }
            } else {
                let root = reversed & rootMask
                let start = subTableStart[root]
                let subSize = 1 << subTableBits[root]
                var index = reversed >> rootBits
                while index < subSize {
                    entries[start + index] = entry
                    index += 1 << (length - rootBits)
                }
            }
        }
        self.rootBits = rootBits
    }

    /// `code` with its lowest `bits` bits in reverse order (DEFLATE sends Huffman codes MSB first).
    private static func reverse(_ code: Int, bits: Int) -> Int {
        var result = 0
        var code = code
        for _ in 0..<bits {
            result = result << 1 | code & 1
            code >>= 1
        }
        return result
    }
}
