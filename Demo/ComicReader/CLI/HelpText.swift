/// The text of `comics --help` and `comics help COMMAND`, laid out like swift-argument-parser's
/// help: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, then examples and exit statuses.
enum HelpText {
    /// Column where descriptions start.
    private static let column = 26

    /// Help for the whole program.
    static func main() -> String {
        var sections = [
            "OVERVIEW: Read xkcd-style comics in the terminal.\n\n"
                + wrapped(
                    "Without a subcommand, comics opens the interactive reader when it runs in a "
                        + "terminal that can draw screens (press ? there for its keys; not "
                        + "TERM=dumb) and prints the latest comic otherwise. Comics come from a "
                        + "local cache that 'comics refresh' fills; until then a built-in sample is shown."
                ),
            "USAGE: comics [<subcommand>] [<options>]",
            "OPTIONS:\n" + optionLines(CommandTable.globalOptions.map(\.option)) + "\n"
                + row("-h, --help", "Show help information.") + "\n"
                + row("--version", "Show the version."),
            "SUBCOMMANDS:\n"
                + CommandTable.commands.map { row($0.name + " " + $0.arguments, $0.abstract) }
                .joined(separator: "\n")
                + "\n\n  See 'comics help <subcommand>' for detailed help.",
        ]
        sections.append(
            """
            ENVIRONMENT:
            \(row("COMICS_CACHE_DIR", "Cache directory, when --cache is not given."))
            \(row("COMICS_BASE_URL", "Server address, when --base-url is not given."))
            \(row("COMICS_AB", "A/B variants, e.g. \"layout=card,random=unread-first\"."))
            \(row("COMICS_IMAGE", "Image mode, when --image is not given."))
            \(row("COMICS_IMAGE_BASE_URL", "Picture server, when --image-base-url is not given."))
            \(row("NO_COLOR", "When set (to anything), no colour is written."))
            """)
        sections.append(
            """
            EXAMPLES:
              comics                                Read interactively (or print the latest comic).
              comics show 410                       Show comic 410.
              comics search physics --json          Search, printing JSON.
              comics list --from 400 --count 20     List twenty comics from 400 on.
              comics --ab layout=card random        A random comic, drawn as a card.
              comics refresh --since 2900           Fetch comics 2900 to the latest.
            """)
        sections.append(exitStatus)
        return sections.joined(separator: "\n\n")
    }

    /// Help for one subcommand.
    static func command(_ spec: CommandSpec) -> String {
        var sections = [
            "OVERVIEW: \(spec.abstract)" + (spec.discussion.map { "\n\n" + wrapped($0) } ?? "")
        ]
        let usage = ["comics", spec.name, spec.arguments, "[<options>]"].filter { !$0.isEmpty }
        sections.append("USAGE: " + usage.joined(separator: " "))
        if !spec.argumentHelp.isEmpty {
            sections.append(
                "ARGUMENTS:\n"
                    + spec.argumentHelp.map { row($0.name, $0.help) }.joined(separator: "\n"))
        }
        var options = spec.options.isEmpty ? "" : optionLines(spec.options) + "\n"
        options += row("-h, --help", "Show help information.")
        sections.append(
            "OPTIONS:\n" + options
                + "\n\n  Global options (--cache, --json, --ab, ...): see 'comics --help'.")
        if !spec.examples.isEmpty {
            sections.append("EXAMPLES:\n" + spec.examples.map { "  " + $0 }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    /// The exit statuses, shared by every command.
    static let exitStatus = """
        EXIT STATUS:
          0   success (also when a search finds nothing)
          64  usage error: unknown command or option, bad number, unknown A/B variant
          65  damaged data: a cache or state file that does not decode, a bad server reply
          69  unavailable: no such comic (404 never exists), the server cannot be reached,
              or it has not a comic or image (HTTP 404)
          73  save: the file exists (it is never overwritten) or cannot be created
          74  a cache file cannot be read or written, or standard output cannot be written
          75  temporary failure: timeout, a reply cut short, server error (5xx, 429);
              try again later

          When some comics or images fail, refresh ends with 75 if any may come on a later
          try, else with the code of what failed: 74, then 69, then 65.
        """

    /// The option rows, continuation lines aligned under the description.
    private static func optionLines(_ options: [OptionSpec]) -> String {
        options.map { row($0.usage, $0.help) }.joined(separator: "\n")
    }

    /// `  name                    help`, further help lines aligned under the first.
    private static func row(_ name: String, _ help: String) -> String {
        let label = "  " + name
        let indent = String(repeating: " ", count: column)
        let lines = help.split(separator: "\n").map(String.init)
        let first =
            label.count < column - 1
            ? label + String(repeating: " ", count: column - label.count) + (lines.first ?? "")
            : label + "\n" + indent + (lines.first ?? "")
        return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }

    /// Text wrapped to 80 columns.
    private static func wrapped(_ text: String) -> String {
        TextWrapper.wrap(text, width: 80).joined(separator: "\n")
    }
}
