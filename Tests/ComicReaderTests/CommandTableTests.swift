import Testing

@testable import ComicReader

/// `CommandTable.commands` is the one list of subcommands: every entry builds its command,
/// and every command the runner runs is built by an entry.
@Suite struct CommandTableTests {
    /// What kind of command a `Command` is, its values left out; display commands count by
    /// their target.
    enum Kind: CaseIterable {
        case reader, read, search, list, favorites, refresh, save, resetState, open, explain
        case experiments, graph, help, version
        case latest, first, number, random, randomUnread, next, previous

        /// The kind of `command`. The switches have no `default`: a new case of `Command` or
        /// `DisplayTarget` does not compile until it has a kind here, and then
        /// `everyKindOfCommandIsBuiltByAnEntry` wants an entry of the table that builds it.
        init(_ command: Command) {
            switch command {
            case .reader: self = .reader
            case .read: self = .read
            case .search: self = .search
            case .list: self = .list
            case .favorites: self = .favorites
            case .refresh: self = .refresh
            case .save: self = .save
            case .resetState: self = .resetState
            case .open: self = .open
            case .explain: self = .explain
            case .experiments: self = .experiments
            case .graph: self = .graph
            case .help: self = .help
            case .version: self = .version
            case .display(let target, _):
                switch target {
                case .latest: self = .latest
                case .first: self = .first
                case .number: self = .number
                case .random: self = .random
                case .randomUnread: self = .randomUnread
                case .next: self = .next
                case .previous: self = .previous
                }
            }
        }
    }

    /// The words of an example such as `comics graph | dot -Tsvg > graph.svg`, without the
    /// program's name and what the shell does with the output.
    static func arguments(of example: String) -> [String] {
        let words = example.split(separator: " ").map(String.init)
        let line = words.prefix { $0 != "|" && $0 != ">" }
        #expect(line.first == "comics", "example \"\(example)\"")
        return Array(line.dropFirst())
    }

    /// The command `arguments` parse to, or the usage error.
    static func parse(_ arguments: [String]) -> Result<Command, UsageError> {
        Result { () throws(UsageError) in
            try CommandLineParser(environment: [:]).parse(arguments).command
        }
    }

    @Test func everyEntryBuildsItsExamplesAndIsKnownByEachOfItsNames() throws {
        for spec in CommandTable.commands {
            for example in spec.examples {
                let arguments = Self.arguments(of: example)
                if case .failure(let error) = Self.parse(arguments) {
                    Issue.record("\"\(example)\" does not parse: \(error)")
                }
            }
            for name in [spec.name] + spec.aliases {
                // Alone, a name builds its command or a usage error about its arguments,
                // never "unknown command".
                if case .failure(let error) = Self.parse([name]) {
                    #expect(error.command == spec.name, "'\(name)': \(error)")
                    #expect(!error.message.hasPrefix("unknown command"), "'\(name)': \(error)")
                }
                #expect(try Self.parse(["help", name]).get() == .help(topic: spec.name))
            }
        }
    }

    @Test func everyEntryBuildsACommandFromItsUsageLine() {
        // `comics graph` resolves what runs each entry's command built this way.
        for spec in CommandTable.commands {
            let sample = CommandArguments.sample(of: spec)
            #expect(
                (try? spec.build(sample)) != nil,
                "'\(spec.name) \(sample.arguments.joined(separator: " "))' builds no command")
        }
    }

    @Test func noTwoEntriesShareAName() {
        let names = CommandTable.commands.flatMap { [$0.name] + $0.aliases }
        #expect(names.count == Set(names).count, "\(names)")
    }

    @Test func everyKindOfCommandIsBuiltByAnEntry() throws {
        var built: Set<Kind> = [.reader, .version]  // no subcommand; --version
        for spec in CommandTable.commands {
            for example in spec.examples {
                if case .success(let command) = Self.parse(Self.arguments(of: example)) {
                    built.insert(Kind(command))
                }
            }
            if case .success(let command) = Self.parse([spec.name]) {
                built.insert(Kind(command))
            }
        }
        let unbuilt = Kind.allCases.filter { !built.contains($0) }
        #expect(unbuilt.isEmpty, "no entry of CommandTable.commands builds \(unbuilt)")
    }
}
