/// The search as the benchmark package times it, callable from outside this module. It only
/// forwards to `ComicSearch` with the cleaning the app uses, so what is timed is what
/// `comics search` and the reader's `/` run.
public enum SearchBenchmarkSupport {
    /// The numbers of the comics `query` finds in `comics`, best first, the way `comics search`
    /// finds them once the catalog is loaded: the index built over every comic, then the query.
    public static func search(_ query: String, in comics: [Comic]) -> [Int] {
        PreparedSearch(comics: comics).run(query)
    }

    /// A search whose index is built once, so queries can be timed alone.
    public struct PreparedSearch: Sendable {
        private let search: ComicSearch

        /// Indexes `comics` as `comics search` does.
        public init(comics: [Comic]) {
            search = ComicSearch(comics: comics, plainText: DisplayText.line)
        }

        /// The numbers of the comics `query` finds, best first.
        public func run(_ query: String) -> [Int] {
            search.search(query).map(\.comic.num)
        }
    }
}
