import Foundation
import Testing

@testable import ComicReader

/// `random --unread` and the "read N of M" line of `list`.
@Suite struct ReadingStatusTests {
    @Test func randomUnreadPicksOnlyUnreadComicsAndSaysWhenNoneAreLeft() async throws {
        try await withHarness { harness async throws in
            let all = Set(SampleComics.all.map(\.num))
            try harness.save(UserState(read: all.subtracting([417])))
            #expect(await harness.run(["random", "--unread"]) == 0)
            #expect(try harness.savedState().lastShown == 417)

            #expect(await harness.run(["random", "--unread"]) == 69)
            #expect(harness.console.errors.contains("every one of the 46 comics is read"))
        }
    }

    @Test func listSaysHowManyAreReadAndWhatIsNotCached() async throws {
        try await withHarness { harness async throws in
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save(
                [1, 2, 3, 7].map(APIFixtureTree.comic))
            try JSONFileArchiveStore(fileURL: harness.comicsFile).saveRecord(
                RefreshRecord(absent: [5], latest: 9))
            try harness.save(UserState(read: [2, 3, 100]))
            #expect(await harness.run(["list"]) == 0)
            #expect(
                harness.console.errors.contains(
                    "read 2 of 4 comics; not cached: 4 (4, 6, 8–9), 'comics refresh' fetches them"))
            #expect(await harness.run(["--json", "list"]) == 0)
            // Said once, by the first run: not with --json.
            #expect(harness.console.errors.components(separatedBy: "read 2 of 4").count == 2)
        }
    }
}

/// `list --dates`.
@Suite struct ListDatesTests {
    @Test func listWithDatesPutsTheDateBeforeTheTitle() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["list", "--count", "1", "--dates"]) == 0)
            #expect(harness.console.output == "  441  2008-06-18  Latest and Greatest\n")
            #expect(
                try CommandLineParser(environment: [:]).parse(["list", "--dates"]).command
                    == .list(from: nil, count: 10, dates: true))
        }
    }
}
