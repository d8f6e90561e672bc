import Foundation
import Testing
import Wiring

@testable import ComicReader

@Suite("Reader pictures: presenter, wiring and the comic picture source")
struct ReaderPictureTests {
    /// Screen rows the reader is told it has (before pictures scrolled, their limit was 11 rows).
    static let screenRows = 24
    /// A box as large as the pictures of an 80-column terminal may be.
    static let box = PictureBox(columns: 80, rows: 5_000)

    /// Builds the reader module in `harness`'s sandbox with `imageMode`, a 24-row screen and,
    /// when given, `images` in place of the real picture source, and starts it.
    func startReader(
        _ harness: AppHarness, imageMode: ImageMode = .auto,
        images: ScriptedImageSource? = nil
    ) -> FakeReaderView {
        let context = harness.makeContext()
        var options = AppOptions()
        options.cacheDirectory = harness.cacheDirectory.path
        options.imageMode = imageMode
        AppAssembly.instance(from: context).configure(options: options, environment: .fixed())
        let module = ReaderModuleAssembly.instance(from: context)
        module.addSubstitution(for: \.screenRows) { Self.screenRows }
        if let images {
            module.addSubstitution(for: \.imageSource) { images as any ReaderImageSource }
        }
        let view = FakeReaderView()
        module.inject(into: view)
        view.output?.viewIsReady()
        return view
    }

    /// Writes `comics` as the cache's `comics.json`, so they are not the sample.
    func saveComics(_ comics: [Comic], in harness: AppHarness) throws {
        try JSONEncoder().encode(comics).write(to: harness.comicsFile)
    }

