import Foundation

/// Turns the arguments and `COMICS_*` variables into an `Invocation`, by hand.
///
/// Global options may come anywhere, before or after the subcommand; `--name value` and
/// `--name=value` are both accepted, and `--` ends the options. A subcommand's own options
/// may also come anywhere but only count for that subcommand. Flags override variables;
/// `--ab` assignments add to `COMICS_AB` ones, later ones winning. Every mistake is a
/// `UsageError` naming the argument or variable at fault.
struct CommandLineParser {
    /// The process environment, for `COMICS_BASE_URL`, `COMICS_AB` and `COMICS_IMAGE`.
    var environment: [String: String]
    /// The experiments `--ab` is checked against.
    var experiments = ExperimentRegistry.standard

    /// The words of the line, sorted into flags and positional arguments.
    private struct Scan {
        var globals: [(option: GlobalOptionSpec, value: String)] = []
        var locals: [(option: OptionSpec, value: String?)] = []
        var positionals: [String] = []
        var wantsHelp = false
        var wantsVersion = false
    }

    /// Parses `arguments` (without the program name).
    func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scan = try self.scan(arguments)
        let commandName = scan.positionals.first
        let spec = try commandName.map { name throws(UsageError) -> CommandSpec in
            guard let spec = CommandTable.command(named: name) else {
                throw UsageError(message: "unknown command '\(name)'")
            }
            return spec
        }
        // A variable that a flag overrides is not read; help and the version need none.
        let flagged = Set(scan.globals.map(\.option.name))
        var options: AppOptions
        if scan.wantsHelp || scan.wantsVersion || spec?.name == "help" {
            options = (try? environmentOptions(except: flagged)) ?? AppOptions()
        } else {
            options = try environmentOptions(except: flagged)
        }
        try apply(scan.globals, to: &options)
        if scan.wantsHelp { return Invocation(options: options, command: .help(topic: spec?.name)) }
        if scan.wantsVersion { return Invocation(options: options, command: .version) }
        for local in scan.locals where spec?.option(named: local.option.name) == nil {
            let owner =
                CommandTable.commands.first { $0.option(named: local.option.name) != nil }?.name
                ?? "?"
            throw UsageError(
                message: "option '\(local.option.name)' belongs to 'comics \(owner)'"
                    + (spec.map { ", not to '\($0.name)'" } ?? ""), command: spec?.name)
        }
        guard let spec else { return Invocation(options: options, command: .reader) }
        let command = try spec.build(
            CommandArguments(
                spec: spec, arguments: Array(scan.positionals.dropFirst()), locals: scan.locals))
        if options.json, let reason = command.withoutJSON {
            throw UsageError(
                message: "'--json' does not apply to '\(spec.name)': \(reason)", command: spec.name)
        }
        return Invocation(options: options, command: command)
    }

    /// Sorts the words into options and positional arguments, reading option values.
    private func scan(_ arguments: [String]) throws(UsageError) -> Scan {
        var scan = Scan()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || !Self.looksLikeOption(word) {
                scan.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if CommandTable.helpFlags.contains(word) {
                scan.wantsHelp = true
                continue
            }
            if word == CommandTable.versionFlag {
                scan.wantsVersion = true
                continue
            }
            let (name, attached) = Self.splitAttachedValue(word)
            let command = scan.positionals.first.flatMap(CommandTable.command(named:))
            let global = CommandTable.globalOption(named: name)
            guard let option = global?.option ?? Self.localOption(named: name) else {
                throw UsageError(message: "unknown option '\(name)'", command: command?.name)
            }
            var value = attached
            if option.valueName == nil, let attached {
                throw UsageError(
                    message: "option '\(name)' takes no value, but got '\(attached)'",
                    command: command?.name)
            }
            if let valueName = option.valueName, value == nil {
                guard index < arguments.count else {
                    throw UsageError(
                        message: "option '\(name)' needs a value <\(valueName)>",
                        command: command?.name)
                }
                value = arguments[index]
                index += 1
            }
            if let global {
                scan.globals.append((global, value ?? ""))
            } else {
                scan.locals.append((option, value))
            }
        }
        return scan
    }

    /// Options start with `-`, except `-` itself and negative numbers of any size (`show -3`
    /// is a bad number, reported as such, not an unknown option).
    private static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return false }
        return !word.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// `--name=value` → (`--name`, `value`); `--name` → (`--name`, nil).
    private static func splitAttachedValue(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else {
            return (word, nil)
        }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// A subcommand option of any subcommand; which one it belongs to is checked later.
    private static func localOption(named name: String) -> OptionSpec? {
        CommandTable.commands.lazy.compactMap { $0.option(named: name) }.first
    }

    /// The options the `COMICS_*` variables set; empty variables count as unset.
    private func environmentOptions(except flagged: Set<String>) throws(UsageError) -> AppOptions {
        var options = AppOptions()
        /// The variable's value, unless empty or the flag `overriddenBy` is given.
        func variable(_ name: String, overriddenBy flag: String? = nil) -> String? {
            guard flag.map(flagged.contains) != true else { return nil }
            return environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        if let url = variable("COMICS_BASE_URL", overriddenBy: "--base-url") {
            options.baseURL = try Self.baseURL(url, origin: "COMICS_BASE_URL")
        }
        if let url = variable("COMICS_IMAGE_BASE_URL", overriddenBy: "--image-base-url") {
            options.imageBaseURL = try Self.imageBaseURL(url, origin: "COMICS_IMAGE_BASE_URL")
        }
        if let mode = variable("COMICS_IMAGE", overriddenBy: "--image") {
            options.imageMode = try Self.imageMode(mode, origin: "COMICS_IMAGE")
        }
        if let assignments = variable("COMICS_AB") {
            let list = assignments.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            .filter { !$0.isEmpty }
            options.experiments = try Self.experimentSelection(
                list, over: options.experiments, in: experiments, origin: "COMICS_AB")
        }
        return options
    }

    /// Applies the global flags in order, each by its table entry; later ones win, `--ab`
    /// ones add up.
    private func apply(
        _ globals: [(option: GlobalOptionSpec, value: String)], to options: inout AppOptions
    ) throws(UsageError) {
        for (option, value) in globals {
            try option.apply(
                GivenOption(name: option.name, value: value, experiments: experiments), &options)
        }
    }

    /// `base` with the `NAME=VARIANT` `assignments` applied, or a usage error naming `origin`
    /// (`--ab` or `COMICS_AB`) and what exists in `experiments`.
    static func experimentSelection(
        _ assignments: [String], over base: ExperimentSelection, in experiments: ExperimentRegistry,
        origin: String
    ) throws(UsageError) -> ExperimentSelection {
        do {
            return try experiments.selection(applying: assignments, over: base, origin: origin)
        } catch {
            throw UsageError(message: error.description)
        }
    }

    /// Accepts the server addresses `HTTPComicSource` accepts: absolute http and https URLs
    /// with a host and without query or fragment.
    static func baseURL(_ text: String, origin: String) throws(UsageError) -> String {
        _ = try base(text, origin: origin, example: "https://xkcd.com")
        return text  // as given; `HTTPComicSource` trims it the same way
    }

    /// `text` as `HTTPComicSource.base` accepts it, or a usage error naming `origin` and why.
    static func base(_ text: String, origin: String, example: String) throws(UsageError) -> String {
        switch HTTPComicSource.base(text) {
        case .success(let base): return base
        case .failure(let problem):
            throw UsageError(message: "\(origin): '\(text)' \(problem.phrase), e.g. \(example)")
        }
    }

    /// An http or https address to download pictures from, without trailing slashes.
    static func imageBaseURL(_ text: String, origin: String) throws(UsageError) -> String {
        try base(text, origin: origin, example: "https://imgs.example.org")
    }

    /// The seconds `--timeout` accepts: from a tenth of a second, below which no reply could
    /// come, to an hour.
    static let timeoutRange = 0.1...3600.0

    /// Accepts a plain decimal number of seconds (`10`, `2.5`) within `timeoutRange`; not the
    /// other spellings `Double` reads (`0x2`, `1e-300`, `inf`, `+5`, ` 5`).
    static func timeout(_ text: String) throws(UsageError) -> Double {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isPlain = parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) }
        }
        guard isPlain, let seconds = Double(text) else {
            throw UsageError(
                message: "--timeout: '\(text)' is not a plain number of seconds such as 10, "
                    + "2.5 or 0.5")
        }
        guard timeoutRange.contains(seconds) else {
            throw UsageError(
                message: "--timeout: '\(text)' is out of range; give from "
                    + "\(timeoutRange.lowerBound) to \(Int(timeoutRange.upperBound)) seconds")
        }
        return seconds
    }

    /// Accepts the names of `ImageMode`, in any case.
    static func imageMode(_ text: String, origin: String) throws(UsageError) -> ImageMode {
        do {
            return try ImageMode(parsing: text)
        } catch {
            throw UsageError(message: "\(origin): \(error)")
        }
    }
}
