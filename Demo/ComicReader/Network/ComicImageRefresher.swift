import Foundation

/// Downloads the images of cached comics that are not in `images/` yet.
///
/// Uses the same way in as showing a comic does: `ComicSource.data(from:)` for the bytes and
/// `ImageStore.save` to keep them, so the same checks apply (magic bytes, a PNG must be whole,
/// an HTML page is refused) and files are written atomically. Keeps at most `concurrency`
/// downloads in flight and retries transient failures per `retry`; an image that fails does
/// not stop the others.
struct ComicImageRefresher: Sendable {
    /// Where image bytes come from.
    let source: any ComicSource
    /// Where images are kept.
    let store: any ComicImageStore
    /// The most downloads in flight at once (at least 1).
    var concurrency: Int = 4
    /// How transient failures are retried.
    var retry = RetryPolicy()
    /// Where pictures are downloaded from (`mirror_img`, `--image-base-url`).
    var addresses = ImageAddress()
    /// After this many downloads in a row could not even connect, the server counts as down
    /// and the refresh stops.
    var deadServerLimit: Int = 3

    /// What happened to one comic's image.
    private enum Outcome: Sendable {
        case downloaded
        case failed(any Error)
        case cancelled
    }

    /// One image to fetch: the comic and its image URL.
    private struct Job: Sendable {
        let number: Int
        let address: String
        let url: URL
    }

    /// Downloads the images of `comics` that are missing from the store or damaged there (cut
    /// short), or all of them when `redownload` is set (`--force`); comics whose `img` names no
    /// file are skipped. Temporary files that a stopped run left in the store are removed.
    ///
    /// - Returns: what was downloaded, already there, interactive, and what failed and why.
    /// - Throws: `RefreshError.imageServerUnavailable` when the server stops answering (the
    ///   images saved before stay); `CancellationError` when cancelled.
    func refresh(
        _ comics: [Comic], redownload: Bool = false, progress: any RefreshProgress
    ) async throws -> ImageRefreshSummary {
        // Saves that an earlier run's Ctrl-C stopped half-way left temporary files behind.
        store.removeLeftovers()
        var summary = ImageRefreshSummary()
        var jobs: [Job] = []
        for comic in comics.sorted(by: { $0.num < $1.num }) {
            guard let address = comic.imageFileURL,
                (try? ImageStore.fileName(forComic: comic.num, imageURL: address, detected: .png))
                    != nil
            else {
                summary.interactive.append(comic.num)
                continue
            }
            if !redownload && store.cachedImage(forComic: comic.num, imageURL: address) != nil {
                summary.alreadyThere.append(comic.num)
                continue
            }
            guard let url = addresses.downloadURL(for: comic, address: address) else {
                summary.failures.append(
                    .init(number: comic.num, error: ImageRefreshError.badImageURL(address)))
                continue
            }
            jobs.append(Job(number: comic.num, address: address, url: url))
        }

        let total = jobs.count
        progress.started(total: total)
        defer { progress.finished() }

        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var queue = jobs.makeIterator()
            for _ in 0..<max(1, concurrency) {
                guard let job = queue.next() else { break }
                group.addTask { (job.number, await download(job)) }
            }
            var watch = DeadServerWatch(limit: deadServerLimit)
            var done = 0
            while let (number, outcome) = try await group.next() {
                switch outcome {
                case .downloaded:
                    summary.downloaded.append(number)
                    _ = watch.record(nil)
                case .failed(let error):
                    summary.failures.append(.init(number: number, error: error))
                    if let dead = watch.record(error) {
                        group.cancelAll()
                        throw RefreshError.imageServerUnavailable(
                            consecutiveFailures: watch.failuresInARow, lastError: dead,
                            saved: summary.downloaded.count)
                    }
                case .cancelled:
                    throw CancellationError()
                }
                if Task.isCancelled { throw CancellationError() }
                done += 1
                progress.advanced(done: done, total: total, number: number)
                if let next = queue.next() {
                    group.addTask { (next.number, await download(next)) }
                }
            }
        }

        summary.downloaded.sort()
        summary.failures.sort { $0.number < $1.number }
        return summary
    }

    /// Downloads one image with retries and saves it; never throws, so one failure cannot
    /// end the group.
    private func download(_ job: Job) async -> Outcome {
        do {
            let data = try await retry.run { try await source.data(from: job.url) }
            try store.save(
                [UInt8](data), forComic: job.number, imageURL: job.address,
                downloadedFrom: job.url.absoluteString)
            return .downloaded
        } catch {
            return Task.isCancelled ? .cancelled : .failed(error)
        }
    }
}
