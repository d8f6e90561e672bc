/// `open N [--launch]` and `explain N [--launch]`: print the address of the comic's page or
/// of its explanation on explainxkcd, or open it in the browser when asked to and a person is
/// at the terminal.
struct OpenCommand {
    let session: ReadingSession
    let printer: ComicPrinter
    let terminal: Terminal
    let launcher: any URLLauncher

    /// Prints or opens the page of comic `number`; a missing comic is a `ComicUnavailable`
    /// error. Returns the exit code.
    func run(_ number: Int, launch: Bool) throws -> Int32 {
        try show(\.pageURL, of: number, launch: launch)
    }

    /// Prints or opens the explainxkcd page of comic `number`; a missing comic is a
    /// `ComicUnavailable` error. Returns the exit code.
    func explain(_ number: Int, launch: Bool) throws -> Int32 {
        try show(\.explanationURL, of: number, launch: launch)
    }

    /// Prints or opens the `address` of comic `number`.
    private func show(
        _ address: KeyPath<ComicPresentation, String>, of number: Int, launch: Bool
    ) throws -> Int32 {
        let url = ComicPresentation(try session.catalog().requireComic(number))[keyPath: address]
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
