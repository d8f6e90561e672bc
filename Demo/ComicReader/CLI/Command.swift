/// A parsed subcommand with its own arguments.
enum Command: Sendable, Equatable {
    /// No subcommand: the interactive reader on a terminal, else the latest comic.
    case reader
    /// `read N`: the interactive reader opened at comic N.
    case read(Int)
    /// `latest`, `first`, `show N [--transcript]`, `random`, `next`, `prev`.
    case display(DisplayTarget, transcript: Bool = false)
    /// `search TEXT…`.
    case search(String)
    /// `list [--from N] [--count K] [--dates]`.
    case list(from: Int?, count: Int, dates: Bool = false)
    /// `favorites [add|remove N]`.
    case favorites(FavoritesAction)
    /// `refresh [--all | --latest | --since N] [--images] [--force]`.
    case refresh(RefreshRequest)
    /// `save N [FILE]`.
    case save(Int, file: String?)
    /// `reset-state`.
    case resetState
    /// `open N [--launch]`.
    case open(Int, launch: Bool)
    /// `explain N [--launch] [--explain-base-url URL]`; a nil base is explainxkcd's.
    case explain(Int, launch: Bool, base: String? = nil)
    /// `experiments`.
    case experiments
    /// `graph`.
    case graph
    /// `help [COMMAND]`, `--help`, `-h`.
    case help(topic: String?)
    /// `--version`.
    case version

    /// Why `--json` does not apply, for a command that prints no comics; nil when it does.
    /// Every command answers, so none accepts `--json` and then ignores it.
    var withoutJSON: String? {
        switch self {
        case .reader, .read, .display, .search, .list, .favorites(.list), .help, .version:
            nil
        case .favorites(.add), .favorites(.remove):
            "it changes the favourites and prints a line of text; 'comics --json favorites' "
                + "lists them"
        case .refresh: "it downloads comics and reports as text"
        case .save: "it writes a picture to a file and says where as text"
        case .resetState: "it sets state.json aside and reports as text"
        case .open: "it prints a web address, not comics"
        case .explain: "it prints an explanation as text, not comics"
        case .experiments: "it lists the A/B experiments as text, not comics"
        case .graph: "it prints the graph in Graphviz DOT, not comics"
        }
    }
}
