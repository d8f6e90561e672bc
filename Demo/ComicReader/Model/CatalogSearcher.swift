/// Runs ranked searches over a catalog, with the text cleaning the app uses for display
/// (so a search matches what the reader sees, not the raw HTML of the API).
struct CatalogSearcher: Sendable {
    /// Turns a raw API field into displayed text.
    let plainText: @Sendable (String) -> String

    /// The comics matching every word of `query`, best first.
    func search(_ query: String, in catalog: ComicCatalog) -> [ComicSearch.Hit] {
        ComicSearch(comics: catalog.comics, plainText: plainText).search(query)
    }
}
