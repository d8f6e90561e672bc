/// What a key asks the reader to do.
enum ReaderAction: Sendable, Equatable, CaseIterable {
    case next, previous, random, first, latest, goTo, search, nextMatch, previousMatch
    case favorite, open, explain, toggleAlt, toggleTranscript, zoom, scrollUp, scrollDown
    case pageUp, pageDown, help, quit

    /// The action bound to `key`, if any.
    init?(key: ReaderKey) {
        switch key {
        case .character("n"), .character(" "), .right: self = .next
        case .character("p"), .left: self = .previous
        case .character("r"): self = .random
        case .character("f"), .home: self = .first
        case .character("l"), .end: self = .latest
        case .character("g"): self = .goTo
        case .character("/"): self = .search
        case .character("m"): self = .nextMatch
        case .character("M"): self = .previousMatch
        case .character("*"): self = .favorite
        case .character("o"): self = .open
        case .character("e"): self = .explain
        case .character("a"): self = .toggleAlt
        case .character("t"): self = .toggleTranscript
        case .character("z"): self = .zoom
        case .character("k"), .up: self = .scrollUp
        case .character("j"), .down: self = .scrollDown
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .character("?"), .character("h"): self = .help
        case .character("q"), .interrupt, .endOfInput: self = .quit
        default: return nil
        }
    }

    /// The keys listed for this action in the help screen.
    var keys: String {
        switch self {
        case .next: "n  →  space"
        case .previous: "p  ←"
        case .random: "r"
        case .first: "f  Home"
        case .latest: "l  End"
        case .goTo: "g"
        case .search: "/"
        case .nextMatch: "m"
        case .previousMatch: "M"
        case .favorite: "*"
        case .open: "o"
        case .explain: "e"
        case .toggleAlt: "a"
        case .toggleTranscript: "t"
        case .zoom: "z"
        case .scrollUp: "k  ↑"
        case .scrollDown: "j  ↓"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .help: "?  h"
        case .quit: "q  Ctrl-D"
        }
    }

    /// What the action does, for the help screen.
    var summary: String {
        switch self {
        case .next: "next comic"
        case .previous: "previous comic"
        case .random: "random comic"
        case .first: "first comic"
        case .latest: "latest comic"
        case .goTo: "go to a comic by number"
        case .search: "search; shows the best match"
        case .nextMatch: "the search's next match"
        case .previousMatch: "the search's previous match"
        case .favorite: "add to or remove from the favourites"
        case .open: "open the comic's page in the browser"
        case .explain: "open the comic's explainxkcd page in the browser"
        case .toggleAlt: "show or hide the alt text"
        case .toggleTranscript: "show or hide the transcript"
        case .zoom: "picture as wide as the window (scrolls), or fitted"
        case .scrollUp: "scroll up"
        case .scrollDown: "scroll down"
        case .pageUp: "scroll up a screen"
        case .pageDown: "scroll down a screen"
        case .help: "this help"
        case .quit: "quit"
        }
    }

    /// The help screen: every action with its keys, under a heading that says how to leave
    /// it; 23 lines, so that all of it fits a 24-row window above the status line.
    static var helpText: String {
        let lines = allCases.map { action in
            action.keys + String(repeating: " ", count: max(1, 14 - action.keys.count))
                + action.summary
        }
        return (["Keys (press any key to go back to the comic)", ""] + lines).joined(
            separator: "\n")
    }
}
