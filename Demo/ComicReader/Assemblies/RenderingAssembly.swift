import Wiring

/// The output layer: the console, the terminal's facts, the renderer (which the `layout`
/// experiment substitutes) and the printer that puts them together.
final class RenderingAssembly: Assembly {
    private lazy var inputs: OptionsAssembly = context.assembly()

    /// Standard output and standard error; tests substitute a capturing console.
    var console: any Console { define(scope: .lazySingleton, init: StandardConsole()) }

    /// Width, colour and Unicode support of standard output, measured once.
    var terminal: Terminal {
        define(scope: .lazySingleton,
               init: Terminal.current(noColorFlag: inputs.options.noColor, environment: inputs.environment.variables))
    }

    /// How a comic is laid out.
    var renderer: any ComicRenderer { define(init: ClassicRenderer()) }

    /// Prints comics as text or, with `--json`, as JSON.
    var printer: ComicPrinter {
        define(init: ComicPrinter(console: console, renderer: renderer, terminal: terminal, json: inputs.options.json))
    }
}
