/// Brings a set of comics up to date from a `ComicSource`.
///
/// Fetches concurrently but keeps at most `concurrency` requests in flight, retries
/// transient failures per `retry`, and hands comics to a `RefreshSink` in batches of
/// `batchSize` (and whatever is left at the end, on failure or on cancellation), so an
/// interrupted refresh keeps what it got.
struct ComicRefresher: Sendable {
    /// Where comics come from.
    let source: any ComicSource
    /// The most requests in flight at once (at least 1).
    var concurrency: Int = 4
    /// How transient failures are retried.
    var retry = RetryPolicy()
    /// How many comics are collected before they are handed to the sink (at least 1).
    var batchSize: Int = 25
    /// After this many comics in a row could not even connect, the server counts as down
    /// and the refresh stops.
    var deadServerLimit: Int = 3

    /// What happened to one comic number.
    private enum Outcome: Sendable {
        case fetched(Comic)
        case missing
        case failed(any Error)
        case cancelled
    }

    /// The highest latest number a refresh accepts (xkcd is near 3,000 after twenty years).
    static let believableLatest = 1_000_000

    /// Refreshes the comics in `scope`, skipping the numbers in `existing` unless
    /// `refetchExisting` is set, and those in `absent` (the server said they do not exist).
    ///
    /// - Returns: what was fetched, skipped, missing, and what failed and why. A comic that
    ///   fails even after retries does not stop the others.
    /// - Throws: the error of the request for the latest comic (nothing is fetched then);
    ///   `RefreshError.serverUnavailable` when the server stops answering;
    ///   `CancellationError` when cancelled; any error of the sink. In the first and last
    ///   case nothing more is stored; otherwise the sink got everything fetched before.
    func refresh(
        _ scope: RefreshScope, existing: Set<Int> = [], refetchExisting: Bool = false,
        absent: Set<Int> = [], into sink: any RefreshSink, progress: any RefreshProgress
    ) async throws -> RefreshSummary {
        let latest = try await retry.run { try await source.latest() }
        // One bad reply must not plan a trillion requests.
        guard latest.num <= Self.believableLatest else {
            throw RefreshError.implausibleLatest(latest.num, limit: Self.believableLatest)
        }
        var summary = RefreshSummary(latest: latest.num)

        var numbersToFetch: [Int] = []
        var keepLatest = false
        for number in scope.numbers(upTo: latest.num) {
            if existing.contains(number) && !refetchExisting {
                summary.skipped.append(number)
            } else if absent.contains(number) && !existing.contains(number) {
                summary.knownAbsent.append(number)
            } else if number == latest.num {
                keepLatest = true  // already in hand
            } else {
                numbersToFetch.append(number)
            }
        }

        let total = numbersToFetch.count + (keepLatest ? 1 : 0)
        progress.started(total: total)
        defer { progress.finished() }

        var pending: [Comic] = []
        var pendingAbsent: [Int] = []
        var stored = 0
        /// Hands the pending comics, and what the server said, to the sink.
        func storePending() throws {
            if !pending.isEmpty {
                try sink.store(pending.sorted { $0.num < $1.num })
                stored += pending.count
                pending.removeAll()
            }
            try sink.recordServer(latest: latest.num, absent: pendingAbsent.sorted())
            pendingAbsent.removeAll()
        }

        var done = 0
        if keepLatest {
            pending.append(latest)
            summary.fetched.append(latest.num)
            done += 1
            progress.advanced(done: done, total: total, number: latest.num)
        }

        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var queue = numbersToFetch.makeIterator()
            for _ in 0..<max(1, concurrency) {
                guard let number = queue.next() else { break }
                group.addTask { (number, await fetch(number)) }
            }
            var watch = DeadServerWatch(limit: deadServerLimit)
            while let (number, outcome) = try await group.next() {
                switch outcome {
                case .fetched(let comic):
                    pending.append(comic)
                    summary.fetched.append(number)
                    _ = watch.record(nil)
                case .missing:
                    summary.missing.append(number)
                    pendingAbsent.append(number)
                    _ = watch.record(nil)
                case .failed(let error):
                    summary.failures.append(.init(number: number, error: error))
                    if let dead = watch.record(error) {
                        try storePending()
                        throw RefreshError.serverUnavailable(
                            consecutiveFailures: watch.failuresInARow, lastError: dead,
                            stored: stored)
                    }
                case .cancelled:
                    try storePending()
                    throw CancellationError()
                }
                if Task.isCancelled {
                    try storePending()
                    throw CancellationError()
                }
                done += 1
                progress.advanced(done: done, total: total, number: number)
                if pending.count >= max(1, batchSize) { try storePending() }
                if let next = queue.next() {
                    group.addTask { (next, await fetch(next)) }
                }
            }
        }
        try storePending()

        summary.fetched.sort()
        summary.missing.sort()
        summary.failures.sort { $0.number < $1.number }
        return summary
    }

    /// Fetches one comic with retries; never throws, so one failure cannot end the group.
    private func fetch(_ number: Int) async -> Outcome {
        do {
            guard let comic = try await retry.run({ try await source.comic(number) }) else {
                return .missing
            }
            return .fetched(comic)
        } catch {
            return Task.isCancelled ? .cancelled : .failed(error)
        }
    }
}
