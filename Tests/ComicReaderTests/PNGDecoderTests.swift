import Testing

@testable import ComicReader
@testable import ImageDecoding

/// Builds one PNG chunk (length, type, data, CRC) for hand-made files.
func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    let crc = CRC32.checksum(body[...])
    let length = UInt32(data.count)
    return bigEndianBytes(length) + body + bigEndianBytes(crc)
}

/// The four big-endian bytes of a 32-bit value.
func bigEndianBytes(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

/// A white 8-bit grey PNG of the given size (one stored, uncompressed zlib block).
func whitePNG(width: Int, height: Int) -> [UInt8] {
    let raw = (0..<height).flatMap { _ in [UInt8(0)] + [UInt8](repeating: 255, count: width) }
    precondition(raw.count <= 65535)
    let length = UInt16(raw.count)
    var zlib: [UInt8] = [
        0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
        UInt8(~length >> 8),
    ]
    zlib += raw + bigEndianBytes(Adler32.checksum(raw))
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + pngChunk(
            "IHDR",
            bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height)) + [8, 0, 0, 0, 0])
        + pngChunk("IDAT", zlib) + pngChunk("IEND", [])
}

@Suite("PNG decoder")
struct PNGDecoderTests {
    @Test(
        "decodes every colour type and bit depth to the pixels the script wrote",
        arguments: ImageTestFixtures.pngFiles.map(\.name))
    func fixtures(name: String) throws {
        let fixture = try #require(ImageTestFixtures.pngFiles.first { $0.name == name })
        let bitmap = try PNGDecoder.decode(fixture.png)
        #expect(bitmap.width == fixture.width)
        #expect(bitmap.height == fixture.height)
        #expect(bitmap.pixels == fixture.rgba)
    }

    @Test("the fixtures cover colour types 0, 2, 3, 4, 6, all their depths, tRNS and Adam7")
    func coverage() throws {
        var seen = Set<String>()
        for fixture in ImageTestFixtures.pngFiles {
            let header = try PNGDecoder.header(of: fixture.png)
            seen.insert(
                "\(header.colorType.rawValue)/\(header.bitDepth)\(header.interlaced ? "i" : "")")
        }
        let required = [
            "0/1", "0/2", "0/4", "0/8", "0/16", "3/1", "3/2", "3/4", "3/8",
            "2/8", "2/16", "4/8", "4/16", "6/8", "6/16", "2/8i", "0/1i",
        ]
        #expect(Set(required).isSubset(of: seen))
    }

