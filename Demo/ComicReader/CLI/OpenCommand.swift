/// `open N [--launch]`: print the address of the comic's page, or open it in the browser when
/// asked to and a person is at the terminal. `explain` opens its addresses this way too.
struct OpenCommand {
    let session: ReadingSession
    let printer: ComicPrinter
    let terminal: Terminal
    let launcher: any URLLauncher

    /// Prints or opens the page of comic `number`; a missing comic is a `ComicUnavailable`
    /// error. Returns the exit code.
    func run(_ number: Int, launch: Bool) throws -> Int32 {
        let url = ComicPresentation(try session.catalog().requireComic(number)).pageURL
        return try present(url, launch: launch)
    }

    /// Prints `url`, or opens it when `launch` is set and standard output is a terminal.
    /// Returns the exit code.
    func present(_ url: String, launch: Bool) throws -> Int32 {
        guard launch else {
            printer.console.printData(url)
            return ExitCode.ok
        }
        guard terminal.isTTY else {
            printer.console.printData(url)
            printer.note("note: not launching a browser because the output is not a terminal")
            return ExitCode.ok
        }
        try launcher.open(url)
        printer.note("opened \(url)")
        return ExitCode.ok
    }
}
