import Foundation

/// Keeps the comics in `comics.json`: a JSON array in exactly the API's shape, and what
/// refreshes learned about the server in `refresh.json` beside it.
/// Loading never writes; in particular the sample is never written over the user's cache.
struct JSONFileArchiveStore: ComicArchiveStore {
    private let file: GuardedJSONFile<[Comic]>
    private let recordFile: GuardedJSONFile<RefreshRecord>

    /// A store for the cache file at `fileURL`, with `refresh.json` in the same directory.
    init(fileURL: URL) {
        file = GuardedJSONFile(url: fileURL)
        recordFile = GuardedJSONFile(
            url: fileURL.deletingLastPathComponent().appending(
                path: "refresh.json", directoryHint: .notDirectory))
    }

    /// A store for the comics file of `location`.
    init(location: CacheLocation) {
        self.init(fileURL: location.comicsFile)
    }

    func load() throws(CacheError) -> ComicArchive {
        guard let comics = try file.read() else {
            return ComicArchive(comics: SampleComics.all, source: .builtInSample)
        }
        // The record only saves requests: a damaged one counts as empty and is replaced,
        // with a copy kept, by the next refresh.
        let record = (try? recordFile.read()) ?? nil
        return ComicArchive(
            comics: comics, source: .cache(file.url), record: record ?? RefreshRecord())
    }

    /// Reads the file again and writes it under the lock on the cache directory (see
    /// `FileLock`), so that a comic another process saved in between is kept.
    @discardableResult
    func save(_ comics: [Comic], force: Bool) throws(CacheError) -> ArchiveSave {
        try file.locked { () throws(CacheError) in
            var merged: [Int: Comic] = [:]
            do throws(CacheError) {
                for comic in try file.read() ?? [] { merged[comic.num] = comic }
            } catch {
                // A damaged file is replaced only when forced; `write` says so otherwise.
                guard case .corrupt = error else { throw error }
            }
            for comic in comics { merged[comic.num] = comic }
            let all = merged.values.sorted { $0.num < $1.num }
            return ArchiveSave(comics: all, keptCopy: try file.write(all, force: force))
        }
    }

    /// Under the same lock as `save`: the absent numbers of both records, but none that
    /// `comics.json` holds (a comic that came after all), and the newer latest number.
    @discardableResult
    func saveRecord(_ record: RefreshRecord) throws(CacheError) -> RefreshRecord {
        try file.locked { () throws(CacheError) in
            let kept = (try? recordFile.read()) ?? nil  // a damaged record counts as empty
            let cached = ((try? file.read()) ?? nil)?.map(\.num) ?? []
            var merged = record
            merged.absent.formUnion(kept?.absent ?? [])
            merged.absent.subtract(cached)
            merged.latest = [record.latest, kept?.latest].compactMap { $0 }.max()
            try recordFile.write(merged, force: true)
            return merged
        }
    }
}
