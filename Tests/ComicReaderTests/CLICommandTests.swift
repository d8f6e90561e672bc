import Foundation
import Testing

@testable import ComicReader

@Suite("Commands run in-process")
struct CLICommandTests {
    /// The sample comic numbered `number`.
    func sample(_ number: Int) -> Comic { SampleComics.all.first { $0.num == number }! }

    @Test func showPrintsTheComicAndRecordsIt() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["show", "400"]) == 0)
            #expect(harness.console.output.hasPrefix("#400  Four\u{A0}Hundred\n"))
            #expect(
                harness.console.output.contains(
                    "alt: Comic\u{A0}400: now with 0.25% more round numbers."))
            #expect(harness.console.errors.contains("built-in sample"))
            #expect(harness.console.errors.contains("comics refresh"))
            let state = try harness.savedState()
            #expect(state.lastShown == 400)
            #expect(state.read == [400])
        }
    }

    @Test func jsonOutputIsTheAPIShapeWithoutTheSampleNote() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["show", "--json", "396"]) == 0)
            let comic = try JSONDecoder().decode(
                Comic.self, from: Data(harness.console.output.utf8))
            #expect(comic == sample(396))
            #expect(harness.console.output.contains("\"safe_title\""))
            #expect(harness.console.errors.isEmpty)
        }
    }

    @Test func missingComicsExplainWhyAndExit69() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["show", "404"]) == 69)
            #expect(harness.console.output.isEmpty)
            #expect(harness.console.errors.contains("comic 404 does not exist"))
            #expect(harness.console.errors.contains("404 Not Found"))
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["show", "99999"]) == 69)
            #expect(harness.console.output.isEmpty)
            #expect(harness.console.errors.contains("the latest is 441"))
            #expect(!FileManager.default.fileExists(atPath: harness.stateFile.path))
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["show", "12"]) == 69)
            #expect(harness.console.errors.contains("the first one there is 395"))
        }
    }

    @Test func nextAndPrevFollowTheLastComicShown() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["next"]) == 0)  // nothing shown yet: the first
            #expect(try harness.savedState().lastShown == 395)
            #expect(await harness.run(["show", "403"]) == 0)
            #expect(await harness.run(["next"]) == 0)  // skips the missing 404
            #expect(try harness.savedState().lastShown == 405)
            #expect(await harness.run(["prev"]) == 0)
            #expect(try harness.savedState().lastShown == 403)
            #expect(await harness.run(["latest"]) == 0)
            #expect(await harness.run(["next"]) == 69)
            #expect(harness.console.errors.contains("441 is the latest comic"))
            #expect(try harness.savedState().read == [395, 403, 405, 441])
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["prev"]) == 0)  // nothing shown yet: the latest
            #expect(try harness.savedState().lastShown == 441)
            #expect(await harness.run(["first"]) == 0)
            #expect(try harness.savedState().lastShown == 395)
        }
    }

    @Test func nextAndPrevFromAComicOutsideTheCacheNameTheCachesEnds() async throws {
        // The state remembers comic 2900 from a larger cache; now only the sample is there.
        try await withHarness { harness async throws in
            var state = UserState()
            state.lastShown = 2900
            try harness.save(state)
            #expect(await harness.run(["next"]) == 69)
            #expect(
                harness.console.errors.contains(
                    "comics: 441 is the latest comic; there is no next one yet"))
            #expect(!harness.console.errors.contains("2900"))
            #expect(await harness.run(["prev"]) == 0)
            #expect(try harness.savedState().lastShown == 441)
            try harness.save(UserState(read: [441], lastShown: 7))
            #expect(await harness.run(["prev"]) == 69)
            #expect(
                harness.console.errors.contains(
                    "comics: 395 is the first comic; there is no previous one"))
        }
    }

    @Test func listShowsTheNewestTenOrAPage() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["list"]) == 0)
            let numbers = harness.console.output.split(separator: "\n").map {
                Int($0.split(separator: " ")[0])!
            }
            #expect(numbers == Array(432...441))
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["list", "--from", "403", "--count", "3"]) == 0)
            let numbers = harness.console.output.split(separator: "\n").map {
                Int($0.split(separator: " ")[0])!
            }
            #expect(numbers == [403, 405, 406])
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["list", "--from", "900"]) == 0)
            #expect(harness.console.output.isEmpty)
            #expect(harness.console.errors.contains("no comics from 900 on; the latest is 441"))
        }
        try await withHarness { harness async throws in
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save([])
            #expect(await harness.run(["list"]) == 0)
            #expect(harness.console.output.isEmpty)
            #expect(
                harness.console.errors
                    == "there are no comics in the cache; run 'comics refresh' to fetch some\n")
        }
    }

    @Test func searchIsRankedBestFirst() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["--json", "search", "tab"]) == 0)
            let comics = try JSONDecoder().decode(
                [Comic].self, from: Data(harness.console.output.utf8))
            // 395 has "Tab" as a title word (and "tab" in its transcript); 431 ("table") and
            // 412 ("database") only have it inside an alt-text word, tie, and the newer comes first.
            #expect(comics.map(\.num) == [395, 431, 412])
            #expect(comics.first == sample(395))
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["search", "café"]) == 0)
            #expect(
                harness.console.output.split(separator: "\n").first?.contains("396  Café Physics")
                    == true)
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["search", "qwertyuiop"]) == 0)
            #expect(harness.console.output.isEmpty)
            #expect(harness.console.errors.contains("no comic matches 'qwertyuiop'"))
        }
    }

    @Test func favoritesAddListAndRemove() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["favorites", "add", "410"]) == 0)
            #expect(await harness.run(["favorites", "add", "400"]) == 0)
            #expect(await harness.run(["favorites", "add", "404"]) == 69)
            #expect(try harness.savedState().favorites == [400, 410])
            #expect(await harness.run(["favorites"]) == 0)
            let lines = harness.console.output.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.allSatisfy { $0.hasPrefix("*") })
            #expect(await harness.run(["favorites", "remove", "400"]) == 0)
            #expect(try harness.savedState().favorites == [410])
            #expect(harness.console.errors.contains("removed 400 from the favourites"))
        }
    }

    @Test func openPrintsTheAddressOrLaunchesOnATerminal() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["open", "400"]) == 0)
            #expect(harness.console.output == "https://xkcd.com/400/\n")
            #expect(await harness.run(["open", "400", "--launch"]) == 0)  // not a terminal: printed
            #expect(harness.launcher.urls.isEmpty)
            #expect(harness.console.errors.contains("not launching a browser"))
            #expect(await harness.run(["open", "404"]) == 69)
            harness.terminal.isTTY = true
            #expect(await harness.run(["open", "--launch", "410"]) == 0)
            #expect(harness.launcher.urls == ["https://xkcd.com/410/"])
        }
    }

    @Test func explainPrintsTheExplainxkcdAddressOrLaunchesOnATerminal() async throws {
        try await withHarness { harness async throws in
            // A server that has nothing, so the explanation cannot be fetched.
            harness.configure = { context in
                NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                    ScriptedImageServer(files: [:])
                }
            }
            #expect(await harness.run(["explain", "400"]) == 0)
            #expect(harness.console.output == "https://www.explainxkcd.com/wiki/index.php/400\n")
            #expect(harness.console.errors.contains("could not fetch the explanation"))
            #expect(await harness.run(["explain", "404"]) == 69)
            #expect(await harness.run(["explain"]) == 64)
            harness.terminal.isTTY = true
            #expect(await harness.run(["explain", "--launch", "410"]) == 0)
            #expect(harness.launcher.urls == ["https://www.explainxkcd.com/wiki/index.php/410"])
        }
    }

    @Test func showPrintsTheTranscriptWhenAsked() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["show", "396"]) == 0)
            #expect(!harness.console.output.contains("transcript:"))
            #expect(await harness.run(["show", "396", "--transcript"]) == 0)
            let output = harness.console.output
            #expect(output.contains("\ntranscript:\n(A barista holds up a cup."))
            #expect(output.contains("\nCustomer: I asked for extra hot."))
            #expect(await harness.run(["latest", "--transcript"]) == 64)
        }
    }

    @Test func noCommandWithoutATerminalPrintsTheLatest() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run([]) == 0)
            #expect(harness.console.output.hasPrefix("#441  "))
        }
    }

    @Test func helpAndVersionGoToStandardOutput() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["--help"]) == 0)
            for section in [
                "OVERVIEW:", "USAGE: comics", "OPTIONS:", "SUBCOMMANDS:", "EXAMPLES:",
                "EXIT STATUS:",
            ] {
                #expect(harness.console.output.contains(section))
            }
            for command in CommandTable.commands {
                #expect(harness.console.output.contains("\n  \(command.name)"))
            }
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["list", "--help"]) == 0)
            #expect(harness.console.output.contains("USAGE: comics list [<options>]"))
            #expect(harness.console.output.contains("--count <count>"))
        }
        try await withHarness { harness async throws in
            #expect(await harness.run(["--version"]) == 0)
            #expect(harness.console.output.starts(with: "comics "))
            #expect(harness.console.errors.isEmpty)
        }
    }

    @Test func usageErrorsPrintTheProblemAndAHint() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["frobnicate"]) == 64)
            #expect(harness.console.output.isEmpty)
            #expect(
                harness.console.errors
                    == "comics: error: unknown command 'frobnicate'\nRun 'comics --help' for usage.\n"
            )
        }
    }

    @Test func aDamagedCacheIsReportedWithItsPathAndLeftAlone() async throws {
        try await withHarness { harness async throws in
            let damaged = Data("[{\"num\": 1, \"title\": ".utf8)
            try damaged.write(to: harness.comicsFile)
            for arguments in [["latest"], ["list"], ["search", "x"], ["favorites", "add", "1"]] {
                #expect(await harness.run(arguments) == 65)
            }
            #expect(harness.console.output.isEmpty)
            #expect(harness.console.errors.contains(harness.comicsFile.path))
            #expect(harness.console.errors.contains("is damaged"))
            #expect(try Data(contentsOf: harness.comicsFile) == damaged)
        }
    }

    @Test func withoutACacheDirectoryCommandsSayHowToChooseOne() async {
        // No --cache, no COMICS_CACHE_DIR, no XDG_CACHE_HOME, no HOME.
        let harness = AppHarness(cacheDirectory: URL(fileURLWithPath: "/nonexistent"))
        let program = ComicsProgram(arguments: ["latest"], environment: .fixed([:]))
        #expect(await program.run(in: harness.makeContext()) == 64)
        #expect(harness.console.errors.contains("--cache DIR"))
        #expect(harness.console.output.isEmpty)
    }

    @Test func refreshMergesIntoTheCacheAndReportsFailures() async throws {
        try await withHarness { harness async throws in
            let source = ScriptedComicSource(
                latest: 6,
                failures: [
                    5: Array(
                        repeating: NetworkError.httpStatus(
                            url: ScriptedComicSource.url(of: 5), status: 503), count: 9)
                ])
            harness.configure = { context in
                NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                    source
                }
                NetworkAssembly.instance(from: context).addSubstitution(for: \.retryPolicy) {
                    RetryPolicy(sleep: { _ in })
                }
            }
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save([
                APIFixtureTree.comic(1), APIFixtureTree.comic(2),
            ])
            #expect(await harness.run(["refresh"]) == 75)  // comic 5 keeps failing: try again later
            #expect(
                try JSONFileArchiveStore(fileURL: harness.comicsFile).load().comics.map(\.num) == [
                    1, 2, 3, 4, 6,
                ])
            #expect(harness.console.errors.contains("comic 5: HTTP 503"))
            // The comics already cached are not fetched again.
            #expect(await source.requests.filter { $0 <= 2 }.isEmpty)
        }
    }

    @Test func refreshWithTheLargestPossibleNumberCachedStillFillsTheGaps() async throws {
        try await withHarness { harness async throws in
            let source = ScriptedComicSource(latest: 5)
            harness.configure = { context in
                NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                    source
                }
            }
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save([
                Comic(num: Int.max, title: "Far future")
            ])
            #expect(await harness.run(["refresh"]) == 0)
            #expect(
                harness.console.errors.hasPrefix(
                    "fetched 5 comics; the latest is 5, 6 comics cached"))
            #expect(await source.requests.sorted() == [1, 2, 3, 4])  // 5 came as the latest
        }
    }

    @Test func refreshRefusesToReplaceADamagedCacheUnlessForced() async throws {
        try await withHarness { harness async throws in
            let source = ScriptedComicSource(latest: 2)
            harness.configure = { context in
                NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                    source
                }
            }
            let damaged = Data("not json".utf8)
            try damaged.write(to: harness.comicsFile)
            #expect(await harness.run(["refresh"]) == 65)
            #expect(harness.console.errors.contains("--force"))
            #expect(try Data(contentsOf: harness.comicsFile) == damaged)
            #expect(await harness.run(["refresh", "--force"]) == 0)
            #expect(
                try JSONFileArchiveStore(fileURL: harness.comicsFile).load().comics.map(\.num) == [
                    1, 2,
                ])
            let copy = harness.cacheDirectory.appending(path: "comics.json.corrupt")
            #expect(try Data(contentsOf: copy) == damaged)
        }
    }
}
