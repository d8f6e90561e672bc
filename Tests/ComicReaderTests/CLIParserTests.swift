import Foundation
import Testing

@testable import ComicReader

@Suite("Command-line parsing")
struct CLIParserTests {
    /// Parses `arguments` with `environment`.
    func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> Invocation {
        try CommandLineParser(environment: environment).parse(arguments)
    }

    /// The usage error `arguments` give.
    func usageError(_ arguments: [String], environment: [String: String] = [:]) -> UsageError? {
        do throws(UsageError) {
            _ = try CommandLineParser(environment: environment).parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func noArgumentsMeansTheReaderWithDefaults() throws {
        let invocation = try parse([])
        #expect(invocation.command == .reader)
        #expect(invocation.options == AppOptions())
        #expect(invocation.options.baseURL == "https://xkcd.com")
        #expect(invocation.options.experiments.variant(of: "layout") == "classic")
    }

    @Test func readOpensTheReaderAtANamedComic() throws {
        #expect(try parse(["read", "1732"]).command == .read(1732))
        #expect(try parse(["--image", "none", "read", "1190"]).command == .read(1190))
        #expect(
            usageError(["read"])?.message == "'read' needs a comic number, e.g. 'comics read 410'")
        #expect(usageError(["read", "soon"]) != nil)
    }

    @Test func subcommandsAndTheirArguments() throws {
        #expect(try parse(["latest"]).command == .display(.latest))
        #expect(try parse(["first"]).command == .display(.first))
        #expect(try parse(["show", "614"]).command == .display(.number(614)))
        #expect(try parse(["random"]).command == .display(.random))
        #expect(try parse(["next"]).command == .display(.next))
        #expect(try parse(["prev"]).command == .display(.previous))
        #expect(try parse(["previous"]).command == .display(.previous))
        #expect(try parse(["search", "tab", "completion"]).command == .search("tab completion"))
        #expect(try parse(["search", "--", "--json"]).command == .search("--json"))
        #expect(try parse(["list"]).command == .list(from: nil, count: 10))
        #expect(
            try parse(["list", "--from", "400", "--count=3"]).command == .list(from: 400, count: 3))
        #expect(try parse(["favorites"]).command == .favorites(.list))
        #expect(try parse(["favorites", "add", "7"]).command == .favorites(.add(7)))
        #expect(try parse(["favorites", "remove", "7"]).command == .favorites(.remove(7)))
        #expect(try parse(["refresh"]).command == .refresh(RefreshRequest()))
        #expect(
            try parse(["refresh", "--since", "20", "--force"]).command
                == .refresh(RefreshRequest(range: .since(20), force: true)))
        #expect(try parse(["refresh", "--all"]).command == .refresh(RefreshRequest(range: .all)))
        #expect(
            try parse(["refresh", "--latest"]).command == .refresh(RefreshRequest(range: .latest)))
        #expect(
            try parse(["refresh", "--images"]).command
                == .refresh(RefreshRequest(range: nil, images: true)))
        #expect(
            try parse(["refresh", "--images", "--all", "--force"]).command
                == .refresh(RefreshRequest(range: .all, force: true, images: true)))
        #expect(try parse(["open", "614"]).command == .open(614, launch: false))
        #expect(
            try parse(["show", "614", "--transcript"]).command
                == .display(.number(614), transcript: true))
        #expect(try parse(["open", "--launch", "614"]).command == .open(614, launch: true))
        #expect(try parse(["experiments"]).command == .experiments)
        #expect(try parse(["graph"]).command == .graph)
        #expect(try parse(["help"]).command == .help(topic: nil))
        #expect(try parse(["help", "previous"]).command == .help(topic: "prev"))
        #expect(try parse(["--version"]).command == .version)
    }

    @Test func favouritesIsAcceptedAsTheMessagesSpellIt() throws {
        #expect(try parse(["favourites"]).command == .favorites(.list))
        #expect(try parse(["favourites", "add", "7"]).command == .favorites(.add(7)))
        #expect(try parse(["favourites", "remove", "7"]).command == .favorites(.remove(7)))
        #expect(try parse(["help", "favourites"]).command == .help(topic: "favorites"))
        #expect(usageError(["favourites", "keep", "7"])?.command == "favorites")
    }

    @Test func jsonIsRefusedByCommandsThatPrintNoComics() throws {
        let textOnly = [
            ["experiments"], ["open", "400"], ["explain", "400"], ["graph"], ["save", "400"],
            ["refresh"], ["refresh", "--images"], ["reset-state"], ["favorites", "add", "7"],
            ["favourites", "remove", "7"],
        ]
        for arguments in textOnly {
            let error = usageError(["--json"] + arguments)
            let name = arguments[0] == "favourites" ? "favorites" : arguments[0]
            #expect(error?.command == name)
            #expect(error?.message.hasPrefix("'--json' does not apply to '\(name)'") == true)
            #expect(usageError(arguments + ["--json"]) == error)
        }
        for arguments in [["show", "400"], ["favorites"], ["list"], ["search", "x"], []] {
            #expect(try parse(["--json"] + arguments).options.json)
        }
        #expect(
            try parse(["--json", "experiments", "--help"]).command == .help(topic: "experiments"))
    }

    @Test func helpFlagsWinAndNameTheSubcommand() throws {
        #expect(try parse(["--help"]).command == .help(topic: nil))
        #expect(try parse(["-h"]).command == .help(topic: nil))
        #expect(try parse(["show", "--help"]).command == .help(topic: "show"))
        #expect(try parse(["-h", "list", "--count", "0"]).command == .help(topic: "list"))
    }

    @Test func globalOptionsMayComeBeforeOrAfterTheCommand() throws {
        let before = try parse([
            "--cache", "/tmp/c", "--json", "--no-color", "--timeout", "2.5", "show", "400",
        ])
        let after = try parse([
            "show", "400", "--cache=/tmp/c", "--json", "--no-color", "--timeout=2.5",
        ])
        let between = try parse([
            "--json", "show", "--cache", "/tmp/c", "400", "--timeout", "2.5", "--no-color",
        ])
        for invocation in [before, after, between] {
            #expect(invocation.command == .display(.number(400)))
            #expect(invocation.options.cacheDirectory == "/tmp/c")
            #expect(invocation.options.json)
            #expect(invocation.options.noColor)
            #expect(invocation.options.timeout == 2.5)
        }
    }

    @Test func aBadVariableIsNotReadWhereAFlagOverridesItNorForHelp() throws {
        let bad = [
            "COMICS_AB": "x", "COMICS_IMAGE": "foo", "COMICS_BASE_URL": "bad",
            "COMICS_IMAGE_BASE_URL": "ftp://x",
        ]
        #expect(try parse(["--help"], environment: bad).command == .help(topic: nil))
        #expect(try parse(["show", "-h"], environment: bad).command == .help(topic: "show"))
        #expect(try parse(["--version"], environment: bad).command == .version)
        #expect(try parse(["help"], environment: bad).command == .help(topic: nil))
        #expect(
            try parse(["help", "refresh"], environment: bad).command == .help(topic: "refresh"))
        let flags = try parse(
            ["--image", "none", "--base-url", "http://127.0.0.1:9", "show", "400"],
            environment: ["COMICS_IMAGE": "foo", "COMICS_BASE_URL": "bad"])
        #expect(flags.options.imageMode == ImageMode.none)
        #expect(flags.options.baseURL == "http://127.0.0.1:9")
        let imageBase = try parse(
            ["--image-base-url", "http://127.0.0.1:9", "latest"],
            environment: ["COMICS_IMAGE_BASE_URL": "ftp://x"])
        #expect(imageBase.command == .display(.latest))
        // Without the flag, the variable is read and named.
        for (name, value) in bad {
            let error = usageError(["latest"], environment: [name: value])
            #expect(error?.message.contains(name) == true, "\(name)")
        }
    }

    @Test func imageModeAndBaseURLFromFlagsOrEnvironment() throws {
        #expect(try parse(["--image", "BRAILLE"]).options.imageMode == .braille)
        #expect(try parse([], environment: ["COMICS_IMAGE": "blocks"]).options.imageMode == .blocks)
        #expect(
            try parse(["--image", "none"], environment: ["COMICS_IMAGE": "blocks"]).options
                .imageMode == .none)
        #expect(
            try parse([], environment: ["COMICS_BASE_URL": "http://127.0.0.1:9"]).options.baseURL
                == "http://127.0.0.1:9")
        let flagWins = try parse(
            ["--base-url", "https://a.example"],
            environment: ["COMICS_BASE_URL": "http://b.example"])
        #expect(flagWins.options.baseURL == "https://a.example")
        #expect(
            try parse([], environment: ["COMICS_BASE_URL": ""]).options.baseURL
                == "https://xkcd.com")
    }

    @Test func abAssignmentsFromFlagAndEnvironmentCombine() throws {
        let selection = try parse(
            ["--ab", "layout=card"],
            environment: ["COMICS_AB": "random=unread-first, layout=classic"]
        )
        .options.experiments
        #expect(selection.variant(of: "layout") == "card")
        #expect(selection.variant(of: "random") == "unread-first")
        let repeated = try parse(["--ab", "layout=card", "latest", "--ab=layout=classic"]).options
            .experiments
        #expect(repeated.variant(of: "layout") == "classic")
    }

    @Test func unknownCommandsAndOptionsAreNamed() {
        #expect(usageError(["bogus"])?.message == "unknown command 'bogus'")
        #expect(usageError(["--bogus"])?.message == "unknown option '--bogus'")
        #expect(usageError(["show", "-x", "1"])?.message == "unknown option '-x'")
        #expect(usageError(["help", "bogus"])?.message == "unknown command 'bogus'")
        #expect(
            usageError(["show", "1", "--count", "2"])?.message.contains(
                "'--count' belongs to 'comics list'") == true)
        #expect(
            usageError(["--launch"])?.message.contains("'--launch' belongs to 'comics open'")
                == true)
    }

    @Test func badNumbersAndCountsAreUsageErrors() throws {
        #expect(
            usageError(["show", "abc"])?.message
                == "'abc' is not a whole number; expected a comic number such as 410")
        #expect(
            usageError(["show", "0"])?.message
                == "'0' is not a comic number: comic numbers start at 1")
        #expect(
            usageError(["show", "-3"])?.message
                == "'-3' is not a comic number: comic numbers start at 1")
        #expect(
            usageError(["show", "-99999999999999999999"])?.message
                == "'-99999999999999999999' is not a comic number: comic numbers start at 1")
        #expect(
            usageError(["show", "99999999999999999999999"])?.message
                == "'99999999999999999999999' is too large; expected a comic number such as 410")
        #expect(
            usageError(["show", "1.5"])?.message.hasPrefix("'1.5' is not a whole number") == true)
        #expect(try parse(["show", "+7"]).command == .display(.number(7)))
        #expect(usageError(["show"])?.message.contains("needs a comic number") == true)
        #expect(
            usageError(["show", "1", "2"])?.message.contains("unexpected argument '2'") == true)
        #expect(usageError(["latest", "5"])?.message.contains("unexpected argument '5'") == true)
        #expect(
            usageError(["list", "--count", "0"])?.message
                == "--count: '0' is not a count: a count is at least 1")
        #expect(
            usageError(["list", "--count", "many"])?.message
                == "--count: 'many' is not a whole number; expected a count such as 10")
        #expect(
            usageError(["list", "--from", "0"])?.message
                == "--from: '0' is not a comic number: comic numbers start at 1")
        #expect(
            usageError(["refresh", "--since", "x"])?.message.hasPrefix(
                "--since: 'x' is not a whole number") == true)
        #expect(usageError(["favorites", "toggle", "3"])?.message.contains("'toggle'") == true)
        #expect(usageError(["favorites", "add"])?.message.contains("needs a comic number") == true)
        #expect(usageError(["search"])?.message.contains("needs some text") == true)
        #expect(
            usageError(["refresh", "--all", "--latest"])?.message.contains("choose one of") == true)
    }

    @Test func optionValuesAreChecked() throws {
        #expect(usageError(["--cache"])?.message == "option '--cache' needs a value <dir>")
        #expect(usageError(["--json=yes"])?.message.contains("takes no value") == true)
        #expect(usageError(["--timeout", "0"])?.message.contains("'0' is out of range") == true)
        #expect(usageError(["--timeout", "soon"])?.message.contains("'soon'") == true)
        #expect(
            usageError(["--base-url", "ftp://x"])?.message.contains(
                "'ftp://x' is not an http or https address") == true)
        #expect(
            usageError(["--base-url", "https://x.example/?q=1"])?.message
                == "--base-url: 'https://x.example/?q=1' is not an http or https address, e.g. https://xkcd.com"
        )
        #expect(
            try parse(["--base-url", "http://127.0.0.1:8080/"]).options.baseURL
                == "http://127.0.0.1:8080/")
        #expect(
            usageError([], environment: ["COMICS_BASE_URL": "nope"])?.message.hasPrefix(
                "COMICS_BASE_URL:") == true)
        #expect(usageError(["--image", "sixel"])?.message.contains("sixel") == true)
        #expect(
            usageError([], environment: ["COMICS_IMAGE": "sixel"])?.message.hasPrefix(
                "COMICS_IMAGE:") == true)
    }

    @Test(arguments: [("0.1", 0.1), ("0.5", 0.5), ("2.5", 2.5), ("10", 10), ("3600", 3600)])
    func timeoutTakesPlainDecimalSecondsWithinAnHour(text: String, seconds: Double) throws {
        #expect(try parse(["--timeout", text, "latest"]).options.timeout == seconds)
        #expect(try parse(["latest", "--timeout=\(text)"]).options.timeout == seconds)
    }

    @Test(arguments: [
        "0x2", "1e-300", "1e3", "1E2", "+5", "-5", " 5", "5 ", ".5", "5.", "1.2.3", "inf",
        "infinity", "nan", "0x1p-3", "٣", "", "1_000",
    ])
    func timeoutRefusesOtherSpellingsOfNumbers(text: String) {
        let error = usageError(["--timeout", text, "latest"])
        #expect(
            error?.message
                == "--timeout: '\(text)' is not a plain number of seconds such as 10, 2.5 or 0.5")
        #expect(error.map(SysExits.code(for:)) == 64)
    }

    @Test(arguments: ["0", "0.05", "0.0999", "3600.01", "86400", "99999999999999999999999"])
    func timeoutRefusesSecondsOutOfRange(text: String) {
        let error = usageError(["--timeout", text, "latest"])
        #expect(
            error?.message == "--timeout: '\(text)' is out of range; give from 0.1 to 3600 seconds")
        #expect(error.map(SysExits.code(for:)) == 64)
    }

    @Test func aBadTimeoutEndsTheProgramWithAUsageError() async {
        let harness = AppHarness(cacheDirectory: URL(fileURLWithPath: "/nonexistent"))
        let program = ComicsProgram(
            arguments: ["--timeout", "0x2", "latest"], environment: .fixed([:]))
        #expect(await program.run(in: harness.makeContext()) == 64)
        #expect(harness.console.errors.hasPrefix("comics: error: --timeout: '0x2' is not"))
        #expect(harness.console.output.isEmpty)
    }

    @Test func badABAssignmentsListWhatExists() {
        let unknownExperiment = usageError(["--ab", "colour=red"])?.message ?? ""
        #expect(unknownExperiment.contains("unknown experiment 'colour'"))
        #expect(unknownExperiment.contains("layout=classic|card"))
        #expect(unknownExperiment.contains("random=uniform|unread-first"))
        let unknownVariant = usageError(["--ab", "layout=grid"])?.message ?? ""
        #expect(unknownVariant.contains("no variant 'grid'"))
        #expect(unknownVariant.contains("classic|card"))
        #expect(usageError(["--ab", "layout"])?.message.contains("EXPERIMENT=VARIANT") == true)
        #expect(
            usageError(["--ab", "layout="])?.message.hasPrefix(
                "--ab: 'layout=' is not of the form EXPERIMENT=VARIANT") == true)
        #expect(
            usageError(["--ab", "=card"])?.message.hasPrefix(
                "--ab: '=card' is not of the form EXPERIMENT=VARIANT") == true)
        #expect(
            usageError([], environment: ["COMICS_AB": "layout=grid"])?.message.hasPrefix(
                "COMICS_AB:") == true)
    }

    @Test func hintsPointAtTheRightHelp() {
        #expect(usageError(["bogus"])?.hint == "Run 'comics --help' for usage.")
        #expect(usageError(["show", "x"])?.hint == "Run 'comics show --help' for usage.")
    }
}
