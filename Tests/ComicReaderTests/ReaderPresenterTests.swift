import Foundation
import Testing
import Wiring

@testable import ComicReader

@Suite("Reader presenter driven by scripted keys")
struct ReaderPresenterTests {
    /// Builds the reader module around a fake view in `harness`'s sandbox and starts it.
    func startReader(_ harness: AppHarness, experiments: [String] = []) throws -> FakeReaderView {
        let context = harness.makeContext()
        var options = AppOptions()
        options.cacheDirectory = harness.cacheDirectory.path
        options.experiments = try ExperimentRegistry.standard.selection(
            applying: experiments, over: ExperimentRegistry.standard.defaults, origin: "--ab")
        AppAssembly.instance(from: context).configure(options: options, environment: .fixed())
        let view = FakeReaderView()
        ReaderModuleAssembly.instance(from: context).inject(into: view)
        view.output?.viewIsReady()
        return view
    }

    @Test func opensAtTheLatestComicAndRecordsIt() async throws {
        try await withHarness { harness async throws in
            let view = try startReader(harness)
            #expect(view.currentNumber == 441)
            #expect(view.screens.last?.text.hasPrefix("#441  ") == true)
            #expect(view.messages.last?.contains("Built-in sample comics") == true)
            let saved = try harness.savedState()
            #expect(saved.lastShown == 441)
            #expect(saved.read == [441])
        }
    }

