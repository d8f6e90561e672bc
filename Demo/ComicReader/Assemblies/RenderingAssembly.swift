import Wiring

/// The output layer: the console, the terminal's facts, the renderer (which the `layout`
/// experiment substitutes) and the printer that puts them together.
final class RenderingAssembly: Assembly {
    private var inputs: OptionsAssembly { context.assembly() }
    private var network: NetworkAssembly { context.assembly() }

    /// Standard output and standard error; tests substitute a capturing console.
    var console: any Console { define(scope: .lazySingleton, init: StandardConsole()) }

    /// Width, colour and Unicode support of standard output, measured once.
    var terminal: Terminal {
        define(
            scope: .lazySingleton,
            init: Terminal.current(
                noColorFlag: inputs.options.noColor, environment: inputs.environment.variables))
    }

    /// The refresh's progress bar on standard error, drawn only on a terminal, as wide as
    /// the terminal.
    var refreshProgress: any RefreshProgress {
        define(init: ProgressBar.onStandardError(columns: terminal.width))
    }

    /// How a comic is laid out.
    var renderer: any ComicRenderer { define(init: ClassicRenderer()) }

    /// Turns image files into pictures above printed comics.
    var imagePresenter: ImagePresenter { imagePresenter(maxRows: printedPictureRows) }

    /// An image presenter as `--image` and the terminal allow, as wide as the terminal and
    /// `maxRows` rows high: the one definition of presenters, for the printer and for the
    /// reader, which leaves a picture a different height. Keyed by its argument, as a
    /// method with arguments must be.
    func imagePresenter(maxRows: Int) -> ImagePresenter {
        define(
            key: "imagePresenter(maxRows: \(maxRows))",
            init: ImagePresenter(
                mode: inputs.options.imageMode, environment: inputs.environment.variables,
                isTTY: terminal.isTTY, colorEnabled: terminal.colorEnabled,
                maxColumns: terminal.width, maxRows: maxRows))
    }

    /// Prints images above comics.
    var imagePrinter: ComicImagePrinter {
        define(
            init: ComicImagePrinter(
                loader: network.imageLoader, presenter: imagePresenter, console: console))
    }

    /// Rows a picture printed above a comic may take: the screen less room for the text,
    /// but never fewer than 8.
    /// As many rows as a printed picture may take: unbounded by default, the screen less room
    /// for the text with `--fit-screen`.
    private var printedPictureRows: Int {
        inputs.options.pictureFit.maxRows(
            screenRows: ScreenHeight.rows(environment: inputs.environment.variables))
    }

    /// Prints comics as text or, with `--json`, as JSON.
    var printer: ComicPrinter {
        define(
            init: ComicPrinter(
                console: console, renderer: renderer, terminal: terminal, json: inputs.options.json,
                images: imagePrinter))
    }
}
