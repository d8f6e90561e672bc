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
}
