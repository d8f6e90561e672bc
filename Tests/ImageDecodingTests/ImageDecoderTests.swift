import Testing

@testable import ImageDecoding

@Suite("Image decoder: the format from the first bytes")
struct ImageDecoderTests {
    @Test("PNG, JPEG and GIF each go to their own decoder")
    func dispatch() throws {
        let jpeg = try GeneratedTestImages.image("grey-odd-size").file
        let gif = try GeneratedTestImages.image("gif-global").file
        #expect(try ImageDecoder.decode(jpeg) == JPEGDecoder.decode(jpeg))
        #expect(try ImageDecoder.decode(gif) == GIFDecoder.decode(gif))
        #expect(try ImageDecoder.size(of: gif) == ImageSize(width: 20, height: 13))
        // A PNG cut after its header: the size is there, the pixels are not.
        let png = PNGTestFile.headerOnly(width: 300, height: 200)
        #expect(try ImageDecoder.size(of: png) == ImageSize(width: 300, height: 200))
        #expect { try ImageDecoder.decode(png) } throws: { error in
            (error as? ImageDecodingError)?.format == .png
        }
    }

    @Test("anything else is not an image, and the error says what it looks like")
    func notAnImage() {
        let page = Array("<!DOCTYPE html><p>moved</p>".utf8)
        #expect(throws: NotAnImageError(looksLike: .html)) { try ImageDecoder.decode(page) }
        #expect(throws: NotAnImageError(looksLike: .empty)) { try ImageDecoder.size(of: []) }
        #expect(
            NotAnImageError(looksLike: .html).description == "not an image (looks like HTML)")
    }
}

/// The start of a PNG: its signature and a valid `IHDR` chunk, nothing more.
enum PNGTestFile {
    /// Signature and `IHDR` of an 8-bit grey `width` × `height` PNG.
    static func headerOnly(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] {
            (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        }
        let chunk = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + chunk
            + bigEndian(Int(CRC32.checksum(chunk[...])))
    }
}
