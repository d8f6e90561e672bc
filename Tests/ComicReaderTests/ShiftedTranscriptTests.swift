import Foundation
import Testing

@testable import ComicReader

/// The API's shifted transcripts (1611–1677) are shown and searched under their real comics.
@Suite struct ShiftedTranscriptTests {
    typealias Fixture = ShiftedTranscriptFixture

    let catalog = ComicCatalog(Fixture.comics)

    /// Whether the API serves the real transcript of `number` with some comic.
    func isServed(_ number: Int) -> Bool {
        Fixture.numbers.contains { Fixture.servedTranscriptOwner(of: $0) == number }
    }

    @Test func everyTranscriptIsUnderTheComicItDescribes() throws {
        for number in Fixture.numbers {
            let comic = try #require(catalog.comic(number: number))
            let expected = isServed(number) ? Fixture.realTranscript(of: number) : ""
            #expect(comic.transcript == expected, "comic \(number)")
        }
        #expect(catalog.comic(number: 1640)?.transcript.contains("zorblat1640") == true)
    }

    @Test func searchFindsATranscriptsWordsUnderItsRealComic() {
        let search = ComicSearch(comics: catalog.comics, plainText: DisplayText.line)
        for number in [1611, 1638, 1640, 1660, 1670, 1674] {
            #expect(
                search.search(Fixture.marker(of: number)).map(\.comic.num) == [number],
                "comic \(number)")
        }
    }

    @Test func quotationsAndAmbiguousTitleTextsMoveNothing() throws {
        let served = Dictionary(uniqueKeysWithValues: Fixture.comics.map { ($0.num, $0) })
        for number in 1678...1690 {
            let comic = try #require(catalog.comic(number: number))
            #expect(comic.transcript == served[number]?.transcript, "comic \(number)")
            #expect(comic.otherFields.isEmpty, "comic \(number)")
        }
    }

    @Test func showAndJSONSayWhereATranscriptCameFrom() async throws {
        try await withHarness { harness async throws in
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save(Fixture.comics)
            #expect(await harness.run(["show", "1640", "--transcript"]) == 0)
            #expect(harness.console.output.contains("zorblat1640"))
            #expect(!harness.console.output.contains("zorblat1638"))
        }
        try await withHarness { harness async throws in
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save(Fixture.comics)
            #expect(await harness.run(["--json", "show", "1640"]) == 0)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(harness.console.output.utf8))
                    as? [String: Any])
            #expect(object["transcript_from"] as? Int == 1642)
            #expect(object["api_transcript_belongs_to"] as? Int == 1638)
            #expect((object["transcript"] as? String)?.contains("zorblat1640") == true)
        }
        try await withHarness { harness async throws in
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save(Fixture.comics)
            #expect(await harness.run(["--json", "show", "1676"]) == 0)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(harness.console.output.utf8))
                    as? [String: Any])
            #expect(object["transcript"] as? String == "")
            #expect(object["transcript_from"] == nil)
            #expect(object["api_transcript_belongs_to"] as? Int == 1673)
        }
    }
}
