import Wiring

/// The output layer: the console, the terminal's facts, the renderer (which the `layout`
/// experiment substitutes) and the printer that puts them together.
final class RenderingAssembly: Assembly {
    private lazy var inputs: OptionsAssembly = context.assembly()
    private var network: NetworkAssembly { context.assembly() }  // not lazy: network reads rendering too

    /// Standard output and standard error; tests substitute a capturing console.
    var console: any Console { define(scope: .lazySingleton, init: StandardConsole()) }

    /// Width, colour and Unicode support of standard output, measured once.
    var terminal: Terminal {
        define(
            scope: .lazySingleton,
            init: Terminal.current(
                noColorFlag: inputs.options.noColor, environment: inputs.environment.variables))
    }

    /// How a comic is laid out.
    var renderer: any ComicRenderer { define(init: ClassicRenderer()) }

    /// Turns image files into pictures as `--image` and the terminal allow.
    var imagePresenter: ImagePresenter {
        define(
            init: ImagePresenter(
                mode: inputs.options.imageMode, environment: inputs.environment.variables,
                isTTY: terminal.isTTY,
                colorEnabled: terminal.colorEnabled,
                maxColumns: terminal.width,
                maxRows: inputs.options.pictureFit.maxRows(
                    screenRows: ScreenHeight.rows(environment: inputs.environment.variables))))
    }

    /// Prints images above comics.
    var imagePrinter: ComicImagePrinter {
        define(
            init: ComicImagePrinter(
                loader: network.imageLoader, presenter: imagePresenter, console: console))
    }

    /// Prints comics as text or, with `--json`, as JSON.
    var printer: ComicPrinter {
        define(
            init: ComicPrinter(
                console: console, renderer: renderer, terminal: terminal, json: inputs.options.json,
                images: imagePrinter))
    }
}
