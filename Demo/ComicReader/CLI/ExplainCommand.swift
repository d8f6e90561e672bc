/// `explain N [--launch] [--explain-base-url URL]`: the comic's explanation from explainxkcd,
/// under the address of its page; or the page opened in the browser with `--launch`.
///
/// An explanation fetched once is kept in the cache (`ExplanationStore`) and shown from there
/// afterwards, so it works offline; one with no text yet is not kept. When it is neither kept
/// nor can be fetched, the address is printed alone and one line on standard error says why;
/// that is not a failure.
struct ExplainCommand {
    let session: ReadingSession
    /// Prints and opens addresses, as `open` does.
    let opener: OpenCommand
    /// Makes the requests to the wiki.
    let fetcher: any ComicSource
    /// Where explanations are kept; nil without a cache directory.
    let store: ExplanationStore?
    let printer: ComicPrinter
    let terminal: Terminal

    /// Shows or opens the explanation of comic `number` from the wiki at `base` (the
    /// default, explainxkcd, when nil); a missing comic is a `ComicUnavailable` error.
    /// Returns the exit code.
    func run(_ number: Int, launch: Bool, base: String?) async throws -> Int32 {
        _ = try session.catalog().requireComic(number)
        let source = ExplanationSource(
            base: base ?? ExplanationSource.defaultBase, fetcher: fetcher)
        let address = source.pageAddress(ofComic: number)
        if launch { return try opener.present(address, launch: true) }
        printer.console.printData(address)
        guard let wikitext = await wikitext(ofComic: number, from: source) else {
            return ExitCode.ok
        }
        let text = ExplanationText(wikitext: wikitext)
        guard !text.blocks.isEmpty else {
            printer.note("note: the explanation of comic \(number) has no text yet")
            return ExitCode.ok
        }
        printer.console.printData("")
        for line in ExplanationLayout.lines(
            of: text, width: terminal.width, unicode: terminal.unicodeEnabled)
        {
            printer.console.printData(line)
        }
        return ExitCode.ok
    }

    /// The kept explanation, or the one fetched (and then kept, if it has text: a page with
    /// none yet, such as a new comic's, is asked for again next time); nil, after saying why on
    /// standard error, when there is neither.
    private func wikitext(ofComic number: Int, from source: ExplanationSource) async -> String? {
        do {
            if let kept = try store?.load(comic: number), Self.hasText(kept) { return kept }
        } catch {
            printer.note("warning: \(error); fetching the explanation again")
        }
        let wikitext: String
        do {
            wikitext = try await source.wikitext(ofComic: number)
        } catch {
            printer.note(
                "note: could not fetch the explanation from \(source.base): \(error); "
                    + "its address is above")
            return nil
        }
        do {
            if Self.hasText(wikitext) { try store?.save(wikitext, comic: number) }
        } catch {
            printer.note("warning: the explanation is shown but not kept: \(error)")
        }
        return wikitext
    }

    /// Whether `wikitext` gives any text to show.
    private static func hasText(_ wikitext: String) -> Bool {
        !ExplanationText(wikitext: wikitext).blocks.isEmpty
    }
}
