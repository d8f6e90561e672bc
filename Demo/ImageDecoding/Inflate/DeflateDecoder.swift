/// The DEFLATE block decoder behind `Inflate`: reads blocks until the final one, writing into a
/// fixed-size output buffer.
struct DeflateDecoder {
    private var reader: BitReader
    private let output: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Number of bytes written so far.
    private(set) var produced = 0
    private var literalTable = HuffmanTable()
    private var distanceTable = HuffmanTable()
    private var codeLengthTable = HuffmanTable()

    private static let literalRootBits = 10
    private static let distanceRootBits = 8
    /// Base lengths of length symbols 257…285 and their extra-bit counts.
    private static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtra: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Base distances of distance symbols 0…29 and their extra-bit counts.
    private static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
        513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
        8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// Order in which a dynamic block lists the code-length code's lengths.
    private static let codeLengthOrder = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ]

    /// What a literal/length symbol means, as a table entry payload.
    private static func literalLengthMeaning(_ symbol: Int) -> UInt32 {
        typealias E = HuffmanTable.Entry
        switch symbol {
        case 0..<256: return E.make(value: symbol, kind: E.literal)
        case 256: return E.make(value: 0, kind: E.endOfBlock)
        case 257...285:
            return E.make(
                value: lengthBase[symbol - 257], kind: E.match, extraBits: lengthExtra[symbol - 257]
            )
        default: return E.make(value: 0, kind: E.invalid)
        }
    }

    /// What a distance symbol means, as a table entry payload.
    private static func distanceMeaning(_ symbol: Int) -> UInt32 {
        typealias E = HuffmanTable.Entry
        guard symbol < 30 else { return E.make(value: 0, kind: E.invalid) }
        return E.make(value: distanceBase[symbol], kind: E.match, extraBits: distanceExtra[symbol])
    }

    /// The fixed literal/length and distance tables of block type 1, built once.
    private static let fixedTables: (literal: HuffmanTable, distance: HuffmanTable) = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        var literal = HuffmanTable()
        var distance = HuffmanTable()
        // Both fixed codes are complete and valid, so building them cannot fail.
        try! literal.build(
            lengths: lengths[...], rootBits: literalRootBits, name: "fixed literal/length",
            meaning: literalLengthMeaning)
        try! distance.build(
            lengths: [UInt8](repeating: 5, count: 30)[...], rootBits: distanceRootBits,
            name: "fixed distance", meaning: distanceMeaning)
        return (literal, distance)
    }()

    /// A decoder reading `input` from byte `start` and writing at most `count` bytes to `output`.
    init(
        input: UnsafeBufferPointer<UInt8>, start: Int, output: UnsafeMutablePointer<UInt8>,
        count: Int
    ) {
        self.reader = BitReader(input, start: start)
        self.output = output
        self.capacity = count
    }

    /// Decodes every block up to and including the final one; returns the index of the first
    /// input byte after the compressed data (where a zlib trailer starts).
    mutating func decodeAllBlocks() throws -> Int {
        var isFinal = false
        while !isFinal {
            isFinal = try reader.read(1) == 1
            switch try reader.read(2) {
            case 0:
                try copyStoredBlock()
            case 1:
                let fixed = Self.fixedTables
                try decodeCompressedBlock(literal: fixed.literal, distance: fixed.distance)
            case 2:
                try readDynamicTables()
                try decodeCompressedBlock(literal: literalTable, distance: distanceTable)
            default:
                throw InflateError.invalidData("reserved block type 3")
            }
        }
        return try reader.alignedBytePosition()
    }

    /// Copies a stored (uncompressed) block to the output.
    private mutating func copyStoredBlock() throws {
        let start = try reader.alignedBytePosition()
        // The reader's own buffer cannot reach past the input, so read the header through it.
        reader.seek(toByte: start)
        let length = try reader.read(16)
        let complement = try reader.read(16)
        guard length == ~complement & 0xFFFF else {
            throw InflateError.invalidData(
                "stored block length \(length) does not match its complement")
        }
        let dataStart = start + 4
        guard length <= capacity - produced else {
            throw InflateError.outputTooLarge(limit: capacity)
        }
        try reader.copyBytes(from: dataStart, count: length, to: output + produced)
        produced += length
        reader.seek(toByte: dataStart + length)
    }

    /// Reads the code lengths of a dynamic block and builds its two tables.
    private mutating func readDynamicTables() throws {
        let literalCount = try reader.read(5) + 257
        let distanceCount = try reader.read(5) + 1
        let codeLengthCount = try reader.read(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw InflateError.invalidData(
                "dynamic block declares \(literalCount) length and \(distanceCount) distance codes")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for i in 0..<codeLengthCount {
            codeLengthLengths[Self.codeLengthOrder[i]] = UInt8(try reader.read(3))
        }
        try codeLengthTable.build(lengths: codeLengthLengths[...], rootBits: 7, name: "code length")
        {
            HuffmanTable.Entry.make(value: $0, kind: HuffmanTable.Entry.literal)
        }

        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        try codeLengthTable.entries.withUnsafeBufferPointer { table in
            while index < total {
                try reader.refill()
                let entry = table[Int(truncatingIfNeeded: reader.buffer) & 0x7F]
                guard HuffmanTable.Entry.kind(entry) == HuffmanTable.Entry.literal else {
                    throw InflateError.invalidData("invalid code-length code")
                }
                reader.consume(HuffmanTable.Entry.codeLength(entry))
                let symbol = HuffmanTable.Entry.value(entry)
                var repeated: UInt8 = 0
                var times = 1
                switch symbol {
                case 0...15: repeated = UInt8(symbol)
                case 16:
                    guard index > 0 else {
                        throw InflateError.invalidData(
                            "repeat of a code length with none before it")
                    }
                    repeated = lengths[index - 1]
                    times = 3 + (try reader.read(2))
                case 17: times = 3 + (try reader.read(3))
                default: times = 11 + (try reader.read(7))
                }
                guard index + times <= total else {
                    throw InflateError.invalidData("code lengths overflow the alphabet")
                }
                for i in index..<index + times { lengths[i] = repeated }
                index += times
            }
        }
        guard lengths[256] > 0 else {
            throw InflateError.invalidData("dynamic block has no end-of-block code")
        }
        try literalTable.build(
            lengths: lengths[..<literalCount], rootBits: Self.literalRootBits,
            name: "literal/length", meaning: Self.literalLengthMeaning)
        try distanceTable.build(
            lengths: lengths[literalCount...], rootBits: Self.distanceRootBits,
            name: "distance", meaning: Self.distanceMeaning)
    }

    /// Decodes the symbols of one Huffman-coded block up to its end-of-block code.
    ///
    /// The hot loop of the decoder: state lives in locals, tables and output are raw pointers.
    private mutating func decodeCompressedBlock(literal: HuffmanTable, distance: HuffmanTable)
        throws
    {
        typealias E = HuffmanTable.Entry
        var bits = reader
        var position = produced
        defer {
            reader = bits
            produced = position
        }
        let output = self.output
        let capacity = self.capacity
        let literalRoot = UInt64(literal.rootBits)
        let literalMask = (1 << literal.rootBits) - 1
        let distanceRoot = UInt64(distance.rootBits)
        let distanceMask = (1 << distance.rootBits) - 1
        try literal.entries.withUnsafeBufferPointer { literals in
            try distance.entries.withUnsafeBufferPointer { distances in
                let literals = literals.baseAddress!
                let distances = distances.baseAddress!
                while true {
                    try bits.refill()
                    var entry = literals[Int(truncatingIfNeeded: bits.buffer) & literalMask]
                    if E.kind(entry) == E.subTable {
                        let index =
                            Int(truncatingIfNeeded: bits.buffer &>> literalRoot)
                            & (1 << E.extraBits(entry) - 1)
                        entry = literals[E.value(entry) + index]
                    }
                    let kind = E.kind(entry)
                    if kind == E.literal {
                        bits.consume(E.codeLength(entry))
                        guard position < capacity else {
                            throw InflateError.outputTooLarge(limit: capacity)
                        }
                        output[position] = UInt8(truncatingIfNeeded: entry >> 16)
                        position += 1
                        continue
                    }
                    if kind == E.endOfBlock {
                        bits.consume(E.codeLength(entry))
                        return
                    }
                    guard kind == E.match else {
                        throw InflateError.invalidData("invalid literal/length code")
                    }
                    bits.consume(E.codeLength(entry))
                    var extra = E.extraBits(entry)
                    let length =
                        E.value(entry)
                        + Int(truncatingIfNeeded: bits.buffer & (1 &<< UInt64(extra) &- 1))
                    bits.consume(extra)

                    entry = distances[Int(truncatingIfNeeded: bits.buffer) & distanceMask]
                    if E.kind(entry) == E.subTable {
                        let index =
                            Int(truncatingIfNeeded: bits.buffer &>> distanceRoot)
                            & (1 << E.extraBits(entry) - 1)
                        entry = distances[E.value(entry) + index]
                    }
                    guard E.kind(entry) == E.match else {
                        throw InflateError.invalidData("invalid distance code")
                    }
                    bits.consume(E.codeLength(entry))
                    extra = E.extraBits(entry)
                    let distance =
                        E.value(entry)
                        + Int(truncatingIfNeeded: bits.buffer & (1 &<< UInt64(extra) &- 1))
                    bits.consume(extra)

                    guard distance <= position else {
                        throw InflateError.invalidData(
                            "distance \(distance) reaches before the start of the output")
                    }
                    guard length <= capacity - position else {
                        throw InflateError.outputTooLarge(limit: capacity)
                    }
                    let target = output + position
                    let source = target - distance
                    if distance >= length {
                        target.update(from: source, count: length)
                    } else if distance == 1 {
                        target.update(repeating: source.pointee, count: length)
                    } else {
                        // Overlapping copy: later bytes repeat ones written earlier in this copy.
                        for i in 0..<length { target[i] = source[i] }
                    }
                    position += length
                }
            }
        }
    }
}
