/// What follows a subcommand's name on the command line, handed to its `CommandSpec.build`:
/// the positional arguments and the subcommand's own options, with the checks the builders
/// share (counts, numbers) and usage errors that name the subcommand.
struct CommandArguments {
    /// The subcommand being built.
    let spec: CommandSpec
    /// The positional arguments after its name.
    let arguments: [String]
    /// Its own options, in the order given, with their values.
    let locals: [(option: OptionSpec, value: String?)]

    /// The least the usage line of `spec` asks for: `1` for each argument it requires (those
    /// in `<>` outside `[]`), no options. Every entry builds a command from it (`comics 1` is
    /// a comic number, a count and a search text alike); `comics graph` uses it to build one
    /// command of each entry.
    static func sample(of spec: CommandSpec) -> CommandArguments {
        var optionalDepth = 0
        var arguments: [String] = []
        for word in spec.arguments.split(separator: " ") {
            if optionalDepth == 0, word.hasPrefix("<") { arguments.append("1") }
            optionalDepth += word.count { $0 == "[" } - word.count { $0 == "]" }
        }
        return CommandArguments(spec: spec, arguments: arguments, locals: [])
    }

    /// The subcommand's name, for messages.
    var name: String { spec.name }

    /// A usage error about this subcommand.
    func error(_ message: String) -> UsageError {
        UsageError(message: message, command: spec.name)
    }

    /// Refuses any positional argument, for commands that take none.
    func noArguments() throws(UsageError) {
        if let extra = arguments.first {
            throw error("unexpected argument '\(extra)' for '\(spec.name)'")
        }
    }

    /// Refuses more than `count` positional arguments, naming the first one too many.
    func atMost(_ count: Int, for what: String? = nil) throws(UsageError) {
        if arguments.count > count {
            throw error("unexpected argument '\(arguments[count])' for '\(what ?? spec.name)'")
        }
    }

    /// The single `<number>` argument.
    func onlyNumber() throws(UsageError) -> Int {
        guard let first = arguments.first else {
            throw error("'\(spec.name)' needs a comic number, e.g. 'comics \(spec.name) 410'")
        }
        try atMost(1)
        return try number(first)
    }

    /// What a number on the command line stands for, which decides the example and the rule
    /// its error messages give.
    enum NumberKind {
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
    func number(_ text: String, _ kind: NumberKind = .comic, option: String? = nil)
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

    /// The value of the last occurrence of the option `name`, if given; `name` must be one of
    /// this subcommand's options.
    func value(_ name: String) -> String? {
        assert(spec.option(named: name) != nil, "'\(spec.name)' has no option \(name)")
        return locals.last { $0.option.name == name }?.value
    }

    /// Whether the switch `name` was given; `name` must be one of this subcommand's options.
    func flag(_ name: String) -> Bool {
        assert(spec.option(named: name) != nil, "'\(spec.name)' has no option \(name)")
        return locals.contains { $0.option.name == name }
    }
}
