import Foundation
import Testing

@testable import ComicReader

/// A plain `comics refresh` fills every gap up to the latest, retries what failed, and
/// remembers what the server has not, so neither refresh nor hints ask for it again.
@Suite struct RefreshResumeTests {
    /// A harness whose server is `source` and whose retries do not wait.
    private func use(_ source: ScriptedComicSource, in harness: AppHarness) {
        harness.configure = { context in
            NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                source
            }
            NetworkAssembly.instance(from: context).addSubstitution(for: \.retryPolicy) {
                RetryPolicy(maxAttempts: 2, sleep: { _ in })
            }
        }
    }

    @Test func aPlainRefreshFillsTheGapsOfAnInterruptedOneAndRetriesFailures() async throws {
        try await withHarness { harness async throws in
            let failing = NetworkError.httpStatus(url: ScriptedComicSource.url(of: 5), status: 503)
            let source = ScriptedComicSource(
                latest: 12, missing: [7], failures: [5: [failing, failing]])
            use(source, in: harness)
            // What an interrupted first refresh leaves: the latest and a few, with a hole.
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save(
                [1, 2, 3, 12].map(APIFixtureTree.comic))

            #expect(await harness.run(["refresh"]) == 75)
            let archive = try JSONFileArchiveStore(fileURL: harness.comicsFile).load()
            #expect(archive.comics.map(\.num) == [1, 2, 3, 4, 6, 8, 9, 10, 11, 12])
            #expect(archive.record == RefreshRecord(absent: [7], latest: 12))
            #expect(harness.console.errors.contains("1 not on the server (7)"))
            #expect(harness.console.errors.contains("still missing: 1 comic (5)"))

            #expect(await harness.run(["refresh"]) == 0)
            let filled = try JSONFileArchiveStore(fileURL: harness.comicsFile).load()
            #expect(filled.comics.map(\.num) == [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12])
            #expect(await source.requests.filter { $0 == 7 }.count == 1)  // not asked again
            #expect(harness.console.errors.contains("1 known not to exist"))
        }
    }

    @Test func hintsForANumberTheServerHasNotDoNotSendTheUserBack() async throws {
        try await withHarness { harness async throws in
            let source = ScriptedComicSource(latest: 5, missing: [3])
            use(source, in: harness)
            #expect(await harness.run(["refresh"]) == 0)

            #expect(await harness.run(["show", "3"]) == 69)
            #expect(harness.console.errors.contains("comic 3 is not on the server"))
            #expect(!harness.console.errors.contains("--since"))

            // --all asks again, and a comic that appeared is no longer counted absent.
            let later = ScriptedComicSource(latest: 5)
            use(later, in: harness)
            #expect(await harness.run(["refresh", "--all"]) == 0)
            #expect(await later.requests == [3])
            let archive = try JSONFileArchiveStore(fileURL: harness.comicsFile).load()
            #expect(archive.record.absent.isEmpty)
            #expect(await harness.run(["show", "3"]) == 0)
        }
    }

    @Test func gapsAreWrittenAsRuns() {
        #expect(NumberRanges.describe([5, 1, 2, 3, 9]) == "1–3, 5, 9")
        #expect(NumberRanges.describe([1, 3, 5, 7], limit: 2) == "1, 3, … (2 more)")
        #expect(RefreshRecord(absent: [2], latest: 5).gaps(cached: [1, 4]) == [3, 5])
    }
}
