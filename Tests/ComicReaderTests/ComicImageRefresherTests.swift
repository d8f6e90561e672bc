import Foundation
import Testing

@testable import ComicReader

/// `ComicImageRefresher` against a scripted source and a temporary `images/` directory.
@Suite struct ComicImageRefresherTests {
    static let noWaiting = RetryPolicy(maxAttempts: 3, sleep: { _ in })
    /// A small valid PNG.
    static let png = Data(ImageTestFixtures.pngFiles[0].png)
    /// Another valid PNG, to tell a re-download from the file that was there.
    static let otherPNG = Data(ImageTestFixtures.pngFiles[1].png)
    static let htmlPage = Data(APIFixtureTree.htmlPage.utf8)

    /// Runs `body` with an image store in a fresh temporary cache directory.
    func withStore(_ body: (ImageStore) async throws -> Void) async throws {
        try await withTemporaryDirectory("images") { cache in
            try await body(ImageStore(cacheDirectory: cache))
        }
    }

    /// The files in `store`'s directory, sorted.
    func listing(_ store: ImageStore) throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: store.directory.path(percentEncoded: false)
        ).sorted()
    }

    @Test func skipsKeptAndInteractiveImagesAndOneFailureDoesNotStopTheOthers() async throws {
        try await withStore { store in
            let url = { (number: Int) in ScriptedImageServer.imageURL(number) }
            let comics = [
                ScriptedImageServer.comic(1, img: url(1).absoluteString),
                ScriptedImageServer.comic(2, img: url(2).absoluteString),  // already kept
                ScriptedImageServer.comic(3, img: "https://imgs.xkcd.com/comics/"),  // interactive
                ScriptedImageServer.comic(4, img: url(4).absoluteString),  // HTML, not an image
                ScriptedImageServer.comic(5, img: url(5).absoluteString),  // times out every time
                ScriptedImageServer.comic(6, img: url(6).absoluteString),  // times out once
                ScriptedImageServer.comic(7, img: url(7).absoluteString),
            ]
            let timeout = { (number: Int) in NetworkError.timeout(url: url(number), seconds: 1) }
            let source = ScriptedImageServer(
                files: [
                    url(1): Self.png, url(2): Self.otherPNG, url(4): Self.htmlPage,
                    url(6): Self.png,
                    url(7): Self.otherPNG,
                ],
                failures: [url(5): Array(repeating: timeout(5), count: 3), url(6): [timeout(6)]])
            try store.save([UInt8](Self.png), forComic: 2, imageURL: url(2).absoluteString)
            let progress = RecordingRefreshProgress()

            let refresher = ComicImageRefresher(source: source, store: store, retry: Self.noWaiting)
            let summary = try await refresher.refresh(comics, progress: progress)

            #expect(summary.downloaded == [1, 6, 7])
            #expect(summary.alreadyThere == [2])
            #expect(summary.interactive == [3])
            #expect(summary.failures.map(\.number) == [4, 5])
            #expect(summary.failures.first?.reason.contains("not an image") == true)
            #expect(summary.failures.last?.reason.contains("no answer within 1 s") == true)
            #expect(summary.exitCode == 75)  // the timeout may pass on a later try
            #expect(try listing(store) == ["1.png", "2.png", "6.png", "7.png"])
            // The image kept before the refresh is left alone.
            #expect(try Data(contentsOf: store.directory.appending(path: "2.png")) == Self.png)
            #expect(try Data(contentsOf: store.directory.appending(path: "7.png")) == Self.otherPNG)
            let requested = await source.requests
            #expect(!requested.contains(url(2)))
            // Comic 5 is tried as often as the policy allows.
            #expect(requested.filter { $0 == url(5) }.count == 3)
            #expect(progress.events.first == .started(total: 5))
            #expect(progress.events.last == .finished)
            #expect(progress.events.count == 7)
        }
    }

    @Test func forceDownloadsKeptImagesAgain() async throws {
        try await withStore { store in
            let address = ScriptedImageServer.imageURL(2).absoluteString
            try store.save([UInt8](Self.png), forComic: 2, imageURL: address)
            let source = ScriptedImageServer(files: [ScriptedImageServer.imageURL(2): Self.otherPNG]
            )
            let refresher = ComicImageRefresher(source: source, store: store, retry: Self.noWaiting)
            let summary = try await refresher.refresh(
                [ScriptedImageServer.comic(2, img: address)], redownload: true,
                progress: RecordingRefreshProgress())

            #expect(summary.downloaded == [2])
            #expect(summary.alreadyThere.isEmpty)
            #expect(summary.exitCode == 0)
            #expect(try Data(contentsOf: store.directory.appending(path: "2.png")) == Self.otherPNG)
        }
    }

    @Test func onlyBadDataFailuresEndWithCode65AndKeepNoFile() async throws {
        try await withStore { store in
            let url = ScriptedImageServer.imageURL(8)
            let truncated = Self.png.prefix(Self.png.count - 4)  // cut off before the end of IEND
            let source = ScriptedImageServer(files: [
                url: Self.htmlPage, ScriptedImageServer.imageURL(9): truncated,
            ])
            let refresher = ComicImageRefresher(source: source, store: store, retry: Self.noWaiting)
            let summary = try await refresher.refresh(
                [
                    ScriptedImageServer.comic(8, img: url.absoluteString),
                    ScriptedImageServer.comic(
                        9, img: ScriptedImageServer.imageURL(9).absoluteString),
                ],
                progress: RecordingRefreshProgress())

            #expect(summary.failures.map(\.number) == [8, 9])
            #expect(summary.failures.last?.reason.contains("cut off") == true)
            #expect(summary.exitCode == 65)
            let kept =
                FileManager.default.fileExists(atPath: store.directory.path(percentEncoded: false))
                ? try listing(store) : []
            #expect(kept.isEmpty)
        }
    }

    @Test func aKeptImageCutShortIsDownloadedAgain() async throws {
        try await withStore { store in
            let url = ScriptedImageServer.imageURL(2)
            try FileManager.default.createDirectory(
                at: store.directory, withIntermediateDirectories: true)
            let kept = store.directory.appending(path: "2.png")
            try Self.png.prefix(Self.png.count / 2).write(to: kept)
            let source = ScriptedImageServer(files: [url: Self.png])
            let refresher = ComicImageRefresher(source: source, store: store, retry: Self.noWaiting)
            let summary = try await refresher.refresh(
                [ScriptedImageServer.comic(2, img: url.absoluteString)],
                progress: RecordingRefreshProgress())

            #expect(summary.downloaded == [2])
            #expect(summary.alreadyThere.isEmpty)
            #expect(try Data(contentsOf: kept) == Self.png)
        }
    }

    @Test func temporaryFilesOfStoppedRunsAreRemovedAndOthersKept() async throws {
        try await withStore { store in
            // The number of a process that has ended, as one stopped by Ctrl-C has.
            let ended = Process()
            ended.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            ended.arguments = ["true"]
            try ended.run()
            ended.waitUntilExit()
            let stray = ".3.png.\(ended.processIdentifier).12345.tmp"
            let live = ".4.png.\(ProcessInfo.processInfo.processIdentifier).67890.tmp"
            try FileManager.default.createDirectory(
                at: store.directory, withIntermediateDirectories: true)
            for name in [stray, live, "5.png"] {
                try Self.png.write(to: store.directory.appending(path: name))
            }
            let refresher = ComicImageRefresher(
                source: ScriptedImageServer(files: [:]), store: store, retry: Self.noWaiting)
            let url = ScriptedImageServer.imageURL(5)
            let summary = try await refresher.refresh(
                [ScriptedImageServer.comic(5, img: url.absoluteString)],
                progress: RecordingRefreshProgress())

            #expect(summary.alreadyThere == [5])
            #expect(try listing(store) == [live, "5.png"].sorted())
        }
    }

    @Test(arguments: [1, 4])
    func keepsAtMostTheConcurrencyLimitInFlight(limit: Int) async throws {
        try await withStore { store in
            let numbers = Array(1...12)
            let gate = InFlightGate(target: limit, expectedRequests: numbers.count)
            let watchdog = Task {
                // Only against a hang: a loaded machine may take seconds.
                try await Task.sleep(for: .seconds(60))
                await gate.giveUp()
            }
            defer { watchdog.cancel() }
            let files = Dictionary(
                uniqueKeysWithValues: numbers.map { (ScriptedImageServer.imageURL($0), Self.png) })
            let source = ScriptedImageServer(files: files, gate: gate)
            var refresher = ComicImageRefresher(source: source, store: store, retry: Self.noWaiting)
            refresher.concurrency = limit
            let summary = try await refresher.refresh(
                numbers.map {
                    ScriptedImageServer.comic(
                        $0, img: ScriptedImageServer.imageURL($0).absoluteString)
                },
                progress: RecordingRefreshProgress())

            #expect(summary.downloaded == numbers)
            #expect(await gate.maxInFlight == limit)
            #expect(await !gate.gaveUp)
        }
    }

    @Test func stopsWhenTheServerCannotBeReached() async throws {
        try await withStore { store in
            let numbers = Array(1...10)
            let failures = Dictionary(
                uniqueKeysWithValues: numbers.map {
                    (
                        ScriptedImageServer.imageURL($0),
                        Array(
                            repeating: NetworkError.unreachable(
                                url: ScriptedImageServer.imageURL($0), reason: "refused"),
                            count: 3)
                    )
                })
            let source = ScriptedImageServer(files: [:], failures: failures)
            var refresher = ComicImageRefresher(source: source, store: store, retry: Self.noWaiting)
            refresher.concurrency = 1
            let error = try await #require(throws: RefreshError.self) {
                try await refresher.refresh(
                    numbers.map {
                        ScriptedImageServer.comic(
                            $0, img: ScriptedImageServer.imageURL($0).absoluteString)
                    },
                    progress: RecordingRefreshProgress())
            }
            #expect(error.exitCode == 69)
            #expect(error.description.contains("3 images in a row"))
            #expect(await Set(source.requests).count == 3)  // stopped instead of trying all ten
        }
    }
}
