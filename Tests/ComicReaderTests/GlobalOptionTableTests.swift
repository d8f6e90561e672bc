import Testing

@testable import ComicReader

/// `CommandTable.globalOptions` is the one list of global options: every entry does something
/// to the run's `AppOptions`, and everything the command line can set there is set by an entry.
@Suite struct GlobalOptionTableTests {
    /// A value each global option takes, unlike its default; a switch's is nil. An option of
    /// the table missing here fails `everyEntryChangesTheOptions` until it is added.
    static let samples: [String: String?] = [
        "--cache": "/tmp/comics-cache",
        "--base-url": "https://mirror.example",
        "--image-base-url": "https://pictures.example",
        "--timeout": "2.5",
        "--json": nil,
        "--ab": "layout=card",
        "--no-color": nil,
        "--image": "braille",
        "--fit-screen": nil,
    ]

    /// The options `arguments` parse to, with no environment.
    static func options(_ arguments: [String]) throws -> AppOptions {
        try CommandLineParser(environment: [:]).parse(arguments).options
    }

    /// The command-line words that give the option `name` its sample value, if the test has
    /// one.
    static func sampleArguments(_ name: String, valueName: String?) -> [String]? {
        guard let sample = samples[name] else { return nil }
        #expect(
            (sample == nil) == (valueName == nil),
            "\(name): a sample value is wanted exactly when the option takes one")
        return [name] + (sample.map { [$0] } ?? [])
    }

    /// Each stored property of `options`, by name, as text.
    static func fields(_ options: AppOptions) -> [String: String] {
        var fields: [String: String] = [:]
        for child in Mirror(reflecting: options).children {
            if let label = child.label { fields[label] = String(describing: child.value) }
        }
        return fields
    }

    @Test func everyEntryChangesTheOptions() throws {
        let defaults = try Self.options([])
        for spec in CommandTable.globalOptions {
            guard let arguments = Self.sampleArguments(spec.name, valueName: spec.valueName) else {
                Issue.record("\(spec.name) has no sample value in GlobalOptionTableTests.samples")
                continue
            }
            // A table entry that is not applied would be refused as an unknown option or, with
            // an entry that does nothing, leave the options as they are.
            #expect(
                try Self.options(arguments) != defaults, "\(arguments) changes no option")
        }
    }

    @Test func everyOptionTheCommandLineSetsHasAnEntry() throws {
        let defaults = Self.fields(try Self.options([]))
        var set: Set<String> = []
        for spec in CommandTable.globalOptions {
            guard let arguments = Self.sampleArguments(spec.name, valueName: spec.valueName) else {
                continue
            }
            let changed = Self.fields(try Self.options(arguments))
            set.formUnion(changed.keys.filter { changed[$0] != defaults[$0] })
        }
        // A setting handled by anything but an entry of the table (a case of its own in the
        // parser) is one that no entry changes.
        let unset = defaults.keys.filter { !set.contains($0) }.sorted()
        #expect(unset.isEmpty, "no entry of CommandTable.globalOptions sets \(unset)")
    }

    @Test func namesAreUniqueAndNoSubcommandOptionShadowsOne() {
        let names = CommandTable.globalOptions.map(\.name)
        #expect(names.count == Set(names).count, "\(names)")
        for spec in CommandTable.commands {
            for option in spec.options {
                #expect(!names.contains(option.name), "'\(spec.name)' has \(option.name) too")
            }
        }
    }
}
