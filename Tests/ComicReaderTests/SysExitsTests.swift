import Foundation
import ImageDecoding
import Testing

@testable import ComicReader

/// Exit codes are chosen in one place, the command layer: the layers below throw typed errors.
@Suite struct SysExitsTests {
    /// The folders of the layers below the command layer, and the image decoders.
    static let lowerLayers = [
        "Demo/ImageDecoding", "Demo/ComicReader/Model", "Demo/ComicReader/Cache",
        "Demo/ComicReader/Network", "Demo/ComicReader/Rendering", "Demo/ComicReader/Reader",
        "Demo/ComicReader/Experiments", "Demo/ComicReader/Assemblies",
    ]

    @Test func noLayerBelowTheCommandsPicksAnExitCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var offenders: [String] = []
        for folder in Self.lowerLayers {
            let directory = root.appending(path: folder)
            let files = try #require(FileManager.default.enumerator(atPath: directory.path))
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(
                    contentsOf: directory.appending(path: file), encoding: .utf8)
                if text.contains("exitCode") || text.contains("ExitCode") {
                    offenders.append("\(folder)/\(file)")
                }
            }
        }
        #expect(offenders == [])
    }

    @Test func eachErrorOfTheLowerLayersMapsToItsSysexitsCode() {
        let url = URL(string: "http://127.0.0.1:9/1/info.0.json")!
        let cases: [(any Error, Int32)] = [
            (UsageError(message: "bad"), 64),
            (CacheError.noCacheDirectory, 64),
            (CacheError.unwritable(path: "/x", reason: "no"), 74),
            (NetworkError.badJSON(url: url, detail: "x"), 65),
            (NetworkError.timeout(url: url, seconds: 1), 75),
            (NetworkError.httpStatus(url: url, status: 503), 75),
            (NetworkError.httpStatus(url: url, status: 404), 69),
            (NetworkError.hostNotFound(url: url), 69),
            (RefreshError.implausibleLatest(9_999_999, limit: 100_000), 65),
            // Stopped after failures in a row: the code of the last one, 75 for timeouts.
            (
                RefreshError.serverUnavailable(
                    consecutiveFailures: 3, lastError: .timeout(url: url, seconds: 1), stored: 0),
                75
            ),
            (
                RefreshError.imageServerUnavailable(
                    consecutiveFailures: 3,
                    lastError: .unreachable(url: url, reason: "connection refused"), saved: 2),
                69
            ),
            (
                RefreshError.serverUnavailable(
                    consecutiveFailures: 3, lastError: .hostNotFound(url: url), stored: 0),
                69
            ),
            (ImageStoreError.writeFailed(path: "/x", reason: "full"), 74),
            (ImageStoreError.notAnImage(url: "u", looksLike: .html), 65),
            (ImageRefreshError.badImageURL("::"), 65),
            (LaunchFailure(reason: "no browser"), 69),
            (ImageDecodingError(.jpeg, .corrupt("x")), 65),
            (SaveError.exists(path: "/x"), 73),
            (SaveError.damaged(comic: 1, problem: "cut"), 65),
            (CancellationError(), 70),
        ]
        for (error, code) in cases {
            #expect(SysExits.code(for: error) == code, "\(error)")
        }
        #expect(SysExits.code(forFailures: []) == 0)
        #expect(
            SysExits.code(forFailures: [
                NetworkError.badJSON(url: url, detail: "x"), NetworkError.hostNotFound(url: url),
            ]) == 69)
        #expect(
            SysExits.code(forFailures: [
                NetworkError.timeout(url: url, seconds: 1),
                ImageStoreError.writeFailed(path: "/x", reason: "full"),
            ]) == 75)
    }
}
