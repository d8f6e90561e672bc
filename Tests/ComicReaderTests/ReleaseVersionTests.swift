import Foundation
import Testing

@testable import ComicReader

/// The one version number, as `comics --version`, the README and the changelog show it.
@Suite("One release version everywhere")
struct ReleaseVersionTests {
    /// The repository's root, found from this file's place in it (Tests/ComicReaderTests/).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of `name` at the repository's root.
    func rootFile(_ name: String) throws -> String {
        try String(
            contentsOf: Self.repositoryRoot.appending(path: name), encoding: .utf8)
    }

    /// Every string in `text` that `pattern`'s first capture group matches.
    func captures(of pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test("the version is MAJOR.MINOR.PATCH")
    func semanticVersion() throws {
        let parts = ComicsVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
    }

    @Test("comics --version prints the version constant")
    func printedVersion() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["--version"]) == 0)
            #expect(harness.console.output == "comics \(ComicsVersion.current)\n")
        }
    }

    @Test("the changelog's newest release is the current version")
    func changelogAgrees() throws {
        let changelog = try rootFile("CHANGELOG.md")
        let releases = try captures(of: #"^## \[?([0-9]+\.[0-9]+\.[0-9]+)\]?"#, in: changelog)
        #expect(releases.first == ComicsVersion.current, "CHANGELOG.md releases: \(releases)")
    }

    /// The repository has no version tags, so the README installs its `main` branch, which
    /// `.ci/package-line` resolves from a clone.
    @Test("the README shows the current version and installs the main branch with SwiftPM")
    func readmeAgrees() throws {
        let readme = try rootFile("README.md")
        let shown = try captures(of: #"\*\*Version ([0-9]+\.[0-9]+\.[0-9]+)\.?\*\*"#, in: readme)
        #expect(shown == [ComicsVersion.current], "README.md shows versions \(shown)")
        let installed = try captures(of: #"\.package\(url: .*branch: "([^"]*)"\)"#, in: readme)
        #expect(installed == ["main"], "README.md's .package(url:branch:) lines name \(installed)")
    }
}
