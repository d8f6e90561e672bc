import Wiring

/// The run's inputs as graph values: the parsed options and the process environment.
///
/// The definitions give defaults (no flags; the real process environment); the program
/// replaces them with what it parsed through `provide(_:environment:)`, a substitution,
/// which is also how tests put in their own values.
final class OptionsAssembly: Assembly {
    /// The global options, parsed from flags and `COMICS_*` variables.
    var options: AppOptions { define(scope: .lazySingleton, init: AppOptions()) }

    /// Environment variables, working directory, whether input is a terminal.
    var environment: AppEnvironment {
        define(scope: .lazySingleton, init: AppEnvironment.current())
    }

    /// Makes `options` and `environment` the values every assembly of this context reads.
    func provide(_ options: AppOptions, environment: AppEnvironment) {
        addSubstitution(for: \.options) { options }
        addSubstitution(for: \.environment) { environment }
    }
}
