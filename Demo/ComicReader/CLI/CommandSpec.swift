/// A subcommand as the parser and the help know it: name, arguments, own options and help,
/// and how its arguments become a `Command`. `CommandTable.commands` holds one per subcommand,
/// and nothing else matches a subcommand's name.
struct CommandSpec: Sendable {
    /// The name typed on the command line.
    let name: String
    /// Other accepted names.
    var aliases: [String] = []
    /// What follows the name in the usage line, e.g. `<number>`.
    var arguments = ""
    /// One line for the SUBCOMMANDS list and the OVERVIEW.
    let abstract: String
    /// Longer help, shown by `comics help NAME`.
    var discussion: String?
    /// The arguments, described.
    var argumentHelp: [(name: String, help: String)] = []
    /// Options only this command takes.
    var options: [OptionSpec] = []
    /// Example command lines.
    var examples: [String] = []
    /// Makes the command from the words after the name and this command's own options, or
    /// throws a usage error naming the one at fault.
    let build: @Sendable (CommandArguments) throws(UsageError) -> Command

    /// Whether `word` names this command.
    func isNamed(_ word: String) -> Bool { word == name || aliases.contains(word) }

    /// The option of this command called `name`, if any.
    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
}
