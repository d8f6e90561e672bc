/// A global option as the parser and the help know it (its `OptionSpec`), and what it does to
/// the run's `AppOptions`. `CommandTable.globalOptions` holds one per option, and nothing else
/// matches a global option's name, so adding one means adding an entry there.
struct GlobalOptionSpec: Sendable {
    /// Applies the option, as given on the line, to the options parsed so far; throws a usage
    /// error naming it when its value is not one it takes.
    typealias Apply =
        @Sendable (_ given: GivenOption, _ options: inout AppOptions) throws(UsageError) -> Void

    /// Name, value placeholder and help.
    let option: OptionSpec
    /// What the option does; called once per occurrence, in the order given.
    let apply: Apply

    /// An option that takes a value, `--name <valueName>`.
    init(name: String, valueName: String, help: String, apply: @escaping Apply) {
        option = OptionSpec(name: name, valueName: valueName, help: help)
        self.apply = apply
    }

    /// A switch that takes no value, such as `--json`.
    init(name: String, help: String, apply: @escaping @Sendable (inout AppOptions) -> Void) {
        option = OptionSpec(name: name, valueName: nil, help: help)
        self.apply = { _, options in apply(&options) }
    }

    /// The option's name with its dashes, e.g. `--cache`.
    var name: String { option.name }
    /// The value's placeholder, or nil for a switch.
    var valueName: String? { option.valueName }
}

/// One occurrence of a global option on the command line, handed to its
/// `GlobalOptionSpec.apply`.
struct GivenOption {
    /// The option's name, for messages.
    let name: String
    /// Its value; empty for a switch.
    let value: String
    /// The experiments `--ab` is checked against.
    let experiments: ExperimentRegistry

    /// A usage error about this option.
    func error(_ message: String) -> UsageError {
        UsageError(message: "option '\(name)' \(message)")
    }
}
