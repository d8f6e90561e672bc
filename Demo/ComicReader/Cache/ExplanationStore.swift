import Foundation

/// Explanations fetched from explainxkcd, kept beside the comics as the wiki's source text:
/// `explanations/<number>.wiki` under the cache directory, so `comics explain` works offline
/// for every comic explained once.
///
/// A file is written atomically (temporary file, then rename), so it is whole or absent.
struct ExplanationStore: Sendable {
    /// The `explanations/` directory, created on the first save.
    let directory: URL

    /// A store in `explanations/` under `cacheDirectory`.
    init(cacheDirectory: URL) {
        directory = cacheDirectory.appending(path: "explanations", directoryHint: .isDirectory)
    }

    /// Where comic `number`'s explanation is kept.
    func fileURL(forComic number: Int) -> URL {
        directory.appending(path: "\(number).wiki", directoryHint: .notDirectory)
    }

    /// The kept explanation of comic `number`, or nil when there is none.
    func load(comic number: Int) throws(CacheError) -> String? {
        let file = fileURL(forComic: number)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw .unreadable(path: file.path, reason: error.localizedDescription)
        }
    }

    /// Keeps `wikitext` as comic `number`'s explanation, replacing the one kept before.
    func save(_ wikitext: String, comic number: Int) throws(CacheError) {
        let file = fileURL(forComic: number)
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            try Data(wikitext.utf8).write(to: file, options: .atomic)
        } catch {
            throw .unwritable(path: file.path, reason: error.localizedDescription)
        }
    }
}
