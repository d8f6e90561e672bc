/// `refresh`: fetches comics from the server into the cache, then with `--images` the images
/// of the cached comics, and says what it did.
struct RefreshCommand {
    let archiveStore: any ComicArchiveStore
    let refresher: ComicRefresher
    /// Downloads images into `images/` (without a cache directory, loading the archive
    /// fails first and says why).
    let imageRefresher: ComicImageRefresher
    let progress: any RefreshProgress
    let console: any Console

    /// Fetches what `request` asks for into the cache and reports it; when some comics or
    /// images failed, returns 75 if a later try may succeed, else the code of what failed
    /// (see `SysExits.code(forFailures:)`).
    func run(_ request: RefreshRequest) async throws -> Int32 {
        var status = ExitCode.ok
        if let range = request.range {
            status = try await refreshComics(range, force: request.force)
        }
        guard request.images else { return status }
        let imageStatus = try await refreshImages(force: request.force)
        return status != ExitCode.ok ? status : imageStatus
    }

    /// Fetches the comics in `range` into the cache and reports it, with the exit code.
    private func refreshComics(_ range: RefreshRequest.Range, force: Bool) async throws -> Int32 {
        let (existing, record) = try existingComics(force: force)
        let sink = ArchiveRefreshSink(
            store: archiveStore, existing: existing, record: record, replacesDamagedFile: force)
        // Numbers the server said it has not are asked again only with --all or --force.
        let asksAgain = force || range == .all
        let summary = try await refresher.refresh(
            scope(of: range), existing: Set(existing.map(\.num)), refetchExisting: force,
            absent: asksAgain ? [] : record.absent, into: sink, progress: progress)
        if let copy = sink.keptCopy {
            console.printMessage("note: the damaged cache file was kept as \(copy)")
        }
        report(summary, cached: sink.count)
        reportGaps(sink.record.gaps(cached: sink.numbers))
        return summary.exitCode
    }

    /// Downloads the images of the cached comics not in `images/` yet (all with `force`)
    /// and reports it; the exit code is the summary's.
    private func refreshImages(force: Bool) async throws -> Int32 {
        let archive = try archiveStore.load()
        guard !archive.isSample else {
            // The sample's drawings are built in; there is nothing of it to download.
            console.printMessage("images: no comics cached yet; run 'comics refresh' first")
            return ExitCode.ok
        }
        let summary = try await imageRefresher.refresh(
            archive.comics, redownload: force, progress: progress)
        report(summary)
        return summary.exitCode
    }

    /// The comics cached now and what earlier refreshes learned: none when only the sample
    /// exists, or when the file is damaged and `--force` says to replace it.
    private func existingComics(force: Bool) throws -> ([Comic], RefreshRecord) {
        do {
            let archive = try archiveStore.load()
            return archive.isSample ? ([], RefreshRecord()) : (archive.comics, archive.record)
        } catch {
            guard case .corrupt(let path, let problem) = error else { throw error }
            // Without --force the damaged file stays, and the message says how to replace it.
            guard force else {
                throw CacheError.refusingToReplaceCorrupt(path: path, problem: problem)
            }
            console.printMessage("note: \(path) is damaged (\(problem)); it will be replaced")
            return ([], RefreshRecord())
        }
    }

    /// The comics to look at; by default all of them (the cached ones are skipped).
    private func scope(of range: RefreshRequest.Range) -> RefreshScope {
        switch range {
        case .latest: .latest
        case .all, .missing: .all
        case .since(let number): .since(number)
        }
    }

    /// One line on what is still missing after the refresh, when anything is.
    private func reportGaps(_ gaps: [Int]) {
        guard !gaps.isEmpty else { return }
        console.printMessage(
            "still missing: \(Self.comics(gaps.count)) (\(NumberRanges.describe(gaps))); "
                + "'comics refresh' fetches them")
    }

    /// One line of what happened, and one per failed comic.
    private func report(_ summary: RefreshSummary, cached: Int) {
        var parts = [
            summary.fetched.isEmpty && summary.failures.isEmpty
                ? "nothing new" : "fetched \(Self.comics(summary.fetched.count))"
        ]
        if !summary.skipped.isEmpty { parts.append("\(summary.skipped.count) already cached") }
        if !summary.knownAbsent.isEmpty {
            parts.append("\(summary.knownAbsent.count) known not to exist")
        }
        if !summary.missing.isEmpty {
            parts.append(
                "\(summary.missing.count) not on the server (\(NumberRanges.describe(summary.missing)))"
            )
        }
        if !summary.failures.isEmpty { parts.append("\(summary.failures.count) failed") }
        console.printMessage(
            parts.joined(separator: ", ")
                + "; the latest is \(summary.latest), \(Self.comics(cached)) cached")
        for line in FailureReport.lines(summary.failures, noun: "comic") {
            console.printMessage(line)
        }
    }

    /// One line of what happened to the images, and one per failed image.
    private func report(_ summary: ImageRefreshSummary) {
        var parts = [
            "\(summary.downloaded.count) downloaded", "\(summary.alreadyThere.count) already there",
        ]
        if !summary.interactive.isEmpty {
            parts.append("\(summary.interactive.count) interactive (no image)")
        }
        if !summary.failures.isEmpty {
            let numbers = NumberRanges.describe(summary.failures.map(\.number))
            parts.append("\(summary.failures.count) failed (\(numbers))")
        }
        console.printMessage("images: " + parts.joined(separator: ", "))
        for line in FailureReport.lines(summary.failures, noun: "image") {
            console.printMessage(line)
        }
        if summary.exitCode == ExitCode.temporaryFailure {
            console.printMessage("run 'comics refresh --images' again to retry the failed ones")
        }
    }

    /// `1 comic`, `3 comics`.
    private static func comics(_ count: Int) -> String {
        count == 1 ? "1 comic" : "\(count) comics"
    }
}
