import Testing

@testable import ComicReader
@testable import ImageDecoding

@Suite("ImageBenchmarkSupport")
struct ImageBenchmarkSupportTests {
    @Test("inflate gives the bytes Python's zlib compressed")
    func inflate() throws {
        let fixture = ImageTestFixtures.zlibStreams[3]
        let output = try ImageBenchmarkSupport.inflate(
            zlib: fixture.compressed, expectedSize: fixture.expectedSize)
        #expect(output == Array(inflateSampleData().prefix(fixture.expectedSize)))
    }

    @Test("a negative expected size is an error naming it, not a crash")
    func negativeSize() {
        let fixture = ImageTestFixtures.zlibStreams[3]
        #expect(throws: InflateError.invalidData("the expected size -1 is negative")) {
            try ImageBenchmarkSupport.inflate(zlib: fixture.compressed, expectedSize: -1)
        }
    }

    @Test("the picture is the asked number of half blocks wide, every line reset and ended")
    func pictureShape() throws {
        let fixture = try #require(
            ImageTestFixtures.pngFiles.first { $0.name == "type 0, 8-bit, 24x20, values 0-3" })
        let picture = try ImageBenchmarkSupport.halfBlockPicture(png: fixture.png, columns: 8)
        let lines = picture.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")  // the text ends with a newline
        let rows = lines.dropLast()
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(row.filter { $0 == "▀" }.count == 8)
            #expect(row.hasSuffix("\u{1B}[0m"))
        }
    }

    @Test("a narrow image is not enlarged: one column per pixel at most")
    func narrowImage() throws {
        let fixture = try #require(
            ImageTestFixtures.pngFiles.first { $0.name == "type 0, 8-bit, 13x5" })
        let picture = try ImageBenchmarkSupport.halfBlockPicture(png: fixture.png, columns: 80)
        let firstLine = try #require(picture.split(separator: "\n").first)
        #expect(firstLine.filter { $0 == "▀" }.count == fixture.width)
    }

    @Test("24-bit colour escapes by default, palette escapes when truecolor is off")
    func colourDepth() throws {
        let png = try #require(ImageTestFixtures.pngFiles.first { $0.name == "type 2, 8-bit, 9x7" })
            .png
        let truecolor = try ImageBenchmarkSupport.halfBlockPicture(png: png, columns: 9)
        let palette = try ImageBenchmarkSupport.halfBlockPicture(
            png: png, columns: 9, truecolor: false)
        #expect(truecolor.contains("38;2;") && !truecolor.contains("38;5;"))
        #expect(palette.contains("38;5;") && !palette.contains("38;2;"))
    }

    @Test("bytes that are not a PNG are refused with the decoder's error")
    func notPNG() {
        #expect {
            try ImageBenchmarkSupport.halfBlockPicture(
                png: Array("GIF89a, not a PNG".utf8), columns: 80)
        } throws: { error in
            (error as? ImageDecodingError)?.format == .png
        }
    }
}
