/// `search TEXT`: the matching comics, best first, one line each (or JSON).
struct SearchCommand {
    let session: ReadingSession
    let printer: ComicPrinter
    let searcher: CatalogSearcher

    /// Prints the hits for `query`; finding nothing is not an error, but is said on stderr.
    func run(_ query: String) throws -> Int32 {
        let archive = try session.archive()
        printer.noteIfSample(archive)
        let hits = searcher.search(query, in: try session.catalog())
        if hits.isEmpty { printer.note("no comic matches '\(query)'") }
        let state = try session.state()
        printer.warnIfStateDamaged(session)
        try printer.printSummaries(hits.map(\.comic), state: state)
        return ExitCode.ok
    }
}
