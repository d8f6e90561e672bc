import Foundation

/// The comics the reader works with, and where they came from.
struct ComicArchive: Equatable, Sendable {
    /// Where the comics were loaded from.
    enum Source: Equatable, Sendable {
        /// The user's cache file at this location.
        case cache(URL)
        /// The built-in sample, because there is no cache file yet; `comics refresh` makes one.
        case builtInSample
    }

    let comics: [Comic]
    let source: Source
    /// What refreshes learned about the server (nothing for the sample).
    var record = RefreshRecord()

    /// Whether these are the built-in sample rather than the user's cache.
    var isSample: Bool { source == .builtInSample }
}
