import Testing

@testable import ComicReader
@testable import ImageDecoding

@Suite("Sample images")
struct ImageSampleTests {
    static let numbers = (395...441).filter { $0 != 404 }

    @Test("one small PNG per sample comic 395…441 except 404")
    func coverage() {
        #expect(SampleImages.comicNumbers == Self.numbers)
        #expect(SampleImages.png(forComic: 404) == nil)
        #expect(SampleImages.png(forComic: 1) == nil)
    }

    @Test("every sample image decodes, is at most 2 KB and 120–200 pixels wide", arguments: numbers)
    func decodes(number: Int) throws {
        let png = try #require(SampleImages.png(forComic: number))
        #expect(png.count <= 2048)
        let bitmap = try PNGDecoder.decode(png)
        #expect((120...200).contains(bitmap.width))
        // Drawings on white paper: plenty of white, and some ink.
        let pixels = bitmap.width * bitmap.height
        let white = (0..<pixels).filter {
            bitmap.pixels[4 * $0] == 255 && bitmap.pixels[4 * $0 + 1] == 255
        }.count
        #expect(white > pixels / 4 && white < pixels)
        let text = BrailleRenderer().render(bitmap, maxColumns: 60, maxRows: 30)
        #expect(text.unicodeScalars.contains { $0.value > 0x2800 && $0.value <= 0x28FF })
    }

    @Test("the samples mix grey, palette and RGB images")
    func colourTypes() throws {
        let types = try Self.numbers.map {
            try PNGDecoder.header(of: SampleImages.png(forComic: $0)!).colorType
        }
        #expect(Set(types) == [.grey, .palette, .rgb])
    }
}
