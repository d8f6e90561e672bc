import Foundation

@testable import ComicReader

/// A `RefreshSink` that remembers every batch it was handed; can be told to fail.
final class RecordingRefreshSink: RefreshSink, @unchecked Sendable {
    /// The error thrown when the sink is set up to fail.
    struct StoreFailed: Error {}

    private let lock = NSLock()
    private var recorded: [[Comic]] = []
    private let failOnBatch: Int?

    /// - Parameter failOnBatch: the 1-based batch whose storing throws `StoreFailed`.
    init(failOnBatch: Int? = nil) {
        self.failOnBatch = failOnBatch
    }

    func store(_ comics: [Comic]) throws {
        lock.lock()
        defer { lock.unlock() }
        if let failOnBatch, recorded.count + 1 == failOnBatch { throw StoreFailed() }
        recorded.append(comics)
    }

    /// The batches, in the order they were stored.
    var batches: [[Comic]] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The numbers of all comics stored, in order of storing.
    var storedNumbers: [Int] { batches.flatMap { $0.map(\.num) } }
}

/// A `RefreshProgress` that records the calls it gets.
final class RecordingRefreshProgress: RefreshProgress, @unchecked Sendable {
    /// One call.
    enum Event: Equatable {
        case started(total: Int)
        case advanced(done: Int, total: Int, number: Int)
        case finished
    }

    private let lock = NSLock()
    private var recorded: [Event] = []

    func started(total: Int) { record(.started(total: total)) }
    func advanced(done: Int, total: Int, number: Int) {
        record(.advanced(done: done, total: total, number: number))
    }
    func finished() { record(.finished) }

    private func record(_ event: Event) {
        lock.lock()
        recorded.append(event)
        lock.unlock()
    }

    /// The calls, in order.
    var events: [Event] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}

/// A `ComicSource` answering from a script, recording every request.
actor ScriptedComicSource: ComicSource {
    private let latestNumber: Int
    private let missing: Set<Int>
    /// Errors still to throw per number, one per request, before answering normally.
    private var failures: [Int: [NetworkError]]
    /// Numbers from which requests fail with `.unreachable` every time.
    private let unreachableFrom: Int?
    /// Numbers from which requests hang until cancelled, after announcing it on `hung`.
    private let hangingFrom: Int?
    private let hung: AsyncStream<Int>.Continuation?
    /// Comic numbers requested, one entry per attempt, in order.
    private(set) var requests: [Int] = []

    init(
        latest: Int, missing: Set<Int> = [], failures: [Int: [NetworkError]] = [:],
        unreachableFrom: Int? = nil,
        hangingFrom: Int? = nil, hung: AsyncStream<Int>.Continuation? = nil
    ) {
        self.latestNumber = latest
        self.missing = missing
        self.failures = failures
        self.unreachableFrom = unreachableFrom
        self.hangingFrom = hangingFrom
        self.hung = hung
    }

    /// The URL a real server would use for comic `number`, for errors.
    static func url(of number: Int) -> URL {
        URL(string: "http://127.0.0.1:9/\(number)/info.0.json")!
    }

    func latest() -> Comic { APIFixtureTree.comic(latestNumber) }

    func comic(_ number: Int) async throws -> Comic? {
        requests.append(number)
        if let queued = failures[number], let first = queued.first {
            failures[number] = Array(queued.dropFirst())
            throw first
        }
        if let unreachableFrom, number >= unreachableFrom {
            throw NetworkError.unreachable(url: Self.url(of: number), reason: "connection refused")
        }
        if let hangingFrom, number >= hangingFrom {
            hung?.yield(number)
            try await Task.sleep(for: .seconds(20))
        }
        return missing.contains(number) ? nil : APIFixtureTree.comic(number)
    }

    func data(from url: URL) -> Data { Data() }
}

/// Counts requests in flight and holds each one until `target` are in flight together
/// (or every expected request has started), so a test sees the most concurrency the
/// refresher allows without relying on timing. `giveUp()` releases everything in case
/// the target can never be reached.
actor InFlightGate {
    private let target: Int
    private let expectedRequests: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var started = 0
    private var inFlight = 0
    /// The most requests ever in flight at once.
    private(set) var maxInFlight = 0
    /// Whether `giveUp()` had to release requests.
    private(set) var gaveUp = false

    init(target: Int, expectedRequests: Int) {
        self.target = target
        self.expectedRequests = expectedRequests
    }

    /// Marks a request as in flight; returns once it may proceed.
    func enter() async {
        started += 1
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        if gaveUp { return }
        if inFlight >= target || started == expectedRequests {
            // Before releasing, let any request beyond the limit that was already started
            // arrive, so it is counted while the others are still in flight.
            for _ in 0..<50 { await Task.yield() }
            releaseAll()
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Marks a request as done.
    func leave() { inFlight -= 1 }

    /// Releases every held request and stops holding new ones.
    func giveUp() {
        if !waiting.isEmpty { gaveUp = true }
        releaseAll()
    }

    private func releaseAll() {
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}

/// A `ComicSource` whose comic requests pass through an `InFlightGate`.
struct GatedComicSource: ComicSource {
    let latestNumber: Int
    let gate: InFlightGate

    func latest() -> Comic { APIFixtureTree.comic(latestNumber) }

    func comic(_ number: Int) async throws -> Comic? {
        await gate.enter()
        await gate.leave()
        return APIFixtureTree.comic(number)
    }

    func data(from url: URL) -> Data { Data() }
}

/// Records the waits asked of a `RetryPolicy` instead of waiting.
actor SleepRecorder {
    private(set) var sleeps: [Duration] = []

    func sleep(_ duration: Duration) { sleeps.append(duration) }

    /// A retry policy with `maxAttempts` that records its waits here.
    nonisolated func policy(maxAttempts: Int) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, sleep: { [self] in await self.sleep($0) })
    }
}

/// A `ComicSource` serving image bytes by URL from a script, recording every request; its
/// image requests can pass through an `InFlightGate`.
actor ScriptedImageServer: ComicSource {
    /// The bytes served per URL; a URL not listed answers HTTP 404.
    private let files: [URL: Data]
    /// Errors still to throw per URL, one per request, before answering normally.
    private var failures: [URL: [NetworkError]]
    private let gate: InFlightGate?
    /// URLs requested, one entry per attempt, in order.
    private(set) var requests: [URL] = []

    init(files: [URL: Data], failures: [URL: [NetworkError]] = [:], gate: InFlightGate? = nil) {
        self.files = files
        self.failures = failures
        self.gate = gate
    }

    /// The image URL of test comic `number`, named `name`.
    static func imageURL(_ number: Int, name: String = "picture") -> URL {
        URL(string: "http://127.0.0.1:9/comics/\(name)_\(number).png")!
    }

    /// A comic whose `img` is `url`.
    static func comic(_ number: Int, img: String) -> Comic {
        var comic = APIFixtureTree.comic(number)
        comic.img = img
        return comic
    }

    func latest() -> Comic { APIFixtureTree.comic(1) }
    func comic(_ number: Int) -> Comic? { APIFixtureTree.comic(number) }

    func data(from url: URL) async throws -> Data {
        requests.append(url)
        if let gate {
            await gate.enter()
            await gate.leave()
        }
        if let queued = failures[url], let first = queued.first {
            failures[url] = Array(queued.dropFirst())
            throw first
        }
        guard let data = files[url] else { throw NetworkError.httpStatus(url: url, status: 404) }
        return data
    }
}
