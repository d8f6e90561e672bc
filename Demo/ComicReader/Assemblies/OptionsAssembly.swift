import Wiring

/// The run's inputs as graph values: the parsed options and the process environment.
///
/// Run-time inputs are not substitutions. The code that makes the context hands them to
/// `start(options:environment:)`, which keeps them in this assembly and reads both
/// definitions at once: they are lazy singletons, so from then on the context keeps the
/// values for its whole life, whether or not anyone holds this assembly, and they can no
/// longer change. Substitutions stay what they are for: tests and A/B variants.
final class OptionsAssembly: Assembly {
    /// What `start` was given; nil until then, when the definitions fall back to defaults.
    private var given: (options: AppOptions, environment: AppEnvironment)?

    /// The global options, parsed from flags and `COMICS_*` variables.
    var options: AppOptions {
        define(scope: .lazySingleton, init: given?.options ?? AppOptions())
    }

    /// Environment variables, working directory, whether input is a terminal.
    var environment: AppEnvironment {
        define(scope: .lazySingleton, init: given?.environment ?? AppEnvironment.current())
    }

    /// Makes `options` and `environment` the values every assembly of this context reads.
    ///
    /// Stops the program when the context already holds other inputs: something read them
    /// before the run started, or a second start tried to change them.
    func start(options: AppOptions, environment: AppEnvironment) {
        given = (options, environment)
        let (keptOptions, keptEnvironment) = (self.options, self.environment)
        precondition(
            keptOptions == options && keptEnvironment == environment,
            "OptionsAssembly.start: this context already holds other inputs; start it "
                + "before anything reads them, and only once")
    }
}
