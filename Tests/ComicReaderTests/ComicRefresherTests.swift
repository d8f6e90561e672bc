import Foundation
import Testing

@testable import ComicReader

/// `ComicRefresher` with in-memory sources: scope, skipping, batches, concurrency,
/// retries, dead servers and cancellation.
@Suite struct ComicRefresherTests {
    /// A retry policy that never waits.
    static let noWaiting = RetryPolicy(maxAttempts: 3, sleep: { _ in })

    @Test func latestScopeStoresOnlyTheLatestComic() async throws {
        let source = ScriptedComicSource(latest: 50)
        let sink = RecordingRefreshSink()
        let progress = RecordingRefreshProgress()
        let summary = try await ComicRefresher(source: source, retry: Self.noWaiting)
            .refresh(.latest, into: sink, progress: progress)

        #expect(summary.latest == 50)
        #expect(summary.fetched == [50])
        #expect(sink.batches == [[APIFixtureTree.comic(50)]])
        #expect(await source.requests.isEmpty)
        #expect(
            progress.events == [
                .started(total: 1), .advanced(done: 1, total: 1, number: 50), .finished,
            ])
    }

    @Test func anImplausibleLatestNumberIsRefusedBeforeAnythingIsFetched() async throws {
        let source = ScriptedComicSource(latest: 1_000_000_000_000)
        let sink = RecordingRefreshSink()
        let progress = RecordingRefreshProgress()
        var caught: (any Error)?
        do {
            _ = try await ComicRefresher(source: source, retry: Self.noWaiting).refresh(
                .all, into: sink, progress: progress)
        } catch {
            caught = error
        }
        #expect((caught as? RefreshError)?.exitCode == 65)
        #expect(caught.map { "\($0)" }?.contains("the latest comic is 1000000000000") == true)
        #expect(await source.requests.isEmpty)
        #expect(sink.batches.isEmpty)
        #expect(progress.events.isEmpty)
    }

    @Test func latestAlreadyPresentIsSkipped() async throws {
        let source = ScriptedComicSource(latest: 50)
        let sink = RecordingRefreshSink()
        let progress = RecordingRefreshProgress()
        let summary = try await ComicRefresher(source: source, retry: Self.noWaiting)
            .refresh(.latest, existing: [50], into: sink, progress: progress)

        #expect(summary.fetched.isEmpty)
        #expect(summary.skipped == [50])
        #expect(sink.batches.isEmpty)
        #expect(progress.events == [.started(total: 0), .finished])
    }

    @Test func sinceSkipsPresentNumbersUnlessAskedToRefetch() async throws {
        let source = ScriptedComicSource(latest: 12)
        let sink = RecordingRefreshSink()
        let refresher = ComicRefresher(source: source, retry: Self.noWaiting)
        let summary = try await refresher.refresh(
            .since(8), existing: [3, 9, 12], into: sink, progress: RecordingRefreshProgress())

        #expect(summary.fetched == [8, 10, 11])
        #expect(summary.skipped == [9, 12])
        #expect(Set(await source.requests) == [8, 10, 11])
        #expect(sink.storedNumbers.sorted() == [8, 10, 11])

        let again = ScriptedComicSource(latest: 12)
        let everything = try await ComicRefresher(source: again, retry: Self.noWaiting).refresh(
            .since(8), existing: [3, 9, 12], refetchExisting: true, into: sink,
            progress: RecordingRefreshProgress())
        #expect(everything.fetched == [8, 9, 10, 11, 12])
        #expect(everything.skipped.isEmpty)
        #expect(Set(await again.requests) == [8, 9, 10, 11])  // 12 came with the latest
    }

    @Test func sinceBeyondTheLatestFetchesNothing() async throws {
        let source = ScriptedComicSource(latest: 12)
        let summary = try await ComicRefresher(source: source, retry: Self.noWaiting)
            .refresh(.since(13), into: RecordingRefreshSink(), progress: RecordingRefreshProgress())
        #expect(summary.fetched.isEmpty && summary.skipped.isEmpty)
        #expect(await source.requests.isEmpty)
    }

    @Test func allStoresInSortedBatchesAndReportsProgressInOrder() async throws {
        let source = ScriptedComicSource(latest: 60, missing: [7])
        let sink = RecordingRefreshSink()
        let progress = RecordingRefreshProgress()
        var refresher = ComicRefresher(source: source, retry: Self.noWaiting)
        refresher.batchSize = 25
        let summary = try await refresher.refresh(.all, into: sink, progress: progress)

        let expected = Array(1...60).filter { $0 != 7 }
        #expect(summary.fetched == expected)
        #expect(summary.missing == [7])
        #expect(sink.batches.map(\.count) == [25, 25, 9])
        #expect(sink.batches.allSatisfy { batch in batch.map(\.num) == batch.map(\.num).sorted() })
        #expect(sink.storedNumbers.sorted() == expected)
        #expect(sink.batches.joined().allSatisfy { $0 == APIFixtureTree.comic($0.num) })

        let events = progress.events
        #expect(events.first == .started(total: 60))
        #expect(events.last == .finished)
        let advanced = events.compactMap { event -> (done: Int, number: Int)? in
            if case .advanced(let done, 60, let number) = event { return (done, number) }
            return nil
        }
        #expect(advanced.map(\.done) == Array(1...60))
        #expect(advanced.map(\.number).sorted() == Array(1...60))
    }

    @Test(arguments: [1, 3, 5])
    func keepsAtMostTheConcurrencyLimitInFlight(limit: Int) async throws {
        let latest = 24
        let gate = InFlightGate(target: limit, expectedRequests: latest - 1)
        let watchdog = Task {
            // Only against a hang: a loaded machine may take seconds.
            try await Task.sleep(for: .seconds(60))
            await gate.giveUp()
        }
        defer { watchdog.cancel() }
        var refresher = ComicRefresher(
            source: GatedComicSource(latestNumber: latest, gate: gate), retry: Self.noWaiting)
        refresher.concurrency = limit
        let summary = try await refresher.refresh(
            .all, into: RecordingRefreshSink(), progress: RecordingRefreshProgress())

        #expect(summary.fetched == Array(1...latest))
        #expect(await gate.maxInFlight == limit)
        #expect(await !gate.gaveUp)
    }

    @Test func transientFailuresAreRetriedWithGrowingWaits() async throws {
        let url = ScriptedComicSource.url(of: 3)
        let source = ScriptedComicSource(
            latest: 5,
            failures: [
                3: [.timeout(url: url, seconds: 1), .httpStatus(url: url, status: 503)]
            ])
        let sleeps = SleepRecorder()
        let summary = try await ComicRefresher(source: source, retry: sleeps.policy(maxAttempts: 4))
            .refresh(.all, into: RecordingRefreshSink(), progress: RecordingRefreshProgress())

        #expect(summary.fetched == [1, 2, 3, 4, 5])
        #expect(summary.failures.isEmpty)
        #expect(await source.requests.filter { $0 == 3 }.count == 3)
        let waits = await sleeps.sleeps
        #expect(waits.count == 2)
        #expect(waits[0] > .zero)
        #expect(waits[1] > waits[0])
    }

    @Test func aNumberFailingForGoodDoesNotStopTheOthers() async throws {
        let url = ScriptedComicSource.url(of: 3)
        let source = ScriptedComicSource(
            latest: 6,
            failures: [
                3: Array(repeating: .timeout(url: url, seconds: 1), count: 5),
                5: [
                    .notJSON(
                        url: ScriptedComicSource.url(of: 5), contentType: "text/html",
                        start: "<html>")
                ],
            ])
        let sleeps = SleepRecorder()
        let summary = try await ComicRefresher(source: source, retry: sleeps.policy(maxAttempts: 3))
            .refresh(.all, into: RecordingRefreshSink(), progress: RecordingRefreshProgress())

        #expect(summary.fetched == [1, 2, 4, 6])
        #expect(summary.failures.map(\.number) == [3, 5])
        #expect(
            summary.failures[0].reason.hasPrefix("no answer within 1 s from \(url.absoluteString)"))
        #expect(summary.failures[1].reason.contains("not JSON"))
        let requests = await source.requests
        #expect(requests.filter { $0 == 3 }.count == 3)  // the attempt limit
        #expect(requests.filter { $0 == 5 }.count == 1)  // bad data is not retried
        #expect(await sleeps.sleeps.count == 2)
    }

    @Test func aDeadServerStopsTheRefreshAfterStoringWhatWasFetched() async throws {
        let source = ScriptedComicSource(latest: 20, unreachableFrom: 6)
        let sink = RecordingRefreshSink()
        let progress = RecordingRefreshProgress()
        var refresher = ComicRefresher(source: source, concurrency: 1, retry: Self.noWaiting)
        refresher.batchSize = 4
        refresher.deadServerLimit = 3

        let error = try await #require(throws: RefreshError.self) {
            try await refresher.refresh(.all, into: sink, progress: progress)
        }
        guard case .serverUnavailable(let failures, let lastError, let stored) = error else {
            return
        }
        #expect(failures == 3)
        #expect(lastError.isConnectionFailure)
        #expect(stored == 6)
        #expect(error.exitCode == 69)
        #expect(error.description.hasPrefix("server unavailable"))
        #expect(sink.storedNumbers.sorted() == [1, 2, 3, 4, 5, 20])
        #expect(Set(await source.requests) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(progress.events.last == .finished)
    }

    @Test func scatteredConnectionFailuresDoNotStopTheRefresh() async throws {
        let refused: (Int) -> [NetworkError] = { number in
            Array(
                repeating: .unreachable(
                    url: ScriptedComicSource.url(of: number), reason: "refused"), count: 3)
        }
        let source = ScriptedComicSource(
            latest: 9, failures: [2: refused(2), 4: refused(4), 6: refused(6)])
        var refresher = ComicRefresher(source: source, concurrency: 1, retry: Self.noWaiting)
        refresher.deadServerLimit = 2
        let summary = try await refresher.refresh(
            .all, into: RecordingRefreshSink(), progress: RecordingRefreshProgress())

        #expect(summary.fetched == [1, 3, 5, 7, 8, 9])
        #expect(summary.failures.map(\.number) == [2, 4, 6])
    }

    @Test func cancellingKeepsWhatWasFetched() async throws {
        let (hung, announceHang) = AsyncStream<Int>.makeStream()
        let source = ScriptedComicSource(latest: 30, hangingFrom: 11, hung: announceHang)
        let sink = RecordingRefreshSink()
        let progress = RecordingRefreshProgress()
        let refresher = ComicRefresher(
            source: source, concurrency: 1, retry: Self.noWaiting, batchSize: 3)

        let refresh = Task { try await refresher.refresh(.all, into: sink, progress: progress) }
        for await _ in hung { break }
        refresh.cancel()

        await #expect(throws: CancellationError.self) { try await refresh.value }
        #expect(sink.storedNumbers.sorted() == Array(1...10) + [30])
        #expect(progress.events.last == .finished)
    }

    @Test func aFailingSinkStopsTheRefreshWithItsError() async throws {
        let source = ScriptedComicSource(latest: 40)
        let sink = RecordingRefreshSink(failOnBatch: 2)
        var refresher = ComicRefresher(source: source, concurrency: 1, retry: Self.noWaiting)
        refresher.batchSize = 5

        await #expect(throws: RecordingRefreshSink.StoreFailed.self) {
            try await refresher.refresh(.all, into: sink, progress: RecordingRefreshProgress())
        }
        #expect(sink.batches.count == 1)
        #expect(await source.requests.count < 39)
    }

    @Test func aFailingLatestRequestFailsTheRefreshBeforeAnythingStarts() async throws {
        let source = FailingLatestSource()
        let progress = RecordingRefreshProgress()
        await #expect(throws: NetworkError.httpStatus(url: FailingLatestSource.url, status: 403)) {
            try await ComicRefresher(source: source, retry: Self.noWaiting)
                .refresh(.all, into: RecordingRefreshSink(), progress: progress)
        }
        #expect(progress.events.isEmpty)
    }
}

/// A source whose latest comic cannot be fetched.
private struct FailingLatestSource: ComicSource {
    static let url = URL(string: "http://127.0.0.1:9/info.0.json")!
    func latest() throws -> Comic { throw NetworkError.httpStatus(url: Self.url, status: 403) }
    func comic(_ number: Int) -> Comic? { nil }
    func data(from url: URL) -> Data { Data() }
}
