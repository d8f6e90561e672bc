import Foundation

/// Runs `body` with a fresh temporary directory to use as a cache, removed afterwards.
func withCacheSandbox<Result>(_ body: (URL) throws -> Result) throws -> Result {
    try withTemporaryDirectory("cache-tests", body)
}

/// The names in `directory`, sorted.
func sandboxListing(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
        .sorted()
}
