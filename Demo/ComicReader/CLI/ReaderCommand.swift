/// No subcommand: the interactive reader when a person is at a terminal that can draw screens
/// (`TERM` set, and not to `dumb`), otherwise the latest comic, so `comics | less` and scripts
/// still get something useful.
struct ReaderCommand {
    let environment: AppEnvironment
    let terminal: Terminal
    let json: Bool
    /// Loads the data before the screen is taken over, so a damaged file is reported plainly.
    let preflight: ReadingSession
    /// Builds the reader around a view.
    let module: ReaderModuleAssembly
    /// Used when there is no terminal to read keys from.
    let fallback: DisplayCommand

    /// Runs the reader, opened at comic `number` when given, until the user quits, or prints
    /// that comic (else the latest) when there is no terminal to read keys from; returns the
    /// exit code.
    func run(openingAt number: Int? = nil) async throws -> Int32 {
        let printed = number.map(DisplayTarget.number) ?? .latest
        // `TERM=dumb` (an editor's shell buffer, say) cannot move the cursor or clear a screen,
        // and a terminal that names no type may not either.
        let term = environment.variables["TERM"]?.lowercased() ?? ""
        let canDrawScreens = !term.isEmpty && term != "dumb"
        guard environment.inputIsTerminal, terminal.isTTY, canDrawScreens, !json else {
            return try await fallback.run(printed)
        }
        if let number, try preflight.catalog().comic(number: number) == nil {
            // Not in the cache: printing it says why, as `show` does.
            return try await fallback.run(printed)
        }
        _ = try preflight.catalog()
        _ = try preflight.state()
        // Said before the screen is taken over, so it can be read after quitting.
        fallback.printer.warnIfStateDamaged(preflight)
        let view = TerminalReaderView(stylesEnabled: terminal.colorEnabled)
        module.inject(into: view, openingAt: number)
        let ran = await KeyLoopThread.run { view.run() }
        return ran ? ExitCode.ok : try await fallback.run(printed)
    }
}