    @Test("a file cut short is reported as truncated, wherever it is cut")
    func truncated() throws {
        let png = ImageTestFixtures.pngFiles[5].png
        for cut in [12, 20, 33, 40, png.count - 12, png.count - 1] {
            #expect {
                try PNGDecoder.decode(Array(png.prefix(cut)))
            } throws: { error in
                guard let error = error as? ImageDecodingError, error.format == .png,
                    case .truncated = error.problem
                else { return false }
                return "\(error)".hasPrefix("truncated PNG: ")
            }
        }
    }

    @Test("a damaged chunk fails its CRC check and the message names the chunk")
    func badCRC() throws {
        var png = ImageTestFixtures.pngFiles[3].png
        // First IDAT data byte: signature 8 + IHDR 25 + chunk header 8.
        #expect(Array(png[37..<41]) == Array("IDAT".utf8))
        png[41] ^= 0x40
        #expect {
            try PNGDecoder.decode(png)
        } throws: { error in
            guard let error = error as? ImageDecodingError, error.format == .png,
                case .badCRC(chunk: "IDAT", offset: 33, _, _) = error.problem
            else { return false }
            return "\(error)".hasPrefix("PNG chunk IDAT at byte 33 has a bad CRC")
        }
    }

    @Test("a header claiming 100000 × 100000 pixels fails fast with the limit in the message")
    func hugeHeader() {
        #expect(throws: ImageDecodingError(.png, .tooLarge(width: 100_000, height: 100_000))) {
            try PNGDecoder.decode(ImageTestFixtures.hugeHeader)
        }
        let message = ImageDecodingError(.png, .tooLarge(width: 100_000, height: 100_000))
            .description
        #expect(
            message
                == "PNG is 100000×100000 pixels, above the limit of 20000 pixels a side and 40 megapixels"
        )
        // Within the side limit but above the pixel limit.
        let header = bigEndianBytes(20_000) + bigEndianBytes(10_000) + [8, 0, 0, 0, 0]
        #expect(throws: ImageDecodingError(.png, .tooLarge(width: 20_000, height: 10_000))) {
            try PNGHeader(ihdr: header[...])
        }
    }

    @Test("image data that inflates beyond what the header implies is refused")
    func zlibBomb() {
        #expect {
            try PNGDecoder.decode(ImageTestFixtures.zlibBomb)
        } throws: { error in
            guard let error = error as? ImageDecodingError, error.format == .png,
                case .corrupt(let why) = error.problem
            else { return false }
            return why.contains("expands beyond the expected 110 bytes")
        }
    }

    @Test("an HTML page served instead of a PNG says so")
    func html() {
        let page = Array("<!DOCTYPE html>\n<html><body>Not found</body></html>".utf8)
        #expect(throws: ImageDecodingError(.png, .wrongFormat(looksLike: .html))) {
            try PNGDecoder.decode(page)
        }
        #expect(
            ImageDecodingError(.png, .wrongFormat(looksLike: .html)).description
                == "not a PNG image (looks like HTML)")
        #expect(throws: ImageDecodingError(.png, .wrongFormat(looksLike: .jpeg))) {
            try PNGDecoder.decode([0xFF, 0xD8, 0xFF, 0xE0])
        }
        #expect(throws: ImageDecodingError(.png, .wrongFormat(looksLike: .empty))) {
            try PNGDecoder.decode([])
        }
    }

    @Test(
        "structural problems: unknown critical chunk, no IDAT, palette image without PLTE, bad IHDR values"
    )
    func structure() throws {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let grey = pngChunk("IHDR", bigEndianBytes(2) + bigEndianBytes(2) + [8, 0, 0, 0, 0])
        let end = pngChunk("IEND", [])
        #expect(throws: ImageDecodingError(.png, .unsupported("critical chunk ABCD"))) {
            try PNGDecoder.decode(signature + grey + pngChunk("ABCD", [1]) + end)
        }
        #expect(throws: ImageDecodingError(.png, .corrupt("no IDAT chunk"))) {
            try PNGDecoder.decode(signature + grey + pngChunk("tEXt", Array("a\0b".utf8)) + end)
        }
        let palette = pngChunk("IHDR", bigEndianBytes(2) + bigEndianBytes(2) + [8, 3, 0, 0, 0])
        let idat = pngChunk(
            "IDAT", [0x78, 0x01, 0x63, 0x60, 0x60, 0x00, 0x02, 0x00, 0x00, 0x06, 0x00, 0x01])
        #expect(throws: ImageDecodingError(.png, .corrupt("palette image without a PLTE chunk"))) {
            try PNGDecoder.decode(signature + palette + idat + end)
        }
        let badDepth = pngChunk("IHDR", bigEndianBytes(2) + bigEndianBytes(2) + [3, 2, 0, 0, 0])
        #expect(
            throws: ImageDecodingError(
                .png, .corrupt("bit depth 3 is not allowed for colour type 2"))
        ) {
            try PNGDecoder.decode(signature + badDepth + idat + end)
        }
        #expect(throws: ImageDecodingError(.png, .corrupt("the first chunk is not IHDR"))) {
            try PNGDecoder.decode(signature + idat + end)
        }
    }

    @Test("an unknown row filter type is reported with its row")
    func badFilter() throws {
        // 1×1 grey image whose single row uses filter type 9.
        let raw: [UInt8] = [9, 0x80]
        let adler = Adler32.checksum(raw)
        let stored: [UInt8] =
            [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF] + raw + bigEndianBytes(adler)
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + pngChunk("IHDR", bigEndianBytes(1) + bigEndianBytes(1) + [8, 0, 0, 0, 0])
            + pngChunk("IDAT", stored) + pngChunk("IEND", [])
        #expect(throws: ImageDecodingError(.png, .corrupt("row 0 has unknown filter type 9"))) {
            try PNGDecoder.decode(png)
        }
    }

    @Test("a hand-built stored-block PNG decodes to white")
    func whiteImage() throws {
        let decoded = try PNGDecoder.decode(whitePNG(width: 3, height: 2))
        #expect(decoded == RGBABitmap(width: 3, height: 2, filledWith: .white))
    }

    @Test("every error is one line with exit code 65")
    func errorText() {
        let problems: [ImageDecodingError.Problem] = [
            .wrongFormat(looksLike: .text), .truncated("x"),
            .badCRC(chunk: "IDAT", offset: 1, stored: 1, computed: 2),
            .tooLarge(width: 1, height: 1), .unsupported("y"), .corrupt("z"),
        ]
        for error in problems.map({ ImageDecodingError(.png, $0) }) {
            #expect(!error.description.contains("\n"))
            #expect(error.exitCode == 65)
        }
    }
}