    @Test func navigationKeysMoveThroughTheCatalog() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let view = try startReader(harness)
            #expect(view.currentNumber == 400)
            view.press(
                .character("n"), .right, .character("p"), .left, .character("f"), .character("l"))
            #expect(view.shownNumbers == [400, 401, 402, 401, 400, 395, 441])
            view.type("n")
            #expect(view.currentNumber == 441)
            #expect(view.messages.last == "441 is the latest comic; there is no next one yet")
            view.type("f")
            view.type("p")
            #expect(view.messages.last == "395 is the first comic; there is no previous one")
            #expect(try harness.savedState().lastShown == 395)
        }
    }

    @Test func arrowEscapeSequencesNavigateAndSkipTheMissing404() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(403))
            let view = try startReader(harness)
            view.type("\u{1B}[C")  // →
            #expect(view.currentNumber == 405)
            view.type("\u{1B}OD")  // ← in application cursor mode
            #expect(view.currentNumber == 403)
        }
    }

    @Test func goToAsksForANumber() async throws {
        try await withHarness { harness async throws in
            let view = try startReader(harness)
            view.answers = ["410", "404", "abc", nil, "99999"]
            view.type("g")
            #expect(view.currentNumber == 410)
            #expect(view.prompts == ["Go to comic: "])
            view.type("g")
            #expect(view.currentNumber == 410)
            #expect(view.messages.last?.contains("comic 404 does not exist") == true)
            view.type("g")
            #expect(view.messages.last == "'abc' is not a comic number")
            let screens = view.screens.count
            view.type("g")
            #expect(view.currentNumber == 410)
            #expect(view.screens.count == screens + 1)  // Escape: the comic is drawn again
            view.type("g")
            #expect(view.messages.last?.contains("the latest is 441") == true)
        }
    }

    @Test func searchShowsTheBestMatch() async throws {
        try await withHarness { harness async throws in
            let view = try startReader(harness)
            view.answers = ["tab completion", "qwertyuiop"]
            view.type("/")
            #expect(view.currentNumber == 395)
            #expect(view.prompts == ["Search: "])
            view.type("/")
            #expect(view.currentNumber == 395)
            #expect(view.messages.last == "No comic matches 'qwertyuiop'")
        }
    }

    @Test func matchKeysStepThroughTheSearchsMatchesAndGoRound() async throws {
        try await withHarness { harness async throws in
            let view = try startReader(harness)
            view.type("m")
            #expect(view.messages.last == "No search yet; press / to search")
            view.answers = ["build"]
            view.type("/")
            let best = try #require(view.currentNumber)
            let all = ModelAssembly.instance(from: harness.makeContext()).searcher
                .search("build", in: ComicCatalog(SampleComics.all)).map(\.comic.num)
            try #require(all.count >= 2 && all.first == best)
            view.type("m")
            #expect(view.currentNumber == all[1])
            #expect(
                view.messages.last?.hasPrefix("Match 2 of \(all.count) for 'build': \(all[1]) ")
                    == true)
            view.type("M")
            view.type("M")
            #expect(view.currentNumber == all.last)
            #expect(view.messages.last?.hasPrefix("Match \(all.count) of \(all.count) ") == true)
        }
    }

    @Test func explainKeyOpensTheExplanationThroughTheRouter() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let view = try startReader(harness)
            view.type("e")
            #expect(harness.launcher.urls == ["https://www.explainxkcd.com/wiki/index.php/400"])
            #expect(view.messages.last == "Opened https://www.explainxkcd.com/wiki/index.php/400")
        }
    }

    @Test func favoriteKeyTogglesAndPersists() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let view = try startReader(harness)
            view.type("*")
            #expect(try harness.savedState().favorites == [400])
            #expect(view.screens.last?.status.hasPrefix("#400 ★") == true)
            #expect(view.screens.last?.text.contains("favorite") == true)
            #expect(view.messages.last == "Added 400 to the favourites")
            view.type("*")
            #expect(try harness.savedState().favorites.isEmpty)
            #expect(view.messages.last == "Removed 400 from the favourites")
        }
    }

    @Test func openKeyLaunchesThePageThroughTheRouter() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let view = try startReader(harness)
            view.type("o")
            #expect(harness.launcher.urls == ["https://xkcd.com/400/"])
            #expect(view.messages.last == "Opened https://xkcd.com/400/")
        }
    }

    @Test func toggleKeysRedrawWithAndWithoutAltTextAndTranscript() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(395))
            let view = try startReader(harness)
            #expect(view.screens.last?.text.contains("alt: ") == true)
            #expect(view.screens.last?.text.contains("transcript:") == false)
            view.type("a")
            #expect(view.screens.last?.text.contains("alt: ") == false)
            view.type("t")
            #expect(view.screens.last?.text.contains("transcript:") == true)
            #expect(view.screens.last?.text.contains("I pressed tab twice.") == true)
            #expect(view.currentNumber == 395)
        }
    }

    @Test func helpScrollingUnknownKeysAndQuit() async throws {
        try await withHarness { harness async throws in
            let view = try startReader(harness)
            view.type("?")
            #expect(view.helpScreens.count == 1)
            #expect(view.helpScreens[0].contains("go to a comic by number"))
            let screens = view.screens.count
            view.type("x")  // any key leaves the help
            #expect(view.screens.count == screens + 1)
            view.type("j")
            view.type("\u{1B}[A")
            #expect(view.scrolls == [5, -5])
            view.press(.pageDown, .pageDown, .pageUp)
            #expect(view.pageScrolls == [1, 1, -1])
            #expect(view.scrolls == [5, -5])
            view.type("x")
            #expect(view.messages.last?.contains("press ? for help") == true)
            #expect(!view.isClosed)
            view.type("q")
            #expect(view.isClosed)
        }
    }

    /// The display width of the widest line of `text` that is not a link (links are kept whole)
    /// nor the one-line heading (cut at the window's edge when drawn).
    func widestTextLine(_ text: String) -> Int {
        text.split(separator: "\n").dropFirst().filter { !$0.contains("://") }.map {
            DisplayWidth.of(String($0))
        }.max() ?? 0
    }

    @Test func aResizedWindowGetsTheScreenAgainAtItsNewWidth() async throws {
        try await withHarness { harness async throws in
            try harness.save(UserState.lastShown(400))
            let view = try startReader(harness, experiments: ["layout=card"])
            let wide = try #require(view.screens.last)
            #expect(widestTextLine(wide.text) > 30)
            view.output?.viewDidResize(rows: 24, columns: 30)
            let narrow = try #require(view.screens.last)
            #expect(view.screens.count == 2)
            #expect(narrow.status == wide.status)
            #expect(widestTextLine(narrow.text) == 30)  // a card fills the width exactly
            view.type("?")
            view.output?.viewDidResize(rows: 24, columns: 50)
            #expect(view.helpScreens.count == 2)  // the help stays up, drawn again
            #expect(view.screens.count == 2)
            view.type("x")
            #expect(widestTextLine(try #require(view.screens.last).text) == 50)
            #expect(view.currentNumber == 400)
        }
    }

    @Test func endOfInputQuits() async throws {
        try await withHarness { harness async throws in
            let view = try startReader(harness)
            view.press(.endOfInput)
            #expect(view.isClosed)
        }
    }

    @Test func randomKeyUsesTheActiveExperimentsPicker() async throws {
        try await withHarness { harness async throws in
            var saved = UserState.lastShown(400)
            saved.read = Set(SampleComics.all.map(\.num)).subtracting([417])
            try harness.save(saved)
            let view = try startReader(harness, experiments: ["random=unread-first"])
            view.type("r")
            #expect(view.currentNumber == 417)
        }
    }

    @Test func aDamagedStateFileStopsNeitherTheReaderNorIsOverwritten() async throws {
        try await withHarness { harness async throws in
            try Data("{ nope".utf8).write(to: harness.stateFile)
            let view = try startReader(harness)
            #expect(view.currentNumber == 441)
            view.type("n")
            view.type("*")
            #expect(try String(contentsOf: harness.stateFile, encoding: .utf8) == "{ nope")
        }
    }
}
