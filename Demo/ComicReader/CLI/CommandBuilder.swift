/// Builds a `Command` from a subcommand's positional arguments and own options, checking
/// counts and numbers.
struct CommandBuilder {
    let spec: CommandSpec
    let arguments: [String]
    let locals: [(option: OptionSpec, value: String?)]

    /// The command, or a usage error naming the argument at fault.
    func build() throws(UsageError) -> Command {
        switch spec.name {
        case "latest":
            try noArguments()
            return .display(.latest)
        case "first":
            try noArguments()
            return .display(.first)
        case "random":
            try noArguments()
            return .display(flag("--unread") ? .randomUnread : .random)
        case "next":
            try noArguments()
            return .display(.next)
        case "prev":
            try noArguments()
            return .display(.previous)
        case "read": return .read(try onlyNumber())
        case "show": return .display(.number(try onlyNumber()), transcript: flag("--transcript"))
        case "search":
            let text = arguments.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else {
                throw error("'search' needs some text, e.g. 'comics search physics'")
            }
            return .search(text)
        case "list": return try list()
        case "favorites": return .favorites(try favorites())
        case "refresh":
            try noArguments()
            return .refresh(try refresh())
        case "open": return .open(try onlyNumber(), launch: flag("--launch"))
        case "save": return try save()
        case "reset-state":
            try noArguments()
            return .resetState
        case "explain": return try explain()
        case "experiments":
            try noArguments()
            return .experiments
        case "graph":
            try noArguments()
            return .graph
        case "help":
            guard arguments.count <= 1 else { throw error("unexpected argument '\(arguments[1])'") }
            guard let topic = arguments.first else { return .help(topic: nil) }
            guard let spec = CommandTable.command(named: topic) else {
                throw UsageError(message: "unknown command '\(topic)'")
            }
            return .help(topic: spec.name)
        default: throw error("unknown command '\(spec.name)'")
        }
    }

    /// A usage error about this subcommand.
    private func error(_ message: String) -> UsageError {
        UsageError(message: message, command: spec.name)
    }

    /// Refuses any positional argument, for commands that take none.
    private func noArguments() throws(UsageError) {
        if let extra = arguments.first {
            throw error("unexpected argument '\(extra)' for '\(spec.name)'")
        }
    }

    /// The single `<number>` argument.
    private func onlyNumber() throws(UsageError) -> Int {
        guard let first = arguments.first else {
            throw error("'\(spec.name)' needs a comic number, e.g. 'comics \(spec.name) 410'")
        }
        if arguments.count > 1 {
            throw error("unexpected argument '\(arguments[1])' for '\(spec.name)'")
        }
        return try number(first)
    }

    /// What a number on the command line stands for, which decides the example and the rule
    /// its error messages give.
    private enum NumberKind {
        case comic, count

        /// `a comic number`, `a count`.
        var name: String { self == .comic ? "a comic number" : "a count" }
        /// A typical value, for "expected … such as …".
        var example: Int { self == .comic ? 410 : 10 }
        /// Why a number below 1 is refused.
        var rule: String { self == .comic ? "comic numbers start at 1" : "a count is at least 1" }
    }

    /// `text` as a whole number of at least 1; otherwise a usage error of this subcommand that
    /// says what was wrong and, for an option's value, names the option.
    private func number(_ text: String, _ kind: NumberKind = .comic, option: String? = nil)
        throws(UsageError) -> Int
    {
        let prefix = option.map { "\($0): " } ?? ""
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        let isWholeNumber = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
        guard isWholeNumber else {
            throw error(
                "\(prefix)'\(text)' is not a whole number; expected \(kind.name) such as \(kind.example)"
            )
        }
        // Int(text) fails only for digits beyond Int's range; a negative one is below 1 anyway.
        guard let number = Int(text) ?? (text.hasPrefix("-") ? Int.min : nil) else {
            throw error(
                "\(prefix)'\(text)' is too large; expected \(kind.name) such as \(kind.example)")
        }
        guard number >= 1 else {
            throw error("\(prefix)'\(text)' is not \(kind.name): \(kind.rule)")
        }
        return number
    }

    /// The value of the last occurrence of `name`, if given.
    private func value(_ name: String) -> String? { locals.last { $0.option.name == name }?.value }
    /// Whether the switch `name` was given.
    private func flag(_ name: String) -> Bool { locals.contains { $0.option.name == name } }

    /// `explain N [--launch] [--explain-base-url URL]`.
    private func explain() throws(UsageError) -> Command {
        let number = try onlyNumber()
        guard let text = value("--explain-base-url") else {
            return .explain(number, launch: flag("--launch"))
        }
        guard let base = HTTPComicSource.validatedBase(text) else {
            throw error(
                "--explain-base-url: '\(text)' is not an http or https address, "
                    + "e.g. \(ExplanationSource.defaultBase)")
        }
        return .explain(number, launch: flag("--launch"), base: base)
    }

    /// `save N [FILE]`.
    private func save() throws(UsageError) -> Command {
        guard let first = arguments.first else {
            throw error("'save' needs a comic number, e.g. 'comics save 410'")
        }
        if arguments.count > 2 { throw error("unexpected argument '\(arguments[2])' for 'save'") }
        let file = arguments.count == 2 ? arguments[1] : nil
        if file?.isEmpty == true { throw error("'save' needs a file name, not an empty one") }
        return .save(try number(first), file: file)
    }

    /// `list [--from N] [--count K]`.
    private func list() throws(UsageError) -> Command {
        try noArguments()
        var from: Int?
        var count = 10
        if let text = value("--from") { from = try number(text, option: "--from") }
        if let text = value("--count") { count = try number(text, .count, option: "--count") }
        return .list(from: from, count: count, dates: flag("--dates"))
    }

    /// `favorites`, `favorites add N`, `favorites remove N`.
    private func favorites() throws(UsageError) -> FavoritesAction {
        guard let action = arguments.first else { return .list }
        guard action == "add" || action == "remove" else {
            throw error(
                "unknown favorites action '\(action)'; use 'add <number>' or 'remove <number>'")
        }
        guard arguments.count >= 2 else {
            throw error("'favorites \(action)' needs a comic number")
        }
        if arguments.count > 2 {
            throw error("unexpected argument '\(arguments[2])' for 'favorites \(action)'")
        }
        let comic = try number(arguments[1])
        return action == "add" ? .add(comic) : .remove(comic)
    }

    /// `refresh` with at most one of `--all`, `--latest` and `--since N`, and maybe `--force`
    /// and `--images`; `--images` without one of the three fetches images only.
    private func refresh() throws(UsageError) -> RefreshRequest {
        var request = RefreshRequest(force: flag("--force"), images: flag("--images"))
        if request.images { request.range = nil }
        var chosen: [String] = []
        if flag("--all") {
            request.range = .all
            chosen.append("--all")
        }
        if flag("--latest") {
            request.range = .latest
            chosen.append("--latest")
        }
        if let since = value("--since") {
            request.range = .since(try number(since, option: "--since"))
            chosen.append("--since")
        }
        if chosen.count > 1 {
            throw error(
                "choose one of --all, --latest and --since, not \(chosen.joined(separator: " and "))"
            )
        }
        return request
    }
}
