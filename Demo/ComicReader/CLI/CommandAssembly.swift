import Wiring

/// One definition per subcommand, each given what it needs from the layers below.
final class CommandAssembly: Assembly {
    private var inputs: OptionsAssembly { context.assembly() }
    private var model: ModelAssembly { context.assembly() }
    private var cache: CacheAssembly { context.assembly() }
    private var rendering: RenderingAssembly { context.assembly() }
    private var network: NetworkAssembly { context.assembly() }
    private var readerModule: ReaderModuleAssembly { context.assembly() }

    var display: DisplayCommand {
        define(
            init: DisplayCommand(
                session: model.session, printer: rendering.printer, picker: model.randomPicker,
                generator: model.randomGenerator))
    }

    var search: SearchCommand {
        define(
            init: SearchCommand(
                session: model.session, printer: rendering.printer, searcher: model.searcher))
    }

    var list: ListCommand {
        define(init: ListCommand(session: model.session, printer: rendering.printer))
    }

    var favorites: FavoritesCommand {
        define(init: FavoritesCommand(session: model.session, printer: rendering.printer))
    }

    var open: OpenCommand {
        define(
            init: OpenCommand(
                session: model.session, printer: rendering.printer, terminal: rendering.terminal,
                launcher: network.urlLauncher))
    }

    var explain: ExplainCommand {
        define(
            init: ExplainCommand(
                session: model.session, opener: open, fetcher: network.comicSource,
                store: cache.explanationStore, printer: rendering.printer,
                terminal: rendering.terminal))
    }

    var refresh: RefreshCommand {
        define(
            init: RefreshCommand(
                archiveStore: cache.archiveStore, refresher: network.refresher,
                imageRefresher: network.imageRefresher, progress: rendering.refreshProgress,
                console: rendering.console))
    }

    var save: SaveCommand {
        define(
            init: SaveCommand(
                session: model.session, loader: network.imageLoader,
                environment: inputs.environment, console: rendering.console))
    }

    var resetState: ResetStateCommand {
        define(init: ResetStateCommand(stateStore: cache.stateStore, console: rendering.console))
    }

    var experiments: ExperimentsCommand {
        define(
            init: ExperimentsCommand(
                registry: .standard, selection: inputs.options.experiments,
                console: rendering.console))
    }

    var graph: GraphCommand {
        define(init: GraphCommand(console: rendering.console, traceMainObjects: traceMainObjects()))
    }

    var reader: ReaderCommand {
        define(
            init: ReaderCommand(
                environment: inputs.environment, terminal: rendering.terminal,
                json: inputs.options.json, preflight: model.session, module: readerModule,
                fallback: display))
    }

    /// Records, in a fresh traced context wired like this one, the resolution of the
    /// program's main objects.
    private func traceMainObjects() -> () -> [TraceRecord] {
        let options = inputs.options
        let environment = inputs.environment
        return {
            let recorder = TraceRecorder()
            let app = AppAssembly.instance(from: DIContext(trace: recorder.hook))
            app.configure(options: options, environment: environment)
            app.resolveMainObjects()
            return recorder.all
        }
    }
}
