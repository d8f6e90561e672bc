/// `latest`, `first`, `show N`, `random`, `next` and `prev`: records one comic as read and as
/// the last one shown, then prints it.
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
        // Recorded before printing: a reader that closes the pipe early (`| head -1`) ends the
        // program in the middle of printing, and the comic has been shown by then all the same.
        do {
            try session.updateState { $0.markShown(comic.num) }
        } catch {
            // Failing to remember it is worth a warning, not a failure.
            printer.note("warning: could not record comic \(comic.num) as read: \(error)")
        }
        try await printer.print(
            comic, state: state, isSample: archive.isSample, showsTranscript: transcript)
        return ExitCode.ok
    }
}
