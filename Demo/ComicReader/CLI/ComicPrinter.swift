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

    /// Prints comics one line each (a JSON array with `--json`), favourites starred.
    func printSummaries(_ comics: [Comic], state: UserState) throws(ComicJSONOutput.EncodingFailure)
    {
        if json { return console.printData(try ComicJSONOutput.encode(comics)) }
        let formatter = ComicSummaryFormatter(
            width: terminal.width, comics: comics, unicodeEnabled: terminal.unicodeEnabled)
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

    /// A message for the user on standard error.
    func note(_ message: String) {
        console.printMessage(message)
    }
}
