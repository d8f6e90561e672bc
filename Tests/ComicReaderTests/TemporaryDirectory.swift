import Foundation

/// A fresh, empty directory under the system's temporary folder, for one test or one run of
/// the program; the one way tests make scratch space, so none of them touches the real cache
/// or home and none sees another's files.
struct TemporaryDirectory: Sendable {
    /// The directory, named `comics-<purpose>-<UUID>`.
    let url: URL

    /// Creates the directory; `purpose` goes into its name, to tell leftovers apart.
    init(_ purpose: String) throws {
        url = FileManager.default.temporaryDirectory.appending(
            path: "comics-\(purpose)-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` with a fresh temporary directory, removed afterwards.
func withTemporaryDirectory<Result>(
    _ purpose: String, _ body: (URL) throws -> Result
) throws -> Result {
    let directory = try TemporaryDirectory(purpose)
    defer { directory.remove() }
    return try body(directory.url)
}

/// Runs the asynchronous `body` with a fresh temporary directory, removed afterwards.
func withTemporaryDirectory<Result>(
    _ purpose: String, _ body: (URL) async throws -> Result
) async throws -> Result {
    let directory = try TemporaryDirectory(purpose)
    defer { directory.remove() }
    return try await body(directory.url)
}
