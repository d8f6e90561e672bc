/// A `--flag` the command line accepts: its name, whether it takes a value, and its help.
struct OptionSpec: Sendable {
    /// The flag with its dashes, e.g. `--cache`.
    let name: String
    /// The value's placeholder (`dir`), or nil for a switch that takes no value.
    let valueName: String?
    /// One line of help; more lines are continuation lines.
    let help: String

    /// The flag as usage shows it: `--cache <dir>` or `--json`.
    var usage: String { valueName.map { "\(name) <\($0)>" } ?? name }
}
