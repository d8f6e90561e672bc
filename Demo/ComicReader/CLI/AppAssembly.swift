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

    /// Resolves every command and builds a reader module around a view that is never shown,
    /// so a trace hook sees the whole wiring. Touches no file, terminal or network.
    func resolveMainObjects() {
        _ = runner
        _ = commands.reader
        _ = commands.search
        _ = commands.list
        _ = commands.favorites
        _ = commands.open
        _ = commands.explain
        _ = commands.refresh
        _ = commands.experiments
        _ = commands.graph
        let view = TerminalReaderView(stylesEnabled: false)
        readerModule.inject(into: view)
        view.output = nil  // the module lives only as long as this resolution
    }
}
