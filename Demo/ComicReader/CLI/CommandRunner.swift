/// Runs one parsed command with the objects its assembly makes, and turns any error into
/// one message on standard error and a sysexits code.
struct CommandRunner {
    let commands: CommandAssembly
    let console: any Console

    /// Runs `command`; returns the exit code.
    func run(_ command: Command) async -> Int32 {
        do {
            let code = try await prepare(command)()
            // Whatever the command printed is lost: it did not do what it said.
            if let failure = console.outputFailure { throw failure }
            return code
        } catch {
            return report(error)
        }
    }

    /// Makes what runs `command` (its object, from its definition in `commands`) and returns
    /// the run, not started. This switch is the one place that says which definition runs which
    /// command; `comics graph` prepares a command of every entry of `CommandTable` without
    /// running it, so the graph has them all.
    func prepare(_ command: Command) -> () async throws -> Int32 {
        switch command {
        case .reader:
            let reader = commands.reader
            return { try await reader.run() }
        case .read(let number):
            let reader = commands.reader
            return { try await reader.run(openingAt: number) }
        case .display(let target, let transcript):
            let display = commands.display
            return { try await display.run(target, transcript: transcript) }
        case .search(let query):
            let search = commands.search
            return { try search.run(query) }
        case .list(let start, let count, let dates):
            let list = commands.list
            return { try list.run(from: start, count: count, dates: dates) }
        case .favorites(let action):
            let favorites = commands.favorites
            return { try favorites.run(action) }
        case .refresh(let request):
            let refresh = commands.refresh
            return { try await refresh.run(request) }
        case .open(let number, let launch):
            let open = commands.open
            return { try open.run(number, launch: launch) }
        case .save(let number, let file):
            let save = commands.save
            return { try await save.run(number, to: file) }
        case .resetState:
            let resetState = commands.resetState
            return { try resetState.run() }
        case .explain(let number, let launch, let base):
            let explain = commands.explain
            return { try await explain.run(number, launch: launch, base: base) }
        case .experiments:
            let experiments = commands.experiments
            return { experiments.run() }
        case .graph:
            let graph = commands.graph
            return { graph.run() }
        case .help(let topic):
            let console = self.console
            return {
                console.printData(
                    topic.flatMap(CommandTable.command(named:)).map(HelpText.command)
                        ?? HelpText.main())
                return ExitCode.ok
            }
        case .version:
            let console = self.console
            return {
                console.printData("comics \(ComicsVersion.current)")
                return ExitCode.ok
            }
        }
    }

    /// Prints `error` as one line (two for usage errors: the hint) and picks the exit code.
    func report(_ error: any Error) -> Int32 {
        switch error {
        case let usage as UsageError:
            console.printMessage("comics: error: \(usage.message)")
            console.printMessage(usage.hint)
            return usage.exitCode
        case let reportable as any ReportableError:
            console.printMessage("comics: \(reportable)")
            return reportable.exitCode
        default:
            console.printMessage("comics: unexpected error: \(error)")
            return ExitCode.software
        }
    }
}
