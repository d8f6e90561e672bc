import Testing

@testable import ImageDecoding

@Suite("GIF decoder")
struct GIFDecoderTests {
    /// A GIF of `width` × `height` with a two-colour global table (black, white), LZW minimum
    /// code size 2 and `data` as its only image-data sub-block.
    static func file(width: UInt8 = 4, height: UInt8 = 1, data: [UInt8], table: Bool = true)
        -> [UInt8]
    {
        Array("GIF89a".utf8) + [width, 0, height, 0, table ? 0x80 : 0, 0, 0]
            + (table ? [0, 0, 0, 255, 255, 255] : [])
            + [0x2C, 0, 0, 0, 0, width, 0, height, 0, 0, 2, UInt8(data.count)] + data + [0, 0x3B]
    }

    /// LZW codes of the given widths, packed least-significant bit first.
    static func pack(_ codes: [(code: Int, width: Int)]) -> [UInt8] {
        var value = 0
        var bits = 0
        for (code, width) in codes {
            value |= code << bits
            bits += width
        }
        return (0..<(bits + 7) / 8).map { UInt8(value >> (8 * $0) & 0xFF) }
    }

    @Test(
        "generated GIFs decode to exactly the pictures meant",
        arguments: [
            "gif-global", "gif-local-interlaced-transparent", "gif-two-colours-87a",
            "gif-noise-clears", "gif-noise-full-table",
        ])
    func generated(name: String) throws {
        let image = try GeneratedTestImages.image(name)
        let decoded = try GIFDecoder.decode(image.file)
        #expect(decoded.width == image.intended.width)
        #expect(decoded.height == image.intended.height)
        #expect(decoded == image.intended)
    }

    @Test("a frame smaller than the screen sits at its offset, with transparency around it")
    func placement() throws {
        let image = try GeneratedTestImages.image("gif-local-interlaced-transparent")
        let decoded = try ImageDecoder.decode(image.file)
        #expect(decoded[0, 0].a == 0)
        #expect(decoded[23, 20].a == 0)
        #expect(decoded[3, 2].a == 255)
        #expect(try ImageDecoder.size(of: image.file) == ImageSize(width: 24, height: 21))
    }

    @Test("a file cut inside its signature is not taken for a GIF")
    func cutSignature() throws {
        for name in ["gif-global", "gif-local-interlaced-transparent"] {
            let file = try GeneratedTestImages.image(name).file
            #expect(throws: ImageDecodingError(.gif, .wrongFormat(looksLike: .text))) {
                try GIFDecoder.decode(Array(file.prefix(5)))
            }
        }
    }

    @Test("a screen or a frame claiming a giant picture is refused before allocating")
    func hugeDimensions() throws {
        var file = try GeneratedTestImages.image("gif-global").file
        file.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: ImageDecodingError(.gif, .tooLarge(width: 65535, height: 65535))) {
            try GIFDecoder.decode(file)
        }
        var frame = Self.file(data: [0x44, 0x01])
        let descriptor = try #require(frame.firstIndex(of: 0x2C))
        frame.replaceSubrange(descriptor + 5..<descriptor + 9, with: [0x20, 0x4E, 0xD2, 0x07])
        #expect(throws: ImageDecodingError(.gif, .tooLarge(width: 20_000, height: 2002))) {
            try GIFDecoder.decode(frame)
        }
        #expect(
            ImageDecodingError(.gif, .tooLarge(width: 20_000, height: 2002)).description
                == "GIF is 20000×2002 pixels, above the limit of 20000 pixels a side and 40 "
                + "megapixels")
    }

    @Test("a frame far larger than its data could code is refused before allocating")
    func sizeBeyondTheData() throws {
        var file = Self.file(data: [0x44, 0x01])
        file.replaceSubrange(6..<10, with: [0x10, 0x27, 0xA0, 0x0F])
        let descriptor = try #require(file.firstIndex(of: 0x2C))
        file.replaceSubrange(descriptor + 5..<descriptor + 9, with: [0x10, 0x27, 0xA0, 0x0F])
        #expect(
            throws: ImageDecodingError(
                .gif,
                .truncated(
                    "2 bytes of image data cannot hold 10000×4000 pixels"))
        ) {
            try GIFDecoder.decode(file)
        }
    }

    @Test("hand-made LZW data decodes: clear, two literals, a new string, end")
    func handMade() throws {
        // 3-bit codes 4 (clear), 1, 0, 6 (= "1 0"), 5 (end): white, black, white, black.
        let data = Self.pack([(4, 3), (1, 3), (0, 3), (6, 3), (5, 3)])
        let bitmap = try GIFDecoder.decode(Self.file(data: data))
        #expect(
            bitmap.pixels == [255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255])
    }

    @Test("an LZW code beyond the table is an error naming it")
    func codeBeyondTable() {
        // Codes 4 (clear), 1, then 7 while the next free entry is 6.
        #expect(
            throws: ImageDecodingError(.gif, .corrupt("LZW code 7 is beyond the table's 6 entries"))
        ) {
            try GIFDecoder.decode(Self.file(data: [0xCC, 0x01]))
        }
        // Codes 4 (clear), then 7: not a colour index.
        #expect(
            throws: ImageDecodingError(
                .gif, .corrupt("LZW code 7 after a clear code is not a colour index"))
        ) {
            try GIFDecoder.decode(Self.file(data: [0x3C]))
        }
    }

    @Test("LZW data that ends early leaves the rest of the frame transparent")
    func shortData() throws {
        // Codes 4 (clear), 1, 5 (end): one white pixel of four.
        let bitmap = try GIFDecoder.decode(Self.file(data: [0x4C, 0x01]))
        #expect(bitmap[0, 0] == .white)
        #expect((1..<4).allSatisfy { bitmap[$0, 0].a == 0 })
    }

    @Test("LZW data longer than the frame is cut at the frame's size")
    func longData() throws {
        // Codes 4 (clear), 1, 6 (= "1 1"), 7 (= "1 1 1"; the table reaches 8 entries, so codes
        // grow to 4 bits), 8 (= "1 1 1 1"), 5 (end): ten white pixels for a frame of four.
        let data = Self.pack([(4, 3), (1, 3), (6, 3), (7, 3), (8, 4), (5, 4)])
        let bitmap = try GIFDecoder.decode(Self.file(width: 2, height: 2, data: data))
        #expect(bitmap == RGBABitmap(width: 2, height: 2, filledWith: .white))
    }

    @Test("an image with no colour table at all is refused")
    func noColourTable() {
        #expect(throws: ImageDecodingError(.gif, .corrupt("the first image has no colour table"))) {
            try GIFDecoder.decode(Self.file(data: [0x4C, 0x01], table: false))
        }
    }
}
