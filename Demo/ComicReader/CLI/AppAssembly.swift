import Wiring

/// The root of the program's wiring: takes the run's inputs, switches the chosen A/B
/// variants on, and hands out the runner that dispatches commands.
final class AppAssembly: Assembly {
    private var inputs: OptionsAssembly { context.assembly() }
    private var commands: CommandAssembly { context.assembly() }
    private var rendering: RenderingAssembly { context.assembly() }
    private var readerModule: ReaderModuleAssembly { context.assembly() }

    /// Gives this context the run's inputs, the parsed options and the environment
    /// (`OptionsAssembly.start`), and switches on the experiments' chosen variants.
    func configure(
        options: AppOptions, environment: AppEnvironment,
        experiments: ExperimentRegistry = .standard
    ) {
        inputs.start(options: options, environment: environment)
        experiments.activate(options.experiments, in: context)
    }

    /// Runs commands, turning their errors into messages and exit codes.
    var runner: CommandRunner {
        define(init: CommandRunner(commands: commands, console: rendering.console))
    }

    /// The console, for reporting before any command runs.
    var console: any Console { rendering.console }

    /// Resolves what runs each command of `CommandTable` (one command per entry, built from
    /// its usage line) and builds a reader module around a view that is never shown, so a
    /// trace hook sees the whole wiring. Touches no file, terminal or network.
    func resolveMainObjects() {
        let runner = self.runner
        for spec in CommandTable.commands {
            // An entry that builds nothing this way is left out, and AppGraphTests fails.
            guard let command = try? spec.build(.sample(of: spec)) else { continue }
            _ = runner.prepare(command)
        }
        let view = TerminalReaderView(stylesEnabled: false)
        readerModule.inject(into: view)
        view.output = nil  // the module lives only as long as this resolution
    }
}
