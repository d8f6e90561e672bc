import Testing

@testable import ComicReader
@testable import ImageDecoding

/// The bytes the fixture script compressed: text, then noise, then runs, from the same linear
/// congruential generator as `make-image-test-fixtures.py`.
func inflateSampleData() -> [UInt8] {
    let words = [
        "the ", "comic ", "stick ", "figure ", "graph ", "velociraptor ", "physics ", "math ",
        "\n", ". ", "hat ", "guy ", "science ", "ok", "?", "!", "0", "1", "2", "3",
    ]
    var state: UInt32 = 1
    func nextRandom() -> Int {
        state = (state &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
        return Int(state >> 16)
    }
    var text: [UInt8] = []
    while text.count < 12000 { text += Array(words[nextRandom() % words.count].utf8) }
    let noise = (0..<3000).map { _ in UInt8(nextRandom() & 0xFF) }
    let runs =
        [UInt8](repeating: UInt8(ascii: "a"), count: 2000)
        + Array(String(repeating: "xyz", count: 700).utf8)
    return text + noise + runs
}

/// Writes DEFLATE bits least-significant first, for hand-made streams.
struct DeflateBitWriter {
    /// The stream so far, starting with the zlib header: deflate, 32K window, no dictionary.
    private(set) var bytes: [UInt8] = [0x78, 0x01]
    private var bitCount = 0

    /// Appends the low `count` bits of `value`, least significant first (header fields, extra bits).
    mutating func write(_ value: Int, bits count: Int) {
        for i in 0..<count {
            if bitCount % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> i) & 1) << UInt8(bitCount % 8)
            bitCount += 1
        }
    }

    /// Appends a Huffman code, most significant bit first.
    mutating func writeCode(_ code: Int, bits count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { write(code >> i, bits: 1) }
    }
}

