import Foundation

/// Keeps the comics in `comics.json`: a JSON array in exactly the API's shape.
/// Loading never writes; in particular the sample is never written over the user's cache.
struct JSONFileArchiveStore: ComicArchiveStore {
    private let file: GuardedJSONFile<[Comic]>

    /// A store for the cache file at `fileURL`.
    init(fileURL: URL) {
        file = GuardedJSONFile(url: fileURL)
    }

    /// A store for the comics file of `location`.
    init(location: CacheLocation) {
        self.init(fileURL: location.comicsFile)
    }

    func load() throws(CacheError) -> ComicArchive {
        guard let comics = try file.read() else {
            return ComicArchive(comics: SampleComics.all, source: .builtInSample)
        }
        return ComicArchive(comics: comics, source: .cache(file.url))
    }

    @discardableResult
    func save(_ comics: [Comic], force: Bool) throws(CacheError) -> String? {
        try file.write(comics.sorted { $0.num < $1.num }, force: force)
    }
}
