import Testing

@testable import ComicReader

@Suite struct ComicSearchTests {
    /// Numbers of the hits for `query` over `comics`, best first.
    func ranking(_ query: String, _ comics: [Comic]) -> [Int] {
        ComicSearch(comics: comics).search(query).map(\.comic.num)
    }

    @Test func titleOutranksAltWhichOutranksTranscript() {
        let comics = [
            Comic(
                num: 1, title: "Nothing", alt: "nothing", transcript: "a lattice in the background"),
            Comic(num: 2, title: "Lattice Dreams"),
            Comic(num: 3, title: "Other", alt: "a lattice here"),
        ]
        #expect(ranking("lattice", comics) == [2, 3, 1])
    }

    @Test func anyTitleHitOutranksAWholeWordAltHit() {
        let comics = [
            Comic(num: 1, title: "Latticework"),
            Comic(num: 2, title: "Other", alt: "lattice"),
        ]
        #expect(ranking("lattice", comics) == [1, 2])
    }

    @Test func wholeWordBeatsSubstringInTheSameField() {
        let comics = [
            Comic(num: 1, title: "Graphs Everywhere"),
            Comic(num: 2, title: "Graph Theory"),
            Comic(num: 3, title: "x", alt: "paragraphs"),
            Comic(num: 4, title: "y", alt: "a graph."),
        ]
        #expect(ranking("graph", comics) == [2, 1, 4, 3])
    }

    @Test func equalScoresPutNewerComicsFirst() {
        let comics = [7, 30, 12].map { Comic(num: $0, title: "Twin") }
        #expect(ranking("twin", comics) == [30, 12, 7])
    }

    @Test func matchingIgnoresCaseAndDiacritics() {
        let comics = [
            Comic(num: 1, title: "Café Society"),
            Comic(num: 2, title: "CAFE RACER"),
            Comic(num: 3, title: "Coffee"),
        ]
        #expect(ranking("café", comics) == [2, 1])
        #expect(ranking("CAFE", comics) == [2, 1])
        #expect(ranking("ÄNGSTRÖM", [Comic(num: 9, title: "angstrom")]) == [9])
    }

    @Test func everyQueryWordMustMatchAndEachAddsToTheScore() throws {
        let comics = [
            Comic(num: 1, title: "Kettle of Destiny"),
            Comic(num: 2, title: "Kettle", alt: "destiny awaits"),
            Comic(num: 3, title: "Kettle Corn"),
        ]
        let hits = ComicSearch(comics: comics).search("  kettle   DESTINY ")
        #expect(hits.map(\.comic.num) == [1, 2])
        let single = try #require(
            ComicSearch(comics: comics).search("kettle").first { $0.comic.num == 1 })
        #expect(hits[0].score > single.score)
    }

    @Test func emptyOrBlankQueryFindsNothing() {
        #expect(ranking("", SampleComics.all).isEmpty)
        #expect(ranking("   ", SampleComics.all).isEmpty)
        #expect(ranking("zebraquasar", SampleComics.all).isEmpty)
    }

    @Test func scoresArePositiveAndDescending() {
        let hits = ComicSearch(comics: SampleComics.all).search("the")
        #expect(hits.count > 5)
        #expect(hits.allSatisfy { $0.score > 0 })
        for (better, worse) in zip(hits, hits.dropFirst()) {
            #expect(
                better.score > worse.score
                    || (better.score == worse.score && better.comic.num > worse.comic.num))
        }
    }

    @Test func safeTitleCountsAsTitle() {
        let comics = [
            Comic(num: 1, title: "Caf&eacute; Physics", safeTitle: "Café Physics"),
            Comic(num: 2, title: "Other", alt: "cafe"),
        ]
        #expect(ranking("cafe", comics) == [1, 2])
    }

    @Test func plainTextConversionIsAppliedBeforeMatching() {
        let comics = [Comic(num: 1, title: "x", alt: "a na&iuml;ve plan")]
        let decodeEntity: @Sendable (String) -> String = {
            $0.replacingOccurrences(of: "&iuml;", with: "ï")
        }
        #expect(ComicSearch(comics: comics).search("naive").isEmpty)
        let hits = ComicSearch(comics: comics, plainText: decodeEntity).search("naive")
        #expect(hits.map(\.score) == [ComicSearch.Weight.altWord])
    }
}
