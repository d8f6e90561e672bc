/// Runs one parsed command with the objects its assembly makes, and turns any error into
/// one message on standard error and a sysexits code.
struct CommandRunner {
    let commands: CommandAssembly
    let console: any Console

    /// Runs `command`; returns the exit code.
    func run(_ command: Command) async -> Int32 {
        do {
            switch command {
            case .reader: return try await commands.reader.run()
            case .read(let number): return try await commands.reader.run(openingAt: number)
            case .display(let target, let transcript):
                return try await commands.display.run(target, transcript: transcript)
            case .search(let query): return try commands.search.run(query)
            case .list(let start, let count, let dates):
                return try commands.list.run(from: start, count: count, dates: dates)
            case .favorites(let action): return try commands.favorites.run(action)
            case .refresh(let request): return try await commands.refresh.run(request)
            case .open(let number, let launch): return try commands.open.run(number, launch: launch)
            case .save(let number, let file): return try await commands.save.run(number, to: file)
            case .resetState: return try commands.resetState.run()
            case .explain(let number, let launch, let base):
                return try await commands.explain.run(number, launch: launch, base: base)
            case .experiments: return commands.experiments.run()
            case .graph: return commands.graph.run()
            case .help(let topic):
                console.printData(
                    topic.flatMap(CommandTable.command(named:)).map(HelpText.command)
                        ?? HelpText.main())
                return ExitCode.ok
            case .version:
                console.printData("comics \(ComicsVersion.current)")
                return ExitCode.ok
            }
        } catch {
            return report(error)
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
