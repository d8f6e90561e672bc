import Foundation
import Testing

@testable import ComicReader

/// What a refresh says and ends with when comics or images fail: exit codes that match the
/// help, a stop after a few alike host failures, failures grouped, progress off a terminal.
@Suite struct RefreshFailureReportTests {
    static let noWaiting = RetryPolicy(maxAttempts: 2, sleep: { _ in })

    @Test func aBadReplyEndsWith65AndAMissingImageWith69() async throws {
        try await withHarness { harness async throws in
            let url = ScriptedComicSource.url(of: 2)
            let bad = NetworkError.notJSON(url: url, contentType: "text/html", start: "<html>")
            let source = ScriptedComicSource(latest: 3, failures: [2: [bad, bad, bad]])
            harness.configure = { context in
                NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                    source
                }
                NetworkAssembly.instance(from: context).addSubstitution(for: \.retryPolicy) {
                    Self.noWaiting
                }
            }
            #expect(await harness.run(["refresh"]) == 65)
        }
        let missing = ScriptedImageServer.imageURL(1)
        let summary = ImageRefreshSummary(
            failures: [.init(number: 1, error: NetworkError.httpStatus(url: missing, status: 404))])
        #expect(summary.exitCode == 69)
        let mixed = ImageRefreshSummary(failures: [
            .init(number: 1, error: NetworkError.httpStatus(url: missing, status: 404)),
            .init(number: 2, error: NetworkError.httpStatus(url: missing, status: 503)),
        ])
        #expect(mixed.exitCode == 75)
        #expect(HelpText.exitStatus.contains("refresh"))
    }

    @Test func anUnknownImageHostStopsTheImagesAfterAFewAlikeFailures() async throws {
        let cache = FileManager.default.temporaryDirectory.appending(
            path: "comics-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        let comics = (1...200).map { number in
            ScriptedImageServer.comic(
                number, img: "http://imgs.invalid/comics/picture_\(number).png")
        }
        let failures = Dictionary(
            uniqueKeysWithValues: comics.map { comic in
                let url = URL(string: comic.img)!
                return (url, Array(repeating: NetworkError.hostNotFound(url: url), count: 9))
            })
        let source = ScriptedImageServer(files: [:], failures: failures)
        let refresher = ComicImageRefresher(
            source: source, store: ImageStore(cacheDirectory: cache), concurrency: 1,
            retry: Self.noWaiting)
        let error = try await #require(throws: RefreshError.self) {
            try await refresher.refresh(comics, progress: RecordingRefreshProgress())
        }
        #expect(await source.requests.count == 3)  // not 200: a host failure is not retried
        #expect(error.description.contains("3 images in a row"))
        #expect(error.description.contains(#"unknown host "imgs.invalid""#))
        #expect(!error.description.contains("\n"))
        #expect(error.exitCode == 69)
    }

    @Test func alikeFailuresAreGroupedOnOneLine() {
        let url = { (number: Int) in ScriptedImageServer.imageURL(number) }
        var failures = (1...50).map { number in
            RefreshSummary.Failure(
                number: number, error: NetworkError.hostNotFound(url: url(number)))
        }
        failures.append(
            .init(number: 60, error: NetworkError.httpStatus(url: url(60), status: 404)))
        let lines = FailureReport.lines(failures, noun: "image")
        #expect(lines.count == 2)
        #expect(
            lines[0].hasPrefix(#"  50 images (1–50): unknown host "127.0.0.1", e.g. image 1: "#))
        #expect(lines[1] == "  image 60: HTTP 404 (Not Found) from \(url(60).absoluteString)")
    }

    @Test func offATerminalAProgressLineIsWrittenNowAndThen() {
        var written: [String] = []
        var time = ContinuousClock.now
        let bar = ProgressBar(
            isTTY: false, interval: .seconds(10), now: { time }, write: { written.append($0) })
        bar.started(total: 100)
        for done in 1...100 {
            time += .milliseconds(500)  // 50 s in all
            bar.advanced(done: done, total: 100, number: done)
        }
        bar.finished()
        #expect(written.count == 5)
        #expect(written.first == "progress: 20/100, comic 20\n")
    }
}
