/// `list [--from N] [--count K] [--dates]`: comics in ascending order, the newest ten by
/// default, with their dates when asked.
struct ListCommand {
    let session: ReadingSession
    let printer: ComicPrinter

    /// Lists `count` comics from `start` on, or the newest `count`; an empty list is not an
    /// error, but is explained on standard error. Returns the exit code.
    func run(from start: Int?, count: Int, dates: Bool = false) throws -> Int32 {
        let archive = try session.archive()
        printer.noteIfSample(archive)
        let catalog = try session.catalog()
        let comics =
            start.map { catalog.page(from: $0, count: count) } ?? catalog.newest(count: count)
        if catalog.isEmpty {
            printer.note(ComicUnavailable.empty.description)
        } else if comics.isEmpty, let start, let latest = catalog.latest {
            printer.note("no comics from \(start) on; the latest is \(latest.num)")
        }
        let state = try session.state()
        printer.warnIfStateDamaged(session)
        try printer.printSummaries(comics, state: state, dates: dates)
        if !catalog.isEmpty { printer.noteReadingStatus(archive, state: state) }
        return ExitCode.ok
    }
}