    /// Substitutes `source` for the comic server in every run of `harness`.
    func serve(_ source: ImageServingSource, in harness: AppHarness) {
        harness.configure = { context in
            NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                source as any ComicSource
            }
        }
    }

    // MARK: Presenter, with a scripted source

    @Test func aPictureAtHandIsPassedToTheViewWithTheComic() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let images = ScriptedImageSource()
            images.atHand[400] = .lines(["⣿⣿", "⠉⠉"])
            let view = startReader(harness, images: images)
            #expect(view.screens.count == 1)
            #expect(view.screens.last?.picture == .lines(["⣿⣿", "⠉⠉"]))
            #expect(view.screens.last?.text.hasPrefix("#400  ") == true)
            #expect(images.downloadRequests.isEmpty)
            // Toggles redraw with the same picture, without asking the source again.
            view.type("a")
            view.type("t")
            #expect(view.screens.count == 3)
            #expect(
                view.screens.map(\.picture) == Array(repeating: .lines(["⣿⣿", "⠉⠉"]), count: 3))
            #expect(images.atHandRequests == [400])
        }
    }

    @Test func aPictureToDownloadIsAnnouncedThenShown() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let images = ScriptedImageSource()
            images.atHand[400] = .lines(["a"])
            images.downloads[401] = .escape("<picture>", rows: 3, erase: "<erase>")
            let view = startReader(harness, images: images)
            view.type("n")
            #expect(await view.deliverPosted())
            #expect(images.downloadRequests == [401])
            let comic401 = view.screens.filter { $0.status.hasPrefix("#401") }
            #expect(
                comic401.map(\.picture) == [
                    .notice("loading the image…"), .escape("<picture>", rows: 3, erase: "<erase>"),
                ])
            #expect(comic401.allSatisfy { $0.text.hasPrefix("#401  ") })
            #expect(try harness.savedState().lastShown == 401)
        }
    }

    @Test func aFailedPictureIsANoticeAndTheReaderGoesOn() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let images = ScriptedImageSource()
            images.downloads[400] = .notice("could not download the image: connection refused")
            images.atHand[401] = .lines(["b"])
            let view = startReader(harness, images: images)
            #expect(await view.deliverPosted())
            #expect(
                view.screens.last?.picture
                    == .notice("could not download the image: connection refused"))
            #expect(view.screens.last?.text.hasPrefix("#400  ") == true)
            view.type("n")
            #expect(view.currentNumber == 401)
            #expect(view.screens.last?.picture == .lines(["b"]))
            #expect(try harness.savedState().read == [400, 401])
        }
    }

    @Test func aLoadedPictureIsFittedAgainByLoadingItWhenTheWindowChanges() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let images = ScriptedImageSource()
            images.downloads[400] = .lines(["d"])
            let view = startReader(harness, images: images)
            let opening = try #require(images.boxes.last)
            // Resized while it loads: it is fitted again once it arrives, not loaded twice
            // at once.
            view.output?.viewDidResize(rows: 40, columns: 120)
            #expect(await view.deliverPosted())
            #expect(await view.deliverPosted())
            #expect(images.downloadRequests == [400, 400])
            let resized = try #require(images.boxes.last)
            #expect(resized.columns == 120 && resized != opening)
            // Resized again once it is on screen: the picture shown stays until the new one
            // comes; keys are answered meanwhile.
            view.output?.viewDidResize(rows: 24, columns: 80)
            #expect(view.screens.last?.picture == .lines(["d"]))
            view.type("t")
            #expect(view.screens.last?.picture == .lines(["d"]))
            #expect(await view.deliverPosted())
            #expect(images.downloadRequests == [400, 400, 400])
            #expect(images.boxes.last == opening)
            #expect(images.atHandRequests == [400, 400, 400])
        }
    }

    @Test func theHelpScreenIsNotAComicScreen() async throws {
        try await withHarness { harness async throws in
            let images = ScriptedImageSource()
            images.atHand[441] = .lines(["c"])
            let view = startReader(harness, images: images)
            view.type("?")
            view.type("x")
            #expect(view.helpScreens.count == 1)
            #expect(view.screens.map(\.picture) == [.lines(["c"]), .lines(["c"])])
        }
    }

    // MARK: Wiring with the real source

    @Test func imageModeNoneShowsNoPictureAndDownloadsNothing() async throws {
        try await withHarness { harness async throws in
            let server = ImageServingSource(files: [
                "http://127.0.0.1:9/comics/one.png": ReaderImageFixtures.samplePNG
            ])
            serve(server, in: harness)
            try saveComics(
                [
                    Comic(num: 1, title: "One", img: "http://127.0.0.1:9/comics/one.png"),
                    Comic(num: 2, title: "Two", img: "http://127.0.0.1:9/comics/two.png"),
                ], in: harness)
            let view = startReader(harness, imageMode: .none)
            view.type("p")
            #expect(view.shownNumbers == [2, 1])
            #expect(view.screens.map(\.picture) == [.none, .none])
            #expect(server.requests.isEmpty)
        }
    }

    @Test func brailleModeDrawsTheSampleDrawingAtTheTerminalsWidth() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let view = startReader(harness, imageMode: .braille)
            guard case .lines(let rows)? = view.screens.last?.picture else {
                Issue.record(
                    "expected a text picture, got \(String(describing: view.screens.last?.picture))"
                )
                return
            }
            #expect(!rows.isEmpty)
            // Fitted under the heading and above the alt text: more than half of the 23 rows
            // above the status line, and at most all of them but the heading.
            #expect(rows.count > (Self.screenRows - 1) / 2)
            #expect(rows.count <= Self.screenRows - 2)
            #expect(rows.allSatisfy { $0.count <= 78 }, "\(rows.map(\.count))")
            #expect(
                rows.allSatisfy { row in
                    row.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) }
                })
            // The picture is not blank: some cell has a dot set.
            #expect(rows.contains { row in row.unicodeScalars.contains { $0.value != 0x2800 } })
        }
    }

    @Test func aDownloadedPictureIsKeptForNextTime() async throws {
        try await withHarness { harness async throws in
            let address = "http://127.0.0.1:9/comics/one.png"
            let server = ImageServingSource(files: [address: ReaderImageFixtures.samplePNG])
            serve(server, in: harness)
            try saveComics([Comic(num: 1, title: "One", img: address)], in: harness)
            let first = startReader(harness, imageMode: .braille)
            #expect(await first.deliverPosted())
            #expect(first.screens.first?.picture == .notice("loading the image…"))
            guard case .lines(let rows)? = first.screens.last?.picture else {
                Issue.record(
                    "expected a text picture, got \(String(describing: first.screens.last?.picture))"
                )
                return
            }
            #expect(server.requests == [address])
            // A second reader finds it in images/, off the key loop too, and asks no server.
            let second = startReader(harness, imageMode: .braille)
            #expect(await second.deliverPosted())
            #expect(second.screens.map(\.picture) == [.notice("loading the image…"), .lines(rows)])
            #expect(server.requests == [address])
        }
    }

    @Test func aFailedDownloadIsANoticeLineOnScreen() async throws {
        try await withHarness { harness async throws in
            serve(ImageServingSource(), in: harness)
            try saveComics(
                [Comic(num: 1, title: "One", img: "http://127.0.0.1:9/comics/one.png")], in: harness
            )
            let view = startReader(harness, imageMode: .blocks)
            #expect(await view.deliverPosted())
            #expect(
                view.screens.last?.picture
                    == .notice("could not download the image: connection refused"))
            #expect(view.screens.last?.text.hasPrefix("#1  One") == true)
        }
    }

    // MARK: The source on its own

    /// A picture source over `server` and an `images/` store in `directory`.
    func source(
        _ server: ImageServingSource, store directory: URL, rendering: ImageRendering = .braille,
        timeout: Double = 30
    ) -> ComicPictureSource {
        ComicPictureSource(
            loader: ComicImageLoader(store: ImageStore(cacheDirectory: directory), source: server),
            maker: ReaderImageFixtures.maker(rendering), timeout: timeout)
    }

    @Test func theSourceNeedsNoDownloadForSampleComicsOrImagelessOnes() async throws {
        try await withHarness { harness async throws in
            let server = ImageServingSource()
            let pictures = source(server, store: harness.cacheDirectory)
            guard
                case .lines(let rows)? = pictures.pictureAtHand(
                    of: SampleComics.all.first { $0.num == 400 }!, isSample: true, box: Self.box)
            else {
                Issue.record("expected the sample drawing as text")
                return
            }
            #expect(rows.count > 11)
            let interactive = Comic(
                num: 7, title: "Interactive", img: "https://imgs.example/comics/")
            #expect(
                pictures.pictureAtHand(of: interactive, isSample: false, box: Self.box)
                    == .notice("image not available: https://imgs.example/comics/"))
            let elsewhere = Comic(
                num: 8, title: "Elsewhere", img: "http://127.0.0.1:9/comics/eight.png")
            #expect(pictures.pictureAtHand(of: elsewhere, isSample: false, box: Self.box) == nil)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func aPictureKeptInImagesIsReadAndDecodedOnlyWhenLoaded() async throws {
        try await withHarness { harness async throws in
            let address = "http://127.0.0.1:9/comics/kept.png"
            try ImageStore(cacheDirectory: harness.cacheDirectory).save(
                ReaderImageFixtures.samplePNG, forComic: 6, imageURL: address)
            let server = ImageServingSource()
            let pictures = source(server, store: harness.cacheDirectory)
            let comic = Comic(num: 6, title: "Six", img: address)
            #expect(pictures.pictureAtHand(of: comic, isSample: false, box: Self.box) == nil)
            guard case .lines(let rows) = await pictures.loadedPicture(of: comic, box: Self.box)
            else {
                Issue.record("expected the kept picture as text")
                return
            }
            #expect(rows.count > 11)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func somethingElseThanAnImageIsANoticeNotGarbage() async throws {
        try await withHarness { harness async throws in
            let address = "http://127.0.0.1:9/comics/page.png"
            let server = ImageServingSource(files: [
                address: Array("<!DOCTYPE html><html><body>Sign in</body></html>".utf8)
            ])
            let picture = await source(server, store: harness.cacheDirectory)
                .loadedPicture(of: Comic(num: 3, title: "Three", img: address), box: Self.box)
            guard case .notice(let notice) = picture else {
                Issue.record("expected a notice, got \(picture)")
                return
            }
            #expect(notice.contains("not an image"))
            #expect(notice.contains(address))
        }
    }

    @Test func aDownloadThatOutlastsTheTimeoutIsGivenUp() async throws {
        try await withHarness { harness async throws in
            let address = "http://127.0.0.1:9/comics/slow.png"
            let server = ImageServingSource(waitsForCancellation: true)
            let picture = await source(server, store: harness.cacheDirectory, timeout: 0)
                .loadedPicture(of: Comic(num: 4, title: "Four", img: address), box: Self.box)
            #expect(
                picture == .notice("image not shown, the download took more than 1 s: \(address)"))
        }
    }

    @Test func imagesOffMeansNoPictureAndNoDownload() async throws {
        try await withHarness { harness async throws in
            let server = ImageServingSource()
            let pictures = source(server, store: harness.cacheDirectory, rendering: .none)
            let comic = Comic(num: 5, title: "Five", img: "http://127.0.0.1:9/comics/five.png")
            #expect(
                pictures.pictureAtHand(of: comic, isSample: false, box: Self.box)
                    == ReaderPicture.none)
            #expect(
                await pictures.loadedPicture(of: comic, box: Self.box) == ReaderPicture.none)
            #expect(server.requests.isEmpty)
        }
    }
}
