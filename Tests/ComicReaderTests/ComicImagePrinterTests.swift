import Foundation
import Testing

@testable import ComicReader

/// `ComicImagePrinter`: the picture on standard output, at most one note on standard error.
@Suite struct ComicImagePrinterTests {
    /// A source whose image downloads fail as if nothing listened on the port.
    struct UnreachableImages: ComicSource {
        func latest() throws -> Comic {
            throw NetworkError.unreachable(url: Self.url, reason: "refused")
        }
        func comic(_ number: Int) throws -> Comic? { nil }
        func data(from url: URL) throws -> Data {
            throw NetworkError.unreachable(url: url, reason: "refused")
        }
        static let url = URL(string: "http://127.0.0.1:9/info.0.json")!
    }

    /// A printer drawing braille, without an image cache.
    func printer(_ console: CapturedConsole) -> ComicImagePrinter {
        ComicImagePrinter(
            loader: ComicImageLoader(
                store: UnlocatedCacheStore(error: .noCacheDirectory), source: UnreachableImages()),
            presenter: ImagePresenter(
                rendering: .braille, colorDepth: nil, maxColumns: 40, maxRows: 10),
            console: console)
    }

    @Test func aFailedDownloadIsOneNote() async {
        let console = CapturedConsole()
        let comic = Comic(num: 5, title: "Five", img: "http://127.0.0.1:9/five.png")
        await printer(console).printImage(of: comic, isSample: false)
        #expect(console.output.isEmpty)
        #expect(
            console.errors
                == "note: could not download the image: cannot reach http://127.0.0.1:9/five.png: refused\n"
        )
    }

    @Test func aComicWithoutAnImageFileGetsNoNote() async {
        let console = CapturedConsole()
        for img in ["", "https://imgs.xkcd.com/comics/"] {
            await printer(console).printImage(
                of: Comic(num: 1608, title: "Hoverboard", img: img), isSample: false)
        }
        #expect(console.output.isEmpty && console.errors.isEmpty)
    }

    @Test func aSampleComicIsDrawnFromItsShippedPicture() async throws {
        let console = CapturedConsole()
        let comic = try #require(SampleComics.all.first { $0.num == 400 })
        await printer(console).printImage(of: comic, isSample: true)
        #expect(console.errors.isEmpty)
        #expect(console.output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }
}
