import Testing

@testable import ImageDecoding

@Suite("JPEG decoder")
struct JPEGDecoderTests {
    /// Largest and mean difference of any channel between two pictures of the same size.
    static func difference(_ a: RGBABitmap, _ b: RGBABitmap) -> (max: Int, mean: Double) {
        let differences = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }
        let total = differences.reduce(0, +)
        return (differences.max() ?? 0, Double(total) / Double(max(1, differences.count)))
    }

    /// The generated JPEGs with how far from the intended picture each may decode: colour
    /// conversion rounds, 4:2:2 and 4:2:0 average chroma over two or four pixels, quality 75
    /// quantises line art coarsely. A wrong step (zigzag order, upsampling, a restart) costs far more.
    static let tolerances: [String: (max: Int, mean: Double)] = [
        "grey-odd-size": (2, 0.2), "grey-quality-75": (48, 5), "ycbcr-444": (4, 0.5),
        "ycbcr-422": (6, 1.5), "ycbcr-420": (10, 2), "ycbcr-420-restarts": (10, 2),
        "ycbcr-420-separate-scans": (10, 2),
    ]

    @Test(
        "generated baseline JPEGs decode to the pictures meant, within a tolerance",
        arguments: [
            "grey-odd-size", "grey-quality-75", "ycbcr-444", "ycbcr-422", "ycbcr-420",
            "ycbcr-420-restarts", "ycbcr-420-separate-scans",
        ])
    func generated(name: String) throws {
        let image = try GeneratedTestImages.image(name)
        let decoded = try JPEGDecoder.decode(image.file)
        #expect(decoded.width == image.intended.width)
        #expect(decoded.height == image.intended.height)
        try #require(decoded.pixels.count == image.intended.pixels.count)
        let difference = Self.difference(decoded, image.intended)
        let tolerance = try #require(Self.tolerances[name])
        #expect(difference.max <= tolerance.max, "\(name): \(difference)")
        #expect(difference.mean <= tolerance.mean, "\(name): \(difference)")
        #expect(decoded.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test("the size is read from the frame header alone")
    func size() throws {
        let image = try GeneratedTestImages.image("ycbcr-422")
        #expect(try JPEGDecoder.size(of: image.file) == ImageSize(width: 45, height: 19))
        #expect(try ImageDecoder.size(of: image.file) == ImageSize(width: 45, height: 19))
    }

    @Test("a frame header claiming a giant picture is refused before any pixel is allocated")
    func hugeDimensions() throws {
        var file = try GeneratedTestImages.image("grey-odd-size").file
        let frame = try #require(file.indices.first { file[$0] == 0xFF && file[$0 + 1] == 0xC0 })
        // Height and width follow the length and the sample precision.
        file.replaceSubrange(frame + 5..<frame + 9, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: ImageDecodingError(.jpeg, .tooLarge(width: 65535, height: 65535))) {
            try JPEGDecoder.decode(file)
        }
        file.replaceSubrange(frame + 5..<frame + 9, with: [0x07, 0xD2, 0x4E, 0x20])
        #expect(throws: ImageDecodingError(.jpeg, .tooLarge(width: 20_000, height: 2002))) {
            try JPEGDecoder.decode(file)
        }
        #expect(
            ImageDecodingError(.jpeg, .tooLarge(width: 20_000, height: 2002)).description
                == "JPEG is 20000×2002 pixels, above the limit of 20000 pixels a side and 40 "
                + "megapixels")
    }

    @Test("a picture within the limits but far larger than its data could code is refused early")
    func sizeBeyondTheData() throws {
        var file = try GeneratedTestImages.image("grey-odd-size").file
        let frame = try #require(file.indices.first { file[$0] == 0xFF && file[$0 + 1] == 0xC0 })
        let scan = try #require(file.indices.first { file[$0] == 0xFF && file[$0 + 1] == 0xDA })
        // 10,000 × 4,000 pixels of grey are 625,000 blocks: at least 156,250 bytes of data.
        file.replaceSubrange(frame + 5..<frame + 9, with: [0x0F, 0xA0, 0x27, 0x10])
        let left = file.count - scan - 10
        #expect(
            throws: ImageDecodingError(
                .jpeg,
                .truncated(
                    "the scan at byte \(scan) codes 625000 blocks, which take at least 156250 bytes, "
                        + "and the file has \(left) left"))
        ) {
            try JPEGDecoder.decode(file)
        }
    }

    @Test(
        "lossless, hierarchical and arithmetic JPEGs are refused by name",
        arguments: [
            (0xC3, "lossless (SOF3)"), (0xC5, "hierarchical (SOF5)"),
            (0xC9, "arithmetic-coded (SOF9)"),
        ] as [(UInt8, String)])
    func unsupportedKinds(code: UInt8, kind: String) {
        let file = TinyJPEG.file(scanData: [0x3F], frameCode: code)
        #expect(throws: ImageDecodingError(.jpeg, .unsupported(kind))) {
            try JPEGDecoder.decode(file)
        }
        #expect(
            ImageDecodingError(.jpeg, .unsupported(kind)).description == "unsupported JPEG: \(kind)"
        )
    }

    @Test("CMYK (four components) is refused by name")
    func cmyk() {
        #expect(
            throws: ImageDecodingError(
                .jpeg,
                .unsupported(
                    "CMYK or YCCK (4 components); only greyscale and YCbCr are decoded"))
        ) {
            try JPEGDecoder.decode(TinyJPEG.file(scanData: [0x3F], components: 4))
        }
    }

    @Test("a hand-built one-block JPEG decodes to mid grey")
    func tiny() throws {
        // DC code 0 (difference 0), AC code 0 (end of block), then 1-bits padding the byte.
        let bitmap = try JPEGDecoder.decode(TinyJPEG.file(scanData: [0x3F]))
        #expect(
            bitmap == RGBABitmap(width: 8, height: 8, filledWith: RGBAPixel(r: 128, g: 128, b: 128))
        )
    }

    @Test("a Huffman table with more codes than its lengths allow is refused")
    func overSubscribedTable() {
        var counts = TinyJPEG.oneShortCode
        counts[0] = 3
        #expect(
            throws: ImageDecodingError(
                .jpeg,
                .corrupt(
                    "Huffman DC table 0 has more codes of up to 1 bits than there are"))
        ) {
            try JPEGDecoder.decode(
                TinyJPEG.file(scanData: [0x3F], dcCounts: counts, dcValues: [0, 1, 2]))
        }
    }

    @Test("a Huffman table listing more values than its segment holds is refused")
    func shortTable() {
        var counts = TinyJPEG.oneShortCode
        counts[7] = 200
        let error = #expect(throws: ImageDecodingError.self) {
            try JPEGDecoder.decode(TinyJPEG.file(scanData: [0x3F], dcCounts: counts))
        }
        #expect(error?.format == .jpeg)
        #expect(error?.description.contains("Huffman DC table 0") == true)
    }

    @Test("scan data with a code the table does not define is an error naming the table")
    func undefinedCode() {
        // All one bits: the DC table knows only the code 0.
        let error = #expect(throws: ImageDecodingError.self) {
            try JPEGDecoder.decode(TinyJPEG.file(scanData: [0xFF, 0x00]))
        }
        #expect(
            error?.description.hasPrefix(
                "corrupt JPEG: the scan data holds a code that Huffman DC table 0 does not define")
                == true)
    }

    @Test("a scan that uses a table never defined is refused")
    func missingTable() throws {
        var file = try GeneratedTestImages.image("grey-odd-size").file
        let scan = try #require(file.indices.first { file[$0] == 0xFF && file[$0 + 1] == 0xDA })
        file[scan + 6] = 0x22
        #expect(
            throws: ImageDecodingError(
                .jpeg,
                .corrupt(
                    "the scan at byte \(scan) uses Huffman DC table 2, never defined"))
        ) {
            try JPEGDecoder.decode(file)
        }
    }

    @Test("scan data that stops at a marker before the last block is corrupt, not decoded")
    func scanIntoMarker() {
        let error = #expect(throws: ImageDecodingError.self) {
            try JPEGDecoder.decode(TinyJPEG.file(scanData: []))
        }
        #expect(
            error?.description.hasPrefix(
                "corrupt JPEG: the scan data runs into a marker in MCU 1 of 1") == true)
    }

    @Test("a file that is not a JPEG says what it looks like")
    func notJPEG() {
        #expect(throws: ImageDecodingError(.jpeg, .wrongFormat(looksLike: .html))) {
            try JPEGDecoder.decode(Array("<html><body>Not found</body></html>".utf8))
        }
    }
}
