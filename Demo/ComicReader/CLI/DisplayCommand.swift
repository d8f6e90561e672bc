/// `latest`, `first`, `show N`, `random`, `next` and `prev`: prints one comic, then records
/// it as read and as the last one shown.
final class DisplayCommand {
    private let session: ReadingSession
    /// Prints the comic and the notes that go with it.
    let printer: ComicPrinter
    private let picker: any RandomComicPicker
    private var generator: any RandomNumberGenerator

    init(
        session: ReadingSession, printer: ComicPrinter, picker: any RandomComicPicker,
        generator: any RandomNumberGenerator
    ) {
        self.session = session
        self.printer = printer
        self.picker = picker
        self.generator = generator
    }

    /// Shows the comic `target` names, with its transcript when asked; a missing comic is a
    /// `ComicUnavailable` error.
    func run(_ target: DisplayTarget, transcript: Bool = false) async throws -> Int32 {
        let archive = try session.archive()
        printer.noteIfSample(archive)
        let state = try session.state()
        printer.warnIfStateDamaged(session)
        let navigator = ComicNavigator(catalog: try session.catalog(), picker: picker)
        let comic = try navigator.comic(
            target, current: state.lastShown, state: state, using: &generator)
        try await printer.print(
            comic, state: state, isSample: archive.isSample, showsTranscript: transcript)
        // Not shown (a full disk): not recorded either. A reader that closed the pipe early
        // (`| head -1`) has had the comic, and it is recorded.
        if let failure = printer.console.outputFailure { throw failure }
        do {
            try session.updateState { $0.markShown(comic.num) }
        } catch {
            // The comic is out; failing to remember it is worth a warning, not a failure.
            printer.note("warning: could not record comic \(comic.num) as read: \(error)")
        }
        return ExitCode.ok
    }
}
