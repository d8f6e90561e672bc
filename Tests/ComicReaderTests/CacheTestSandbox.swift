import Foundation

/// A fresh temporary directory for one test, removed afterwards, so tests never touch the
/// real cache and never see each other's files.
func withCacheSandbox<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appending(path: "comics-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// The names in `directory`, sorted.
func sandboxListing(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
        .sorted()
}
