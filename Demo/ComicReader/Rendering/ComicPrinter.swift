/// Prints comics the way the options ask: laid out by the active renderer for the terminal,
/// or as API-shaped JSON with `--json`; plus the notes that go with them on standard error.
struct ComicPrinter {
    let console: any Console
    /// Lays a comic out; the A/B experiment `layout` substitutes it.
    let renderer: any ComicRenderer
    let terminal: Terminal
    /// `--json`.
    let json: Bool
    /// Draws images above the text, as `--image` says.
    let images: ComicImagePrinter

    /// Prints one comic, its image first when images are on, marked as favourite or new
    /// according to `state`, with its transcript if `showsTranscript`. `isSample` says it is
    /// one of the built-in sample comics.
    func print(
        _ comic: Comic, state: UserState, isSample: Bool, showsTranscript: Bool = false
    ) async throws(ComicJSONOutput.EncodingFailure) {
        if json { return console.printData(try ComicJSONOutput.encode(comic)) }
        await images.printImage(of: comic, isSample: isSample)
        let context = RenderContext(
            terminal: terminal, showsTranscript: showsTranscript,
            isFavorite: state.favorites.contains(comic.num),
            isRead: state.read.contains(comic.num))
        console.printData(renderer.render(comic, context: context))
    }

    /// Prints comics one line each (a JSON array with `--json`), favourites starred, with
    /// their dates when `dates` is set.
    func printSummaries(_ comics: [Comic], state: UserState, dates: Bool = false)
        throws(ComicJSONOutput.EncodingFailure)
    {
        if json { return console.printData(try ComicJSONOutput.encode(comics)) }
        var formatter = ComicSummaryFormatter(
            width: terminal.width, comics: comics, unicodeEnabled: terminal.unicodeEnabled)
        formatter.showsDates = dates
        for comic in comics {
            console.printData(
                formatter.line(for: comic, isFavorite: state.favorites.contains(comic.num)))
        }
    }

    /// Says on standard error that the built-in sample stands in for a missing cache, except
    /// with `--json`, whose readers are programs.
    func noteIfSample(_ archive: ComicArchive) {
        guard archive.isSample, !json else { return }
        console.printMessage(
            "note: showing the built-in sample comics; run 'comics refresh' to download the real ones"
        )
    }

    /// Warns on standard error, once per session, that the state file is damaged and so
    /// favourites and read marks are ignored, and says how to recover.
    func warnIfStateDamaged(_ session: ReadingSession) {
        guard let problem = session.damagedState else { return }
        console.printMessage(
            "warning: \(problem); favourites and read comics are ignored and not saved. "
                + StateFileRecovery.advice)
    }

    /// Says on standard error how many comics are read, and which numbers up to the latest the
    /// server named are not cached, as runs; not with `--json`.
    func noteReadingStatus(_ archive: ComicArchive, state: UserState) {
        guard !json else { return }
        let cached = Set(archive.comics.map(\.num))
        let read = state.read.intersection(cached).count
        var line = "read \(read) of \(cached.count) comics"
        let gaps = archive.record.gaps(cached: cached)
        if !gaps.isEmpty {
            line +=
                "; not cached: \(gaps.count) (\(NumberRanges.describe(gaps))), 'comics refresh' fetches them"
        }
        console.printMessage(line)
    }

    /// A message for the user on standard error.
    func note(_ message: String) {
        console.printMessage(message)
    }
}
