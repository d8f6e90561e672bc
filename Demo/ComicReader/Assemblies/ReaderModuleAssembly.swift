import Wiring

/// The interactive reader, a VIPER module: one resolution builds one module graph in which
/// presenter, interactor, router and view are shared (object-graph scope), the view being
/// the object the caller made and injected.
final class ReaderModuleAssembly: Assembly {
    private var inputs: OptionsAssembly { context.assembly() }
    private var model: ModelAssembly { context.assembly() }
    private var rendering: RenderingAssembly { context.assembly() }
    private var network: NetworkAssembly { context.assembly() }

    /// Builds the module around `view`, which then owns it through its output; the reader
    /// opens at comic `number` when given, else where it was left.
    ///
    /// Generic over the view's class so the injected object is a class instance the graph
    /// keeps while the presenter's placeholder asks for it.
    func inject<View: ReaderView>(into view: View, openingAt number: Int? = nil) {
        defineInjection(key: "view", into: view) { view in
            let presenter = self.presenter
            presenter.openingNumber = number
            view.output = presenter
        }
    }

    /// The view given to `inject(into:)` in the current resolution.
    var view: any ReaderView { definePlaceholder() }

    var presenter: ReaderPresenter {
        define(
            init: ReaderPresenter(
                renderer: rendering.renderer, terminal: rendering.terminal, screenRows: screenRows)
        ) {
            $0.view = self.view
            $0.interactor = self.interactor
            $0.router = self.router
        }
    }

    var interactor: ReaderInteractor {
        define(
            init: ReaderInteractor(
                session: model.session, picker: model.randomPicker,
                generator: model.randomGenerator, searcher: model.searcher,
                images: imageSource))
    }

    var router: ReaderRouter {
        define(init: ReaderRouter(launcher: network.urlLauncher)) { $0.view = self.view }
    }

    /// Comics' pictures as `--image` says, from the sample, `images/` or the server; tests
    /// substitute a fake.
    var imageSource: any ReaderImageSource {
        define(
            init: ComicPictureSource(
                loader: network.imageLoader, maker: pictureMaker,
                timeout: inputs.options.timeout))
    }

    /// Draws pictures as `--image` says, each fitted to the room the reader's screen leaves;
    /// tests substitute one that takes its time.
    var pictureMaker: any ReaderPictureMaking {
        define(
            init: ReaderPictureMaker(
                presenter: rendering.imagePresenter(
                    maxRows: ReaderScreen.pictureRowLimit(screenRows: screenRows))))
    }

    /// Rows of the terminal when the reader starts; tests substitute a fixed number.
    var screenRows: Int {
        define(init: ScreenHeight.rows(environment: inputs.environment.variables))
    }
}
