/// Every subcommand and every global option of `comics`, in the order help lists them.
enum CommandTable {
    /// Options accepted anywhere on the line, before or after the subcommand, each with what
    /// it does: the one place a global option is named.
    static let globalOptions: [GlobalOptionSpec] = [
        GlobalOptionSpec(
            name: "--cache", valueName: "dir",
            help:
                "Keep comics.json, state.json, refresh.json,\nimages/ and explanations/ in <dir>.\n"
                + "(default: $COMICS_CACHE_DIR, else $XDG_CACHE_HOME/comics,\nelse ~/.cache/comics)"
        ) { given, options throws(UsageError) in
            guard !given.value.isEmpty else { throw given.error("needs a directory") }
            options.cacheDirectory = given.value
        },
        GlobalOptionSpec(
            name: "--base-url", valueName: "url",
            help: "Fetch comics from this server.\n"
                + "(default: $COMICS_BASE_URL, else \(HTTPComicSource.defaultBase))"
        ) { given, options throws(UsageError) in
            options.baseURL = try CommandLineParser.baseURL(given.value, origin: given.name)
        },
        GlobalOptionSpec(
            name: "--image-base-url", valueName: "url",
            help: "Download pictures from this server, keeping each\n"
                + "picture's path (also $COMICS_IMAGE_BASE_URL). A comic's\n"
                + "mirror_img field, as mirrors add, is used first."
        ) { given, options throws(UsageError) in
            options.imageBaseURL = try CommandLineParser.imageBaseURL(
                given.value, origin: given.name)
        },
        GlobalOptionSpec(
            name: "--timeout", valueName: "seconds",
            help: "Give up on a comic or image after this long,\n"
                + "retries included; from \(CommandLineParser.timeoutRange.lowerBound) to "
                + "\(Int(CommandLineParser.timeoutRange.upperBound)). "
                + "(default: \(Int(HTTPComicSource.defaultTimeout)))"
        ) { given, options throws(UsageError) in
            options.timeout = try CommandLineParser.timeout(given.value)
        },
        GlobalOptionSpec(name: "--json", help: "Print comics as JSON, in the API's shape.") {
            $0.json = true
        },
        GlobalOptionSpec(
            name: "--ab", valueName: "name=variant",
            help: "Choose an A/B variant; repeatable.\n"
                + "See 'comics experiments'. (also $COMICS_AB=\"name=variant,...\")"
        ) { given, options throws(UsageError) in
            options.experiments = try CommandLineParser.experimentSelection(
                [given.value], over: options.experiments, in: given.experiments,
                origin: given.name)
        },
        GlobalOptionSpec(
            name: "--no-color", help: "Never colour the output (also $NO_COLOR, TERM=dumb)."
        ) { $0.noColor = true },
        GlobalOptionSpec(
            name: "--image", valueName: "mode",
            help: "How to draw comic images: \(ImageMode.choices).\n"
                + "(default: $COMICS_IMAGE, else auto)"
        ) { given, options throws(UsageError) in
            options.imageMode = try CommandLineParser.imageMode(given.value, origin: given.name)
        },
        GlobalOptionSpec(
            name: "--fit-screen",
            help: "Draw pictures small enough to fit the screen with their text,\n"
                + "instead of as wide as the terminal (the output scrolls).\n"
                + "The interactive reader always fits pictures to its screen."
        ) { $0.pictureFit = .screen },
    ]

    /// `-h` and `--help`, accepted everywhere.
    static let helpFlags = ["-h", "--help"]
    /// `--version`.
    static let versionFlag = "--version"

