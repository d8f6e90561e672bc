import Foundation
import Testing

@testable import ComicReader

/// `ComicRefresher` over `HTTPComicSource` against real HTTP servers on 127.0.0.1.
@Suite struct ComicRefresherHTTPTests {
    @Test func refreshRecordsMissingAndBrokenComicsAndStoresTheRest() async throws {
        let numbers = Array(400...410).filter { $0 != 404 }
        let tree = try APIFixtureTree.make(
            latest: 410, numbers: numbers, html: [407], numberAsText: [409])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        let sink = RecordingRefreshSink()
        let refresher = ComicRefresher(
            source: source, retry: RetryPolicy(maxAttempts: 2, sleep: { _ in }))
        let summary = try await refresher.refresh(
            .since(400), existing: [401], into: sink, progress: RecordingRefreshProgress())

        let expected = [400, 402, 403, 405, 406, 408, 410]
        #expect(summary.fetched == expected)
        #expect(summary.skipped == [401])
        #expect(summary.missing == [404])
        #expect(summary.failures.map(\.number) == [407, 409])
        #expect(
            summary.failures.first?.reason.contains(
                "not JSON from \(server.baseURL)/407/info.0.json") == true)
        #expect(summary.failures.last?.reason.contains("\"num\"") == true)
        #expect(sink.storedNumbers.sorted() == expected)
        #expect(sink.batches.joined().allSatisfy { $0 == APIFixtureTree.comic($0.num) })
    }

    @Test func serverGoingAwayMidRefreshKeepsWhatWasFetched() async throws {
        let tree = try APIFixtureTree.make(latest: 30, numbers: 1...30)
        defer { tree.remove() }
        // Answers the latest comic and comics 1 to 10, then exits.
        let server = try await PythonHTTPServer.scripted(
            serving: tree.directory, exitAfterComicRequests: 11)
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        let sink = RecordingRefreshSink()
        let refresher = ComicRefresher(
            source: source, concurrency: 1, retry: RetryPolicy(maxAttempts: 2, sleep: { _ in }),
            batchSize: 4)
        let error = try await #require(throws: RefreshError.self) {
            try await refresher.refresh(.all, into: sink, progress: RecordingRefreshProgress())
        }

        // The server's exit is noticed by Foundation some time after its socket closed, which
        // under load came after the refresh had failed over to refused connections.
        #expect(await server.waitForExit(within: .seconds(10)))
        #expect(sink.storedNumbers.sorted() == Array(1...10) + [30])
        #expect(error.description.hasPrefix("server unavailable"))
        #expect(error.description.contains(server.baseURL))
        #expect(error.description.contains("keeping 11 comics"))
        #expect(error.exitCode == 69)
    }
}
