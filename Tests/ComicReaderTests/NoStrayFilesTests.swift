import Foundation
import Testing

@testable import ComicReader

/// A refresh writes nothing outside the cache directory the user chose: on Linux,
/// Foundation's URL sessions would otherwise create folders under `~/.cache` and
/// `~/.local/share`.
@Suite struct NoStrayFilesTests {
    @Test func refreshLeavesTheHomeDirectoryAlone() async throws {
        let tree = try APIFixtureTree.make(latest: 3, numbers: 1...3)
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }
        let scratch = FileManager.default.temporaryDirectory.appending(
            path: "comics-stray-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let home = scratch.appending(path: "home")
        let cache = scratch.appending(path: "cache")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)

        let refresh = try await ComicsExecutable.run(
            ["refresh", "--cache", cache.path, "--base-url", server.baseURL],
            environment: ["HOME": home.path, "LANG": "C.UTF-8"])
        #expect(refresh.status == 0, "\(refresh.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted() == [
                "comics.json", "refresh.json",
            ])
    }
}
