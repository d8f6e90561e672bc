/// An immutable, number-ordered view of the comics we know about, with the navigation
/// the reader needs: lookup, first/latest, neighbours that skip gaps, and pages.
///
/// Gaps are normal: 404 does not exist on the real site, and a partial cache lacks more.
struct ComicCatalog: Equatable, Sendable {
    /// What a lookup by number found, detailed enough to explain a miss kindly.
    enum Lookup: Equatable, Sendable {
        /// The comic is in the catalog.
        case found(Comic)
        /// The number lies between `first` and `latest` but is absent (like 404, or not cached).
        case missing(number: Int, previous: Int, next: Int)
        /// The number is newer than the newest known comic.
        case afterLatest(latest: Int)
        /// The number is older than the oldest known comic (including zero and negatives).
        case beforeFirst(first: Int)
        /// The catalog holds no comics at all.
        case empty
    }

    /// The comics, ascending by number, one per number.
    let comics: [Comic]
    /// Numbers the server said do not exist, so hints never send anyone after them.
    let absent: Set<Int>

    /// Builds a catalog from comics in any order; for a repeated number the last one wins,
    /// so a freshly fetched copy replaces an older one when appended. Transcripts the API serves
    /// under the wrong number are moved to their comics (`TranscriptRealignment`). `absent` are
    /// the numbers the server said it has not.
    init(_ comics: some Sequence<Comic>, absent: Set<Int> = []) {
        var byNumber: [Int: Comic] = [:]
        for comic in comics { byNumber[comic.num] = comic }
        self.comics = TranscriptRealignment.realign(byNumber.values.sorted { $0.num < $1.num })
        self.absent = absent
    }

    var isEmpty: Bool { comics.isEmpty }
    var count: Int { comics.count }
    /// The oldest comic.
    var first: Comic? { comics.first }
    /// The newest comic.
    var latest: Comic? { comics.last }

    /// The comic numbered `number`, or nil.
    func comic(number: Int) -> Comic? {
        let index = firstIndex(atLeast: number)
        return index < comics.endIndex && comics[index].num == number ? comics[index] : nil
    }

    /// Looks `number` up and, when absent, says whether it is a gap or out of range.
    func lookup(_ number: Int) -> Lookup {
        guard let first, let latest else { return .empty }
        if number > latest.num { return .afterLatest(latest: latest.num) }
        if number < first.num { return .beforeFirst(first: first.num) }
        if let comic = comic(number: number) { return .found(comic) }
        // Inside the range and absent, so both neighbours exist.
        let next = firstIndex(atLeast: number)
        return .missing(number: number, previous: comics[next - 1].num, next: comics[next].num)
    }

    /// The comic numbered `number`, or an error saying why it is not there: comic 404's joke,
    /// a gap between cached comics, a number outside the known range, or an empty catalog.
    func requireComic(_ number: Int) throws(ComicUnavailable) -> Comic {
        let found = lookup(number)
        if case .found(let comic) = found { return comic }
        if case .missing = found, number == 404 { throw .notFoundJoke }
        if found != .empty, absent.contains(number) { throw .notOnServer(number: number) }
        switch found {
        case .missing(_, let previous, let next):
            throw .missing(number: number, previous: previous, next: next)
        case .afterLatest(let latest): throw .afterLatest(number: number, latest: latest)
        case .beforeFirst(let first): throw .beforeFirst(number: number, first: first)
        case .found, .empty: throw .empty
        }
    }

    /// The nearest comic numbered above `number` (skipping gaps), or nil past the latest.
    func next(after number: Int) -> Comic? {
        guard number < Int.max else { return nil }
        let index = firstIndex(atLeast: number + 1)
        return index < comics.endIndex ? comics[index] : nil
    }

    /// The nearest comic numbered below `number` (skipping gaps), or nil before the first.
    func previous(before number: Int) -> Comic? {
        let index = firstIndex(atLeast: number)
        return index > comics.startIndex ? comics[index - 1] : nil
    }

    /// Up to `count` comics in ascending order starting at `number` (or the first comic
    /// above it when `number` is a gap), as `list --from N --count K` shows them.
    func page(from number: Int, count: Int) -> [Comic] {
        guard count > 0 else { return [] }
        let start = firstIndex(atLeast: number)
        return Array(comics[start..<min(comics.endIndex, start + min(count, comics.count))])
    }

    /// The newest `count` comics in ascending order, for `list` without `--from`.
    func newest(count: Int) -> [Comic] {
        guard count > 0 else { return [] }
        return Array(comics.suffix(count))
    }

    /// Index of the first comic whose number is at least `number` (binary search).
    private func firstIndex(atLeast number: Int) -> Int {
        var low = comics.startIndex
        var high = comics.endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if comics[middle].num < number { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
