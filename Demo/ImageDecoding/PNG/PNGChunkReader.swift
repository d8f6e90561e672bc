/// Walks the chunks of a PNG file after its signature, checking lengths and CRCs.
struct PNGChunkReader {
    /// One chunk: its four-letter type, the range of its data in the file and where it starts.
    struct Chunk {
        let type: String
        let data: Range<Int>
        let offset: Int
    }

    let bytes: [UInt8]
    /// Where the next chunk starts (just after the 8-byte signature at first).
    private(set) var offset = 8

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The next chunk, or nil at the end of the file. Throws `ImageDecodingError` for a chunk cut
    /// short, an impossible length, a malformed type or a CRC mismatch (naming the chunk).
    mutating func next() throws -> Chunk? {
        guard offset < bytes.count else { return nil }
        let start = offset
        guard bytes.count - start >= 8 else {
            throw ImageDecodingError(
                .png, .truncated("the file ends inside a chunk header at byte \(start)"))
        }
        let length = bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        let typeBytes = bytes[start + 4..<start + 8]
        guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else {
            throw ImageDecodingError(.png, .corrupt("invalid chunk type at byte \(start)"))
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= Int(Int32.max) else {
            throw ImageDecodingError(
                .png,
                .corrupt(
                    "chunk \(type) at byte \(start) claims an impossible length \(length)"))
        }
        let available = bytes.count - start - 8
        guard length + 4 <= available else {
            throw ImageDecodingError(
                .png,
                .truncated(
                    "chunk \(type) at byte \(start) needs \(length + 4) bytes (data and CRC) but the file has \(available) left"
                ))
        }
        let data = start + 8..<start + 8 + length
        let stored = bytes[data.upperBound..<data.upperBound + 4].reduce(UInt32(0)) {
            $0 << 8 | UInt32($1)
        }
        let computed = CRC32.checksum(bytes[start + 4..<data.upperBound])
        guard stored == computed else {
            throw ImageDecodingError(
                .png,
                .badCRC(
                    chunk: type, offset: start, stored: stored, computed: computed))
        }
        offset = data.upperBound + 4
        return Chunk(type: type, data: data, offset: start)
    }
}
