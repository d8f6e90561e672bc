import Foundation

/// Where the cache lives: the directory holding `comics.json`, `state.json` and `images/`.
struct CacheLocation: Equatable, Sendable {
    /// The environment variable naming the cache directory outright.
    static let directoryVariable = "COMICS_CACHE_DIR"

    let directory: URL

    var comicsFile: URL { directory.appending(path: "comics.json", directoryHint: .notDirectory) }
    var stateFile: URL { directory.appending(path: "state.json", directoryHint: .notDirectory) }
    var imagesDirectory: URL { directory.appending(path: "images", directoryHint: .isDirectory) }

    init(directory: URL) {
        self.directory = directory
    }

    /// Picks the directory: `--cache DIR` (`flag`), else `COMICS_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/comics`, else `$HOME/.cache/comics`.
    ///
    /// Empty values count as unset, and a relative `XDG_CACHE_HOME` is ignored as the XDG
    /// specification requires. A leading `~` is expanded with `HOME`; other relative paths
    /// are taken relative to `currentDirectory`. The environment is a parameter so callers
    /// (and tests) decide what it holds.
    static func resolve(
        flag: String?,
        environment: [String: String],
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(CacheError) -> CacheLocation {
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let home = value("HOME")
        let chosen: String
        if let flag, !flag.isEmpty {
            chosen = flag
        } else if let directory = value(directoryVariable) {
            chosen = directory
        } else if let xdg = value("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            chosen = (xdg as NSString).appendingPathComponent("comics")
        } else if let home {
            chosen = (home as NSString).appendingPathComponent(".cache/comics")
        } else {
            throw .noCacheDirectory
        }
        return CacheLocation(
            directory: absoluteURL(for: chosen, home: home, currentDirectory: currentDirectory))
    }

    /// Expands a leading `~` or `~/` and anchors relative paths at `currentDirectory`.
    private static func absoluteURL(for path: String, home: String?, currentDirectory: String)
        -> URL
    {
        var expanded = path
        if let home, path == "~" || path.hasPrefix("~/") {
            expanded = home + path.dropFirst()
        }
        if !expanded.hasPrefix("/") {
            expanded = (currentDirectory as NSString).appendingPathComponent(expanded)
        }
        return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
    }
}