@Suite("Inflate")
struct InflateTests {
    @Test("known Adler-32 and CRC-32 check values")
    func checksums() {
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([]) == 1)
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
    }

    @Test("Adler-32 of a long input keeps its sums reduced")
    func longAdler() {
        // 1,000,000 bytes of 0xFF: a = 1 + 255·n, b = n + 255·n(n+1)/2, both mod 65521.
        let n = 1_000_000
        let a = (1 + 255 * n) % 65521
        let b = (n + 255 * (n * (n + 1) / 2 % 65521)) % 65521
        #expect(Adler32.checksum([UInt8](repeating: 0xFF, count: n)) == UInt32(b << 16 | a))
    }

    @Test(
        "decodes streams made by Python's zlib",
        arguments: ImageTestFixtures.zlibStreams.map(\.name))
    func pythonStreams(name: String) throws {
        let fixture = try #require(ImageTestFixtures.zlibStreams.first { $0.name == name })
        let expected = Array(inflateSampleData().prefix(fixture.expectedSize))
        #expect(expected.count == fixture.expectedSize)
        let output = try Inflate.zlibDecompress(
            fixture.compressed, expectedSize: fixture.expectedSize)
        #expect(output == expected)
    }

    @Test("output beyond the expected size is an error, and so is output short of it")
    func exactSize() throws {
        let fixture = ImageTestFixtures.zlibStreams[2]
        #expect(throws: InflateError.outputTooLarge(limit: fixture.expectedSize - 1)) {
            try Inflate.zlibDecompress(fixture.compressed, expectedSize: fixture.expectedSize - 1)
        }
        #expect(
            throws: InflateError.outputTooSmall(
                produced: fixture.expectedSize, expected: fixture.expectedSize + 1)
        ) {
            try Inflate.zlibDecompress(fixture.compressed, expectedSize: fixture.expectedSize + 1)
        }
        let stored = ImageTestFixtures.zlibStreams[0]
        #expect(throws: InflateError.outputTooLarge(limit: 100)) {
            try Inflate.zlibDecompress(stored.compressed, expectedSize: 100)
        }
    }

    @Test("truncated streams fail, at any cut")
    func truncated() {
        let fixture = ImageTestFixtures.zlibStreams[3]
        #expect(throws: InflateError.truncated) {
            try Inflate.zlibDecompress(
                Array(fixture.compressed.dropLast(2)), expectedSize: fixture.expectedSize)
        }
        for cut in stride(from: 2, to: fixture.compressed.count - 4, by: 97) {
            #expect(throws: InflateError.self) {
                try Inflate.zlibDecompress(
                    Array(fixture.compressed.prefix(cut)), expectedSize: fixture.expectedSize)
            }
        }
        #expect(throws: InflateError.truncated) {
            try Inflate.zlibDecompress([0x78], expectedSize: 0)
        }
    }

    @Test("a wrong Adler-32 trailer is reported")
    func badChecksum() {
        let fixture = ImageTestFixtures.zlibStreams[1]
        var damaged = fixture.compressed
        damaged[damaged.count - 1] ^= 0x01
        #expect {
            try Inflate.zlibDecompress(damaged, expectedSize: fixture.expectedSize)
        } throws: { error in
            guard
                case InflateError.checksumMismatch(let stored, let computed)? = error
                    as? InflateError
            else { return false }
            return stored ^ computed == 1 && "\(error)".contains("Adler-32")
        }
    }

    @Test("bad zlib headers are rejected with the reason")
    func badHeaders() {
        #expect(throws: InflateError.badHeader("compression method 15 is not DEFLATE (8)")) {
            try Inflate.zlibDecompress([0x7F, 0x00, 0, 0, 0, 0], expectedSize: 0)
        }
        #expect(throws: InflateError.badHeader("header check bits are wrong")) {
            try Inflate.zlibDecompress([0x78, 0x00, 0, 0, 0, 0], expectedSize: 0)
        }
        #expect(throws: InflateError.badHeader("preset dictionaries are not supported")) {
            try Inflate.zlibDecompress([0x78, 0xBB, 0, 0, 0, 0], expectedSize: 0)
        }
    }

    @Test(
        "hand-made invalid streams: reserved block type, distance before the start, stored length mismatch"
    )
    func invalidStreams() {
        var reserved = DeflateBitWriter()
        reserved.write(1, bits: 1)
        reserved.write(3, bits: 2)
        #expect(throws: InflateError.invalidData("reserved block type 3")) {
            try Inflate.zlibDecompress(reserved.bytes + [0, 0, 0, 0], expectedSize: 10)
        }

        var farBack = DeflateBitWriter()
        farBack.write(1, bits: 1)
        farBack.write(1, bits: 2)  // fixed Huffman codes
        farBack.writeCode(0b0000001, bits: 7)  // length symbol 257: length 3
        farBack.writeCode(0, bits: 5)  // distance symbol 0: distance 1, but nothing is written yet
        #expect(
            throws: InflateError.invalidData("distance 1 reaches before the start of the output")
        ) {
            try Inflate.zlibDecompress(farBack.bytes + [0, 0, 0, 0], expectedSize: 10)
        }

        var stored = DeflateBitWriter()
        stored.write(1, bits: 1)
        stored.write(0, bits: 2)
        stored.write(0, bits: 5)  // pad to the byte boundary
        stored.write(3, bits: 16)
        stored.write(0x1234, bits: 16)  // not the complement of 3
        #expect(
            throws: InflateError.invalidData("stored block length 3 does not match its complement")
        ) {
            try Inflate.zlibDecompress(stored.bytes + [1, 2, 3, 0, 0, 0, 0], expectedSize: 3)
        }
    }

    @Test("a hand-made fixed-code stream with an overlapping match decodes")
    func fixedOverlappingMatch() throws {
        var writer = DeflateBitWriter()
        writer.write(1, bits: 1)
        writer.write(1, bits: 2)
        // Literals 0…143 are the 8-bit codes from 0x30 on.
        writer.writeCode(0x30 + Int(UInt8(ascii: "a")), bits: 8)
        writer.writeCode(0x30 + Int(UInt8(ascii: "b")), bits: 8)
        writer.writeCode(0b0000110, bits: 7)  // symbol 262: length 8
        writer.writeCode(1, bits: 5)  // distance symbol 1: distance 2
        writer.writeCode(0, bits: 7)  // end of block
        let expected = Array("ababababab".utf8)
        let adler = Adler32.checksum(expected)
        let stream =
            writer.bytes + [
                UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF),
                UInt8(adler & 0xFF),
            ]
        #expect(try Inflate.zlibDecompress(stream, expectedSize: 10) == expected)
    }

    @Test("errors print one line and exit with 65")
    func errorText() {
        let errors: [InflateError] = [
            .truncated, .badHeader("x"), .invalidData("y"), .outputTooLarge(limit: 5),
            .outputTooSmall(produced: 1, expected: 2), .checksumMismatch(stored: 1, computed: 2),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.exitCode == 65)
        }
        #expect(
            InflateError.checksumMismatch(stored: 0xAB, computed: 0x10).description.contains(
                "0x000000ab"))
    }
}
