/// One Huffman table of a JPEG DHT segment, decoding codes of up to 16 bits.
///
/// Codes are canonical: the segment lists how many codes there are of each length 1…16 and the
/// values in code order. Codes of up to `fastBits` bits are found with one table lookup; longer
/// ones by comparing with the largest code of each length.
struct JPEGHuffmanTable {
    /// Bits looked up at once.
    private static let fastBits = 9
    /// For each `fastBits`-bit prefix: `length << 8 | value` of the code it starts with, or 0
    /// when the code is longer.
    private var fast = [UInt16](repeating: 0, count: 1 << fastBits)
    /// For each length 1…16: the largest code of that length, or -1 when there is none.
    private var maxCode = [Int](repeating: -1, count: 17)
    /// For each length: the index in `values` of its codes' values, minus its first code.
    private var valueOffset = [Int](repeating: 0, count: 17)
    private let values: [UInt8]
    /// How the table is named in messages ("DC table 0").
    let name: String

    /// Builds the table from the 16 code counts and the values of a DHT segment. Throws when
    /// the counts ask for more codes of some length than fit (an over-subscribed code).
    init(counts: [Int], values: [UInt8], name: String) throws {
        precondition(counts.count == 16 && counts.reduce(0, +) == values.count)
        self.values = values
        self.name = name
        var code = 0
        var index = 0
        for length in 1...16 {
            let count = counts[length - 1]
            valueOffset[length] = index - code
            for _ in 0..<count {
                // All codes of one length must fit in that many bits, the all-ones code unused.
                guard code < (1 << length) - 1 else {
                    throw ImageDecodingError(
                        .jpeg,
                        .corrupt(
                            "Huffman \(name) has more codes of up to \(length) bits than there are")
                    )
                }
                if length <= Self.fastBits {
                    let shift = Self.fastBits - length
                    let entry = UInt16(length << 8) | UInt16(values[index])
                    for low in 0..<(1 << shift) { fast[code << shift | low] = entry }
                }
                code += 1
                index += 1
            }
            maxCode[length] = count > 0 ? code - 1 : -1
            code <<= 1
        }
    }

    /// Decodes the next value from `reader`; throws if its bits match no code of the table.
    @inline(__always)
    func decode(_ reader: inout JPEGBitReader) throws -> Int {
        let entry = fast[reader.peek(Self.fastBits)]
        if entry != 0 {
            reader.consume(Int(entry >> 8))
            return Int(entry & 0xFF)
        }
        for length in (Self.fastBits + 1)...16 {
            let code = reader.peek(length)
            if code <= maxCode[length] {
                reader.consume(length)
                return Int(values[valueOffset[length] + code])
            }
        }
        throw ImageDecodingError(
            .jpeg,
            .corrupt(
                "the scan data holds a code that Huffman \(name) does not define, near byte "
                    + "\(reader.position)"))
    }
}
