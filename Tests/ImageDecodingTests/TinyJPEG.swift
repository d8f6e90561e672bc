/// Hand-built baseline JPEGs of one 8×8 grey block, for the decoder's error paths: every
/// quantisation step 1, DC and AC Huffman tables of one 1-bit code each (value 0: a DC
/// difference of 0, and end of block), and the scan data given.
enum TinyJPEG {
    /// Counts of codes of each length 1…16 with one code of length 1.
    static let oneShortCode: [UInt8] = [1] + Array(repeating: 0, count: 15)

    /// A marker segment: `FF`, the code, the length (counting itself) and the data.
    static func segment(_ code: UInt8, _ data: [UInt8]) -> [UInt8] {
        let length = data.count + 2
        return [0xFF, code, UInt8(length >> 8), UInt8(length & 0xFF)] + data
    }

    /// The file, with `dcCounts`/`dcValues` replacing the DC table when given.
    static func file(
        scanData: [UInt8], dcCounts: [UInt8] = oneShortCode, dcValues: [UInt8] = [0],
        frameCode: UInt8 = 0xC0, components: Int = 1
    ) -> [UInt8] {
        var frame: [UInt8] = [8, 0, 8, 0, 8, UInt8(components)]
        for id in 1...components { frame += [UInt8(id), 0x11, 0] }
        return [0xFF, 0xD8] + segment(0xDB, [0] + Array(repeating: 1, count: 64))
            + segment(frameCode, frame)
            + segment(0xC4, [0x00] + dcCounts + dcValues)
            + segment(0xC4, [0x10] + oneShortCode + [0])
            + segment(0xDA, [1, 1, 0x00, 0, 63, 0]) + scanData + [0xFF, 0xD9]
    }
}
