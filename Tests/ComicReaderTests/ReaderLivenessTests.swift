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
}
