/// The command line cannot be understood; says what was wrong, exits with 64 (`EX_USAGE`).
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, naming the argument or variable.
    let message: String
    /// The subcommand the error concerns, so the hint can point at its help.
    var command: String?

    var description: String { message }

    /// The one-line hint printed under the message.
    var hint: String {
        "Run 'comics \(command.map { "\($0) " } ?? "")--help' for usage."
    }
}
