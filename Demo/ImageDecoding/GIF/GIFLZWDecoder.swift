/// Decompresses the LZW data of a GIF image into colour indices.
///
/// Codes are read least-significant bit first and start one bit wider than the minimum code
/// size; they grow a bit each time the table fills the current width, up to 12 bits. The clear
/// code empties the table, the end code ends the data. The output has a fixed size (the image's
/// pixel count): codes that would write beyond it are decoded no further, so hostile data can
/// neither grow memory nor overrun the buffer.
struct GIFLZWDecoder {
    /// The widest code.
    private static let maxBits = 12
    private static let tableSize = 1 << maxBits

    let minimumCodeSize: Int

    /// The indices `data` decodes to, at most `count` of them. Also says how many were decoded
    /// (fewer than `count` when the data ends early). Throws for a code that is not in the table.
    func decode(_ data: [UInt8], count: Int) throws -> (indices: [UInt8], decoded: Int) {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var prefix = [Int](repeating: 0, count: Self.tableSize)
        var suffix = [UInt8](repeating: 0, count: Self.tableSize)
        var first = [UInt8](repeating: 0, count: Self.tableSize)
        var length = [Int](repeating: 1, count: Self.tableSize)
        for code in 0..<clear {
            suffix[code] = UInt8(truncatingIfNeeded: code)
            first[code] = UInt8(truncatingIfNeeded: code)
        }
        var output = [UInt8](repeating: 0, count: count)
        var written = 0
        var next = end + 1
        var width = minimumCodeSize + 1
        var previous: Int?
        var bits: UInt32 = 0
        var bitCount = 0
        var position = 0

        decoding: while written < count {
            while bitCount < width {
                guard position < data.count else { break decoding }
                bits |= UInt32(data[position]) << UInt32(bitCount)
                position += 1
                bitCount += 8
            }
            let code = Int(bits & (1 << UInt32(width) - 1))
            bits >>= UInt32(width)
            bitCount -= width

            if code == clear {
                next = end + 1
                width = minimumCodeSize + 1
                previous = nil
                continue
            }
            if code == end { break }
            guard let last = previous else {
                guard code < clear else {
                    throw ImageDecodingError(
                        .gif,
                        .corrupt(
                            "LZW code \(code) after a clear code is not a colour index"))
                }
                output[written] = UInt8(code)
                written += 1
                previous = code
                continue
            }
            guard code <= next, code < Self.tableSize else {
                throw ImageDecodingError(
                    .gif,
                    .corrupt(
                        "LZW code \(code) is beyond the table's \(next) entries"))
            }
            // A code not yet in the table is the previous string plus its own first index.
            let isNew = code == next
            let lead = isNew ? first[last] : first[code]
            if next < Self.tableSize {
                prefix[next] = last
                suffix[next] = lead
                first[next] = first[last]
                length[next] = length[last] + 1
                next += 1
                if next == 1 << width && width < Self.maxBits { width += 1 }
            }
            // Write the string of `code` back to front, dropping what falls past the end.
            let stringLength = length[code]
            var entry = code
            for offset in stride(from: stringLength - 1, through: 0, by: -1) {
                if written + offset < count { output[written + offset] = suffix[entry] }
                entry = prefix[entry]
            }
            written = min(count, written + stringLength)
            previous = code
        }
        return (output, written)
    }
}
