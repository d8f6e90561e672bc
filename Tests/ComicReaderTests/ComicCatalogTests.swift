import Testing

@testable import ComicReader

@Suite struct ComicCatalogTests {
    let catalog = ComicCatalog(SampleComics.all)

    @Test func firstAndLatest() {
        #expect(catalog.first?.num == 395)
        #expect(catalog.latest?.num == 441)
        #expect(catalog.count == 46)
    }

    @Test func lookupDistinguishesFoundGapAndOutOfRange() throws {
        #expect(
            catalog.lookup(400) == .found(try #require(SampleComics.all.first { $0.num == 400 })))
        #expect(catalog.comic(number: 400)?.title == "Four&nbsp;Hundred")
        #expect(catalog.lookup(404) == .missing(number: 404, previous: 403, next: 405))
        #expect(catalog.lookup(442) == .afterLatest(latest: 441))
        #expect(catalog.lookup(Int.max) == .afterLatest(latest: 441))
        #expect(catalog.lookup(1) == .beforeFirst(first: 395))
        #expect(catalog.lookup(0) == .beforeFirst(first: 395))
        #expect(catalog.lookup(-3) == .beforeFirst(first: 395))
        #expect(catalog.comic(number: 404) == nil)
    }

    @Test func requireComicReturnsTheComicOrSaysWhyNot() throws {
        #expect(try catalog.requireComic(400).title == "Four&nbsp;Hundred")
        #expect(throws: ComicUnavailable.notFoundJoke) { try catalog.requireComic(404) }
        #expect(throws: ComicUnavailable.afterLatest(number: 442, latest: 441)) {
            try catalog.requireComic(442)
        }
        #expect(throws: ComicUnavailable.beforeFirst(number: -3, first: 395)) {
            try catalog.requireComic(-3)
        }
        let sparse = ComicCatalog([1, 2, 7].map { Comic(num: $0, title: "#\($0)") })
        #expect(throws: ComicUnavailable.missing(number: 5, previous: 2, next: 7)) {
            try sparse.requireComic(5)
        }
        #expect(throws: ComicUnavailable.empty) { try ComicCatalog([]).requireComic(1) }
    }

    @Test func uncachedNumbersInsideTheRangeAreMissing() {
        let sparse = ComicCatalog([1, 2, 7, 9].map { Comic(num: $0, title: "#\($0)") })
        #expect(sparse.lookup(5) == .missing(number: 5, previous: 2, next: 7))
        #expect(sparse.lookup(8) == .missing(number: 8, previous: 7, next: 9))
    }

    @Test func emptyCatalog() {
        let empty = ComicCatalog([])
        #expect(empty.lookup(1) == .empty)
        #expect(empty.first == nil && empty.latest == nil)
        #expect(empty.next(after: 1) == nil && empty.previous(before: 1) == nil)
        #expect(empty.page(from: 1, count: 5).isEmpty)
    }

    @Test func neighboursSkipThe404Gap() {
        #expect(catalog.next(after: 403)?.num == 405)
        #expect(catalog.previous(before: 405)?.num == 403)
        #expect(catalog.next(after: 404)?.num == 405)
        #expect(catalog.previous(before: 404)?.num == 403)
        #expect(catalog.next(after: 400)?.num == 401)
    }

    @Test func neighboursStopAtTheEnds() {
        #expect(catalog.next(after: 441) == nil)
        #expect(catalog.previous(before: 395) == nil)
        #expect(catalog.next(after: 1)?.num == 395)
        #expect(catalog.previous(before: 1000)?.num == 441)
        #expect(catalog.next(after: Int.max) == nil)
    }

    @Test func pagesStartAtOrAfterTheRequestedNumber() {
        #expect(catalog.page(from: 402, count: 4).map(\.num) == [402, 403, 405, 406])
        #expect(catalog.page(from: 404, count: 2).map(\.num) == [405, 406])
        #expect(catalog.page(from: 439, count: 10).map(\.num) == [439, 440, 441])
        #expect(catalog.page(from: 1, count: 2).map(\.num) == [395, 396])
        #expect(catalog.page(from: 442, count: 3).isEmpty)
        #expect(catalog.page(from: 400, count: 0).isEmpty)
        #expect(catalog.page(from: 400, count: -1).isEmpty)
        #expect(catalog.page(from: 400, count: Int.max).count == 41)
    }

    @Test func newestComicsInAscendingOrder() {
        #expect(catalog.newest(count: 3).map(\.num) == [439, 440, 441])
        #expect(catalog.newest(count: 100).count == 46)
        #expect(catalog.newest(count: 0).isEmpty)
    }

    @Test func sortsAndKeepsTheLastCopyOfARepeatedNumber() {
        let mixed = ComicCatalog([
            Comic(num: 3, title: "three"), Comic(num: 1, title: "old one"),
            Comic(num: 1, title: "new one"),
        ])
        #expect(mixed.comics.map(\.num) == [1, 3])
        #expect(mixed.comic(number: 1)?.title == "new one")
    }
}
