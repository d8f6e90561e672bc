import Testing

@testable import ImageDecoding

@Suite("Image format detection")
struct ImageFormatTests {
    @Test("PNG, JPEG and GIF are told by their first bytes")
    func images() {
        #expect(
            ImageFormat(detecting: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageFormat(detecting: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(detecting: Array("GIF89a".utf8) + [1, 0]) == .gif)
        #expect(ImageFormat(detecting: Array("GIF87a".utf8)) == .gif)
    }

    @Test("web pages, text, nothing and other binary data are not images")
    func notImages() {
        let formats = [
            ImageFormat(detecting: Array("\n  <!DOCTYPE html><html>".utf8)),
            ImageFormat(detecting: Array("{\"error\": 404}".utf8)),
            ImageFormat(detecting: []),
            ImageFormat(detecting: [0x00, 0x01, 0x02]),
        ]
        #expect(formats == [.html, .text, .empty, .unknown])
        #expect(formats.allSatisfy { !$0.isImage })
    }
}
