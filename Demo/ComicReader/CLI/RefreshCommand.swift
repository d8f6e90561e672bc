/// `refresh`: fetches comics from the server into the cache and says what it did.
struct RefreshCommand {
    let archiveStore: any ComicArchiveStore
    let refresher: ComicRefresher
    let progress: any RefreshProgress
    let console: any Console

    /// Fetches what `request` asks for into the cache and reports it; returns 75 when some
    /// comics could not be fetched, so a script knows to try again.
    func run(_ request: RefreshRequest) async throws -> Int32 {
        let existing = try existingComics(force: request.force)
        let sink = ArchiveRefreshSink(store: archiveStore, existing: existing, replacesDamagedFile: request.force)
        let summary = try await refresher.refresh(
            scope(of: request.range, newest: existing.map(\.num).max()), existing: Set(existing.map(\.num)),
            refetchExisting: request.force, into: sink, progress: progress)
        if let copy = sink.keptCopy { console.printMessage("note: the damaged cache file was kept as \(copy)") }
        report(summary, cached: sink.count)
        return summary.failures.isEmpty ? ExitCode.ok : ExitCode.temporaryFailure
    }

    /// The comics cached now: none when only the sample exists, or when the file is
    /// damaged and `--force` says to replace it.
    private func existingComics(force: Bool) throws -> [Comic] {
        do {
            let archive = try archiveStore.load()
            return archive.isSample ? [] : archive.comics
        } catch {
            guard case let .corrupt(path, problem) = error else { throw error }
            // Without --force the damaged file stays, and the message says how to replace it.
            guard force else { throw CacheError.refusingToReplaceCorrupt(path: path, problem: problem) }
            console.printMessage("note: \(path) is damaged (\(problem)); it will be replaced")
            return []
        }
    }

    /// The comics to fetch; by default those after the newest cached one.
    private func scope(of range: RefreshRequest.Range, newest: Int?) -> RefreshScope {
        switch range {
        case .latest: .latest
        case .all: .all
        case .since(let number): .since(number)
        // A cached number can be as large as Int allows, so the step past it must not overflow.
        case .newSinceCache: newest.map { .since($0 < Int.max ? $0 + 1 : $0) } ?? .all
        }
    }

    /// One line of what happened, and one per failed comic.
    private func report(_ summary: RefreshSummary, cached: Int) {
        var parts = [summary.fetched.isEmpty && summary.failures.isEmpty
            ? "nothing new" : "fetched \(Self.comics(summary.fetched.count))"]
        if !summary.skipped.isEmpty { parts.append("\(summary.skipped.count) already cached") }
        if !summary.missing.isEmpty {
            parts.append("\(summary.missing.count) not on the server (\(summary.missing.map(String.init).joined(separator: ", ")))")
        }
        if !summary.failures.isEmpty { parts.append("\(summary.failures.count) failed") }
        console.printMessage(parts.joined(separator: ", ") + "; the latest is \(summary.latest), \(Self.comics(cached)) cached")
        for failure in summary.failures {
            console.printMessage("  comic \(failure.number): \(failure.reason)")
        }
        if !summary.failures.isEmpty { console.printMessage("run 'comics refresh' again to retry the failed ones") }
    }

    /// `1 comic`, `3 comics`.
    private static func comics(_ count: Int) -> String { count == 1 ? "1 comic" : "\(count) comics" }
}
