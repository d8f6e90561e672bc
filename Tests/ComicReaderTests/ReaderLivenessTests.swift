import Foundation
import Testing

@testable import ComicReader

/// The built `comics` on a pseudo-terminal against an image server that takes connections
/// and never answers: keys go on being answered while the picture loads.
@Suite("Reader keys while a picture loads", .timeLimit(.minutes(2)))
struct ReaderLivenessTests {
    /// Longest wait for the reader to answer a key; a download blocking the keys took the
    /// network timeout (10 s) and more.
    static let answerWithin = 2.0

    @Test func nextPreviousAndQuitAnswerWhileTheImageServerIsSilent() async throws {
        let scratch = try TemporaryDirectory("silent-images")
        defer { scratch.remove() }
        let served = scratch.url.appending(path: "served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let server = try await PythonHTTPServer.scripted(
            serving: served, slowPath: "/comics/silent.png", delaySeconds: 120)
        defer { server.stop() }
        let cache = scratch.url.appending(path: "cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let image = server.baseURL + "/comics/silent.png"
        try JSONEncoder().encode([
            Comic(num: 1, title: "One", alt: "First.", img: image),
            Comic(num: 2, title: "Two", alt: "Second.", img: image),
        ]).write(to: cache.appending(path: "comics.json"))
        let environment = [
            "HOME": scratch.url.path, "COMICS_CACHE_DIR": cache.path, "LANG": "C.UTF-8",
            "TERM": "xterm-256color", "NO_COLOR": "1", "COMICS_IMAGE": "blocks",
        ]
        let report = try await PseudoTerminalSession.run(
            environment: environment,
            steps: [
                .waitFor("loading the image"), .type("p"),
                .waitWithin(seconds: Self.answerWithin, for: "#1  One"), .type("n"),
                .waitWithin(seconds: Self.answerWithin, for: "#2  Two"), .type("q"),
            ])
        #expect(report.failure == nil)
        #expect(report.exitStatus == 0)
        let exit = try #require(report.exitSeconds)
        #expect(exit < Self.answerWithin)
        #expect(report.terminalRestored)
        print("key answers (s): \(report.stepSeconds[2]), \(report.stepSeconds[4]); quit: \(exit)")
    }

    @Test func aNarrowerWindowGetsThePictureFittedAgainAtOnce() async throws {
        let scratch = try TemporaryDirectory("resize-picture")
        defer { scratch.remove() }
        let environment = [
            "HOME": scratch.url.path, "COMICS_CACHE_DIR": scratch.url.appending(path: "cache").path,
            "LANG": "C.UTF-8", "TERM": "xterm-256color", "NO_COLOR": "1", "COMICS_IMAGE": "braille",
        ]
        let narrowStatus = DisplayWidth.truncated(
            "#441   n next  p prev  r random  g go to  / search  m match  ? help  q quit",
            toWidth: 39, ellipsis: "…")
        let report = try await PseudoTerminalSession.run(
            environment: environment,
            steps: [
                .waitFor("Built-in sample comics"), .resize(rows: 24, columns: 40),
                .waitWithin(seconds: Self.answerWithin, for: narrowStatus), .type("q"),
            ])
        #expect(report.failure == nil)
        let opening = report.segments[0]
        let afterResize = report.segments[2]
        /// The braille rows of the last frame in `output`.
        func pictureRows(_ output: String) throws -> [String] {
            let frame = try #require(output.range(of: "\u{1B}[2J", options: .backwards))
            return output[frame.upperBound...]
                .replacing(/\x1B\[[0-9;?]*[A-Za-z]/, with: "\n")
                .split(separator: "\n").map(String.init)
                .filter {
                    $0.unicodeScalars.first.map { (0x2800...0x28FF).contains($0.value) } ?? false
                }
        }
        let wide = try pictureRows(opening)
        let narrow = try pictureRows(afterResize)
        #expect(wide.contains { DisplayWidth.of($0) > 40 })
        // Drawn again for 40 columns: whole rows, not the wide picture cut at the edge.
        #expect(!narrow.isEmpty)
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 40 && !$0.hasSuffix("…") }, "\(narrow)")
        #expect(report.exitStatus == 0)
    }
}