    /// The subcommands, each with what builds its `Command`: the one place a subcommand is
    /// named, so adding one means adding an entry here (and its `Command` case and runner).
    static let commands: [CommandSpec] = [
        CommandSpec(
            name: "latest", abstract: "Show the newest comic.",
            examples: ["comics latest", "comics latest --json"]
        ) { line throws(UsageError) in
            try line.noArguments()
            return .display(.latest)
        },
        CommandSpec(
            name: "show", arguments: "<number>", abstract: "Show comic <number>.",
            discussion: "Comic 404 does not exist: on the real site it answers \"404 Not Found\", "
                + "which is the joke. Asking for it, for a number above the latest known comic, "
                + "or for one missing from the cache ends with exit status 69.",
            argumentHelp: [("<number>", "The comic's number, e.g. 410.")],
            options: [
                OptionSpec(
                    name: "--transcript", valueName: nil,
                    help: "Also print the transcript, scene descriptions in parentheses.")
            ],
            examples: [
                "comics show 410", "comics show 410 --transcript",
                "comics --ab layout=card show 410",
            ]
        ) { line throws(UsageError) in
            .display(.number(try line.onlyNumber()), transcript: line.flag("--transcript"))
        },
        CommandSpec(
            name: "read", arguments: "<number>",
            abstract: "Open the interactive reader at comic <number>.",
            discussion: "Without a terminal to read keys from, prints the comic as 'show' does.",
            argumentHelp: [("<number>", "The comic's number, e.g. 1732.")],
            examples: ["comics read 1732"]
        ) { line throws(UsageError) in .read(try line.onlyNumber()) },
        CommandSpec(
            name: "random", abstract: "Show a random comic.",
            discussion: "With --unread, only comics not read yet are chosen from. "
                + "With --ab random=unread-first, comics not read yet are preferred.",
            options: [
                OptionSpec(
                    name: "--unread", valueName: nil, help: "Choose among comics not read yet.")
            ],
            examples: ["comics random", "comics random --unread"]
        ) { line throws(UsageError) in
            try line.noArguments()
            return .display(line.flag("--unread") ? .randomUnread : .random)
        },
        CommandSpec(
            name: "first", abstract: "Show the oldest known comic."
        ) { line throws(UsageError) in
            try line.noArguments()
            return .display(.first)
        },
        CommandSpec(
            name: "next", abstract: "Show the comic after the one shown last.",
            discussion: "Starts at the first comic when none was shown yet. "
                + "The last comic shown is kept in state.json."
        ) { line throws(UsageError) in
            try line.noArguments()
            return .display(.next)
        },
        CommandSpec(
            name: "prev", aliases: ["previous"],
            abstract: "Show the comic before the one shown last.",
            discussion: "Starts at the latest comic when none was shown yet."
        ) { line throws(UsageError) in
            try line.noArguments()
            return .display(.previous)
        },
        CommandSpec(
            name: "search", arguments: "<text>...",
            abstract: "Find comics by title, alt text and transcript.",
            discussion:
                "Every word must occur. Results are ranked, best first: title hits weigh most, "
                + "then alt text, then transcript; whole words beat parts of words.",
            argumentHelp: [("<text>", "Words to look for; case and accents are ignored.")],
            examples: ["comics search physics", "comics search --json tab completion"]
        ) { line throws(UsageError) in
            let text = line.arguments.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else {
                throw line.error(
                    "'\(line.name)' needs some text, e.g. 'comics \(line.name) physics'")
            }
            return .search(text)
        },
        CommandSpec(
            name: "list", abstract: "List comics, one line each (the newest 10 by default).",
            options: [
                OptionSpec(
                    name: "--from", valueName: "number", help: "Start at this comic, going up."),
                OptionSpec(
                    name: "--count", valueName: "count", help: "How many to list. (default: 10)"),
                OptionSpec(name: "--dates", valueName: nil, help: "Show each comic's date."),
            ],
            examples: [
                "comics list", "comics list --from 400 --count 20", "comics list --dates",
                "comics list --json",
            ]
        ) { line throws(UsageError) in
            try line.noArguments()
            let from = try line.value("--from").map { text throws(UsageError) in
                try line.number(text, option: "--from")
            }
            let count = try line.value("--count").map { text throws(UsageError) in
                try line.number(text, .count, option: "--count")
            }
            return .list(from: from, count: count ?? 10, dates: line.flag("--dates"))
        },
        CommandSpec(
            name: "favorites", aliases: ["favourites"], arguments: "[add|remove <number>]",
            abstract: "List favourite comics, or add or remove one.",
            discussion: "Also spelled 'favourites'.",
            examples: [
                "comics favorites", "comics favorites add 410", "comics favorites remove 410",
            ]
        ) { line throws(UsageError) in
            guard let action = line.arguments.first else { return .favorites(.list) }
            guard action == "add" || action == "remove" else {
                throw line.error(
                    "unknown \(line.name) action '\(action)'; use 'add <number>' or 'remove <number>'"
                )
            }
            guard line.arguments.count >= 2 else {
                throw line.error("'\(line.name) \(action)' needs a comic number")
            }
            try line.atMost(2, for: "\(line.name) \(action)")
            let comic = try line.number(line.arguments[1])
            return .favorites(action == "add" ? .add(comic) : .remove(comic))
        },
        CommandSpec(
            name: "refresh", abstract: "Download comics from the server into the cache.",
            discussion: "Without a flag, fetches every comic up to the latest that is not cached "
                + "yet, so it also resumes an interrupted refresh and retries failed comics; numbers "
                + "the server answered 404 for are remembered (in refresh.json) and not asked again. "
                + "It ends by saying what is still missing. With --images, then downloads the images "
                + "of the cached comics that are not kept yet, or kept cut short; --images alone "
                + "fetches only those images. "
                + "Three failures alike in a row from an unreachable or silent host stop it.",
            options: [
                OptionSpec(
                    name: "--all", valueName: nil,
                    help: "Fetch every comic from 1 to the latest that is\n"
                        + "not cached, asking again for those the server\nsaid it has not."),
                OptionSpec(name: "--latest", valueName: nil, help: "Fetch only the latest comic."),
                OptionSpec(
                    name: "--since", valueName: "number",
                    help: "Fetch comics from <number> to the latest."),
                OptionSpec(
                    name: "--images", valueName: nil,
                    help: "Download the missing images of the cached comics\n"
                        + "(interactive comics have none)."),
                OptionSpec(
                    name: "--force", valueName: nil,
                    help: "Fetch cached comics again, and replace a damaged\n"
                        + "cache file (a copy of it is kept first); with\n--images, download kept images again."
                ),
            ],
            examples: [
                "comics refresh", "comics refresh --since 2900", "comics refresh --all --force",
                "comics refresh --images",
            ]
        ) { line throws(UsageError) in
            // At most one of --all, --latest and --since N; --images without one of them
            // fetches images only.
            try line.noArguments()
            var request = RefreshRequest(force: line.flag("--force"), images: line.flag("--images"))
            if request.images { request.range = nil }
            var chosen: [String] = []
            if line.flag("--all") {
                request.range = .all
                chosen.append("--all")
            }
            if line.flag("--latest") {
                request.range = .latest
                chosen.append("--latest")
            }
            if let since = line.value("--since") {
                request.range = .since(try line.number(since, option: "--since"))
                chosen.append("--since")
            }
            if chosen.count > 1 {
                throw line.error(
                    "choose one of --all, --latest and --since, not \(chosen.joined(separator: " and "))"
                )
            }
            return .refresh(request)
        },
        CommandSpec(
            name: "open", arguments: "<number>",
            abstract: "Print the web address of comic <number>.",
            discussion: "With --launch on a terminal, opens it in the browser instead "
                + "(xdg-open on Linux, open on macOS).",
            argumentHelp: [("<number>", "The comic's number.")],
            options: [
                OptionSpec(
                    name: "--launch", valueName: nil, help: "Open the address in the browser.")
            ],
            examples: ["comics open 410", "comics open 410 --launch"]
        ) { line throws(UsageError) in
            .open(try line.onlyNumber(), launch: line.flag("--launch"))
        },
        CommandSpec(
            name: "save", arguments: "<number> [<file>]",
            abstract: "Save the picture of comic <number> to a file.",
            discussion: "The picture comes from images/ in the cache, or the server (and is then "
                + "kept in images/ too); a kept picture that is cut short is fetched again, and a "
                + "picture that is not whole is never saved (exit status 65). Without <file>, it is "
                + "saved in the current directory as <number>-<the picture's name>, e.g. "
                + "614-woodpecker.png, and a <file> that is a folder gets it under that name. An "
                + "existing file is never overwritten: the command fails with exit status 73 "
                + "instead.",
            argumentHelp: [
                ("<number>", "The comic's number."),
                ("<file>", "A file or a folder to save it in; relative to the current directory."),
            ],
            examples: [
                "comics save 614", "comics save 614 ~/Pictures/woodpecker.png",
                "comics save 614 ~/Pictures",
            ]
        ) { line throws(UsageError) in
            guard let first = line.arguments.first else {
                throw line.error(
                    "'\(line.name)' needs a comic number, e.g. 'comics \(line.name) 410'")
            }
            try line.atMost(2)
            let file = line.arguments.count == 2 ? line.arguments[1] : nil
            if file?.isEmpty == true {
                throw line.error("'\(line.name)' needs a file name, not an empty one")
            }
            return .save(try line.number(first), file: file)
        },
        CommandSpec(
            name: "reset-state", abstract: "Set a damaged state.json aside and start afresh.",
            discussion: "When state.json (favourites, read comics, the comic shown last) does not "
                + "decode, comics keeps showing comics but ignores it and saves nothing to it. This "
                + "command keeps a copy of it as state.json.corrupt (or .corrupt.1, ...) and starts "
                + "with an empty state. A file that is not damaged is left as it is.",
            examples: ["comics reset-state"]
        ) { line throws(UsageError) in
            try line.noArguments()
            return .resetState
        },
        CommandSpec(
            name: "explain", arguments: "<number>",
            abstract: "Show explainxkcd's explanation of comic <number>.",
            discussion: "The wiki at explainxkcd.com explains every comic, its references and "
                + "its title text. Prints the page's address, then its text, the Explanation "
                + "section first; an explanation fetched once is kept in explanations/ in the "
                + "cache and shown from there. When it cannot be fetched, the address is printed "
                + "alone with a note saying why. With --launch on a terminal, opens the page in "
                + "the browser instead.",
            argumentHelp: [("<number>", "The comic's number.")],
            options: [
                OptionSpec(
                    name: "--launch", valueName: nil, help: "Open the address in the browser."),
                OptionSpec(
                    name: "--explain-base-url", valueName: "url",
                    help: "Fetch explanations from this MediaWiki.\n"
                        + "(default: \(ExplanationSource.defaultBase))"),
            ],
            examples: ["comics explain 410", "comics explain 410 --launch"]
        ) { line throws(UsageError) in
            let number = try line.onlyNumber()
            guard let text = line.value("--explain-base-url") else {
                return .explain(number, launch: line.flag("--launch"))
            }
            switch HTTPComicSource.base(text) {
            case .success(let base):
                return .explain(number, launch: line.flag("--launch"), base: base)
            case .failure(let problem):
                throw line.error(
                    "--explain-base-url: '\(text)' \(problem.phrase), "
                        + "e.g. \(ExplanationSource.defaultBase)")
            }
        },
        CommandSpec(
            name: "experiments",
            abstract: "List the A/B experiments, their variants and the active ones.",
            examples: ["comics experiments", "comics --ab layout=card experiments"]
        ) { line throws(UsageError) in
            try line.noArguments()
            return .experiments
        },
        CommandSpec(
            name: "graph", abstract: "Print the program's dependency graph as Graphviz DOT.",
            discussion: "Nodes are definitions, grouped by assembly; the shape shows the scope "
                + "(box: object graph, double box: lazy singleton, dashed ellipse: prototype, "
                + "diamond: weak singleton). Substituted definitions, such as an active A/B variant's, are "
                + "filled. Edges go from an object to what it was given.",
            examples: ["comics graph | dot -Tsvg > graph.svg", "comics --ab layout=card graph"]
        ) { line throws(UsageError) in
            try line.noArguments()
            return .graph
        },
        CommandSpec(
            name: "help", arguments: "[<subcommand>]",
            abstract: "Show help, for comics or a subcommand."
        ) { line throws(UsageError) in
            try line.atMost(1)
            guard let topic = line.arguments.first else { return .help(topic: nil) }
            guard let spec = command(named: topic) else {
                throw UsageError(message: "unknown command '\(topic)'")
            }
            return .help(topic: spec.name)
        },
    ]

    /// The subcommand named `word` (or one of its aliases), if any.
    static func command(named word: String) -> CommandSpec? {
        commands.first { $0.isNamed(word) }
    }

    /// The global option called `name`, if any.
    static func globalOption(named name: String) -> GlobalOptionSpec? {
        globalOptions.first { $0.name == name }
    }
}
