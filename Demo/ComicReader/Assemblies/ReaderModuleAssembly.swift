import Wiring

/// The interactive reader, a VIPER module: one resolution builds one module graph in which
/// presenter, interactor, router and view are shared (object-graph scope), the view being
/// the object the caller made and injected.
final class ReaderModuleAssembly: Assembly {
    private lazy var model: ModelAssembly = context.assembly()
    private lazy var rendering: RenderingAssembly = context.assembly()
    private lazy var network: NetworkAssembly = context.assembly()

    /// Builds the module around `view`, which then owns it through its output.
    ///
    /// Generic over the view's class so the injected object is a class instance the graph
    /// keeps while the presenter's placeholder asks for it.
    func inject<View: ReaderView>(into view: View) {
        defineInjection(key: "view", into: view) { $0.output = self.presenter }
    }

    /// The view given to `inject(into:)` in the current resolution.
    var view: any ReaderView { definePlaceholder() }

    var presenter: ReaderPresenter {
        define(init: ReaderPresenter(renderer: rendering.renderer, terminal: rendering.terminal)) {
            $0.view = self.view
            $0.interactor = self.interactor
            $0.router = self.router
        }
    }

    var interactor: ReaderInteractor {
        define(init: ReaderInteractor(session: model.session, picker: model.randomPicker,
                                      generator: model.randomGenerator, searcher: model.searcher))
    }

    var router: ReaderRouter {
        define(init: ReaderRouter(launcher: network.urlLauncher)) { $0.view = self.view }
    }
}
