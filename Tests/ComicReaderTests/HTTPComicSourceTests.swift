import Foundation
import Testing

@testable import ComicReader

/// `HTTPComicSource` against real HTTP servers on 127.0.0.1.
@Suite struct HTTPComicSourceTests {
    @Test func decodesLatestAndNumberedComics() async throws {
        let tree = try APIFixtureTree.make(latest: 410, numbers: [1, 403, 410])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }

        let upper = "HTTP" + server.baseURL.dropFirst("http".count)  // a scheme has no case
        for base in [server.baseURL, server.baseURL + "/", upper] {
            let source = try HTTPComicSource(base: base, timeout: 5)
            #expect(try await source.latest() == APIFixtureTree.comic(410))
            #expect(try await source.comic(1) == APIFixtureTree.comic(1))
            #expect(try await source.comic(403) == APIFixtureTree.comic(403))
            #expect(source.url(ofComic: 403).absoluteString == "\(server.baseURL)/403/info.0.json")
        }
    }

    @Test func missingComicIsNil() async throws {
        let tree = try APIFixtureTree.make(latest: 405, numbers: [403, 405])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        #expect(try await source.comic(404) == nil)
    }

    @Test func htmlInsteadOfJSONIsReportedWithContentTypeAndStart() async throws {
        let tree = try APIFixtureTree.make(latest: 3, numbers: [1, 2, 3], html: [2])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        let error = try await #require(throws: NetworkError.self) { try await source.comic(2) }
        guard case .notJSON(let url, let contentType, let start) = error else {
            Issue.record("expected notJSON, got \(error)")
            return
        }
        #expect(url.absoluteString == "\(server.baseURL)/2/info.0.json")
        #expect(contentType?.contains("json") == true)  // the server labels .json files so
        #expect(start.hasPrefix("<!DOCTYPE html> <html><head><title>Maintenance</title>"))
        #expect(!start.contains { $0.isNewline || $0 == "\u{1B}" })
        #expect(error.description.contains("not JSON"))
        #expect(error.description.contains(url.absoluteString))
        #expect(error.exitCode == 65)
        #expect(!error.isTransient)
    }

    /// What the command line refuses, a server cannot plant; a cache that holds one still opens.
    @Test(arguments: [0, -5])
    func aLatestComicNumberedBelowOneIsRefused(number: Int) async throws {
        let tree = try APIFixtureTree.make(latest: 1, numbers: [1])
        defer { tree.remove() }
        try tree.write(#"{"num": \#(number), "title": "Neg"}"#, to: "info.0.json")
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }
        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        let error = try await #require(throws: NetworkError.self) { try await source.latest() }
        #expect(error.detail == "field \"num\" is \(number); comic numbers start at 1")
        #expect(error.exitCode == 65)
        try withCacheSandbox { directory in
            let url = directory.appending(path: "comics.json")
            try JSONFileArchiveStore(fileURL: url).save([Comic(num: number, title: "Neg")])
            #expect(try JSONFileArchiveStore(fileURL: url).load().comics.map(\.num) == [number])
        }
    }

    @Test func wrongFieldTypeIsReportedWithTheField() async throws {
        let tree = try APIFixtureTree.make(latest: 3, numbers: [3], numberAsText: [3])
        defer { tree.remove() }
        try tree.write(#"{"safe_title": "No number"}"#, to: "2/info.0.json")
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        let wrongType = try await #require(throws: NetworkError.self) { try await source.comic(3) }
        #expect(wrongType == .badJSON(url: source.url(ofComic: 3), detail: wrongType.detail))
        #expect(wrongType.detail.contains("\"num\""))
        let missingField = try await #require(throws: NetworkError.self) {
            try await source.comic(2)
        }
        #expect(missingField.detail.contains("missing field \"num\""))
        #expect(missingField.exitCode == 65)
    }

    @Test func overlongFieldsAndRepliesAreRefusedNamingTheField() async throws {
        let tree = try APIFixtureTree.make(latest: 3, numbers: [3])
        defer { tree.remove() }
        let alt = String(repeating: "a", count: 100_000)
        try tree.write(#"{"num": 2, "title": "Long", "alt": "\#(alt)"}"#, to: "2/info.0.json")
        let huge =
            #"{"num": 1, "title": "Huge", "alt": ""# + String(repeating: "b", count: 5_000_000)
        try tree.write(huge + #""}"#, to: "1/info.0.json")
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        let long = try await #require(throws: NetworkError.self) { try await source.comic(2) }
        #expect(
            long
                == .badJSON(
                    url: source.url(ofComic: 2),
                    detail: "field \"alt\" is 100000 bytes long, above the limit of 65536"))
        #expect(long.exitCode == 65)
        let hugeReply = try await #require(throws: NetworkError.self) { try await source.comic(1) }
        #expect(hugeReply == .replyTooLarge(url: source.url(ofComic: 1), limit: 1_048_576))
        #expect(hugeReply.exitCode == 65)
        #expect(try await source.comic(3) == APIFixtureTree.comic(3))
    }

    @Test func missingLatestIsAnHTTPStatusError() async throws {
        let tree = try APIFixtureTree.make(latest: 1, numbers: [1])
        defer { tree.remove() }
        try FileManager.default.removeItem(at: tree.directory.appendingPathComponent("info.0.json"))
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        let error = try await #require(throws: NetworkError.self) { try await source.latest() }
        #expect(error == .httpStatus(url: source.latestURL, status: 404))
        #expect(error.description.contains("404"))
        #expect(error.exitCode == 69)
        #expect(!error.isTransient)
    }

    @Test func downloadsRawData() async throws {
        let image = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])
        let tree = try APIFixtureTree.make(
            latest: 1, numbers: [1], files: ["comics/fixture_1.png": image])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        #expect(
            try await source.data(from: URL(string: "\(server.baseURL)/comics/fixture_1.png")!)
                == image)
        let absent = URL(string: "\(server.baseURL)/comics/absent.png")!
        await #expect(throws: NetworkError.httpStatus(url: absent, status: 404)) {
            try await source.data(from: absent)
        }
    }

    @Test func slowReplyTimesOut() async throws {
        let tree = try APIFixtureTree.make(latest: 2, numbers: [1, 2])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.scripted(
            serving: tree.directory, slowPath: "/2/info.0.json", delaySeconds: 6)
        defer { server.stop() }

        // Only the slow path meets the 1 s timeout; a prompt reply gets a generous one, so
        // that a loaded machine cannot make it miss.
        let prompt = try HTTPComicSource(base: server.baseURL, timeout: 20)
        #expect(try await prompt.comic(1) == APIFixtureTree.comic(1))
        let source = try HTTPComicSource(base: server.baseURL, timeout: 1)
        let error = try await #require(throws: NetworkError.self) { try await source.comic(2) }
        #expect(error == .timeout(url: source.url(ofComic: 2), seconds: 1))
        #expect(
            error.description.hasPrefix("no answer within 1 s from \(server.baseURL)/2/info.0.json")
        )
        #expect(error.isTransient)
        #expect(error.exitCode == 75)
    }

    @Test func aReplyCutShortSaysSoAndMayBeTriedAgain() async throws {
        let tree = try APIFixtureTree.make(latest: 2, numbers: [1, 2])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.scripted(
            serving: tree.directory, misbehaving: ["/2/info.0.json": .cut])
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        #expect(try await source.comic(1) == APIFixtureTree.comic(1))
        let error = try await #require(throws: NetworkError.self) { try await source.comic(2) }
        let url = source.url(ofComic: 2)
        let length = APIFixtureTree.json(for: 2).utf8.count
        guard case .replyCut(url, _, length) = error else {
            Issue.record("expected the reply of \(url) cut short of \(length) bytes, got \(error)")
            return
        }
        #expect(error.description.hasPrefix("the reply from \(url.absoluteString) broke off: "))
        #expect(error.description.contains("the connection closed"))
        #expect(error.isTransient)
        #expect(error.exitCode == 75)
    }

    @Test func aRedirectLoopIsNamed() async throws {
        let tree = try APIFixtureTree.make(latest: 2, numbers: [1, 2])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.scripted(
            serving: tree.directory, misbehaving: ["/2/info.0.json": .loop])
        defer { server.stop() }

        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)
        let error = try await #require(throws: NetworkError.self) { try await source.comic(2) }
        let url = source.url(ofComic: 2)
        #expect(
            error.description
                == "request to \(url.absoluteString) failed: the server redirects it too many "
                + "times, in a loop or along a chain too long to follow")
        #expect(!error.isTransient)
        #expect(error.exitCode == 69)
    }

    @Test func anEndlessReplyIsRefusedAtTheLimitWithoutBeingHeld() async throws {
        let tree = try APIFixtureTree.make(latest: 2, numbers: [1, 2])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.scripted(
            serving: tree.directory,
            misbehaving: ["/info.0.json": .endless, "/comics/endless.png": .endless])
        defer { server.stop() }
        let peakBefore = Self.peakMemory()

        // Each reply is far beyond any limit, and comes fast: it was held whole, and reported
        // as no answer when it outlasted the timeout.
        let source = try HTTPComicSource(base: server.baseURL, timeout: 10)
        let comic = try await #require(throws: NetworkError.self) { try await source.latest() }
        #expect(comic == .replyTooLarge(url: source.latestURL, limit: 1 << 20))
        #expect(
            comic.description
                == "the reply from \(source.latestURL.absoluteString) is larger than the limit of "
                + "1048576 bytes (1 MiB), so comics stopped reading it")
        #expect(comic.exitCode == 65)
        #expect(!comic.isTransient)
        let picture = URL(string: server.baseURL + "/comics/endless.png")!
        let data = try await #require(throws: NetworkError.self) {
            try await source.data(from: picture)
        }
        #expect(data == .replyTooLarge(url: picture, limit: 16 << 20))
        #expect(data.description.contains("larger than the limit of 16777216 bytes (16 MiB)"))
        #expect(try await source.comic(1) == APIFixtureTree.comic(1))

        if let peakBefore, let peakAfter = Self.peakMemory() {
            let grown = peakAfter - peakBefore
            #expect(grown < 256 << 20, "the peak of memory grew by \(grown >> 20) MiB")
        }
    }

    /// The most memory the process has held so far (its peak resident set size), in bytes,
    /// where `/proc` tells.
    static func peakMemory() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        let kibibytes = line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return kibibytes.map { $0 * 1024 }
    }

    @Test func refusedConnectionIsUnreachable() async throws {
        let tree = try APIFixtureTree.make(latest: 1, numbers: [1])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        let base = server.baseURL
        server.stop()  // nothing listens on the port any more

        let source = try HTTPComicSource(base: base, timeout: 5)
        let error = try await #require(throws: NetworkError.self) { try await source.latest() }
        guard case .unreachable(let url, _) = error else {
            Issue.record("expected unreachable, got \(error)")
            return
        }
        #expect(url == source.latestURL)
        #expect(error.description.contains(url.absoluteString))
        #expect(error.isTransient)
        #expect(error.isConnectionFailure)
        #expect(error.exitCode == 69)
    }

    @Test func defaultsToTheXKCDSite() throws {
        ScratchHome.isolate()
        let source = try HTTPComicSource()
        #expect(source.latestURL.absoluteString == "https://xkcd.com/info.0.json")
        #expect(source.url(ofComic: 614).absoluteString == "https://xkcd.com/614/info.0.json")
        #expect(source.timeout == 10)
    }

    @Test(arguments: [
        "", "xkcd.com", "ftp://xkcd.com", "http://", "https:///info", "https://xkcd.com/?a=1",
        "https://xkcd.com#top",
    ])
    func rejectsBaseURLsThatAreNotHTTP(base: String) {
        #expect(throws: NetworkError.invalidBaseURL(base)) { try HTTPComicSource(base: base) }
    }

    /// What a request could never reach is refused when given, with the reason.
    @Test func rejectsBasesNoRequestCouldReach() throws {
        let port = HTTPComicSource.base("http://127.0.0.1:99999")
        #expect(throws: HTTPComicSource.BaseProblem.self) { try port.get() }
        #expect(port.problem == "names port 99999, outside 1 to 65535")
        #expect(HTTPComicSource.base("http://127.0.0.1:0").problem?.hasPrefix("names port") == true)
        for overflowing in ["99999999999999999999", "18446744073709551617", "9223372036854775808"] {
            #expect(
                HTTPComicSource.base("http://u@127.0.0.1:\(overflowing)/x").problem
                    == "names port \(overflowing), outside 1 to 65535")
        }
        #expect(
            try HTTPComicSource.base("http://u:p@127.0.0.1:8080").get()
                == "http://u:p@127.0.0.1:8080")
        #expect(try HTTPComicSource.base("http://cafe.be:80").get() == "http://cafe.be:80")
        #expect(try HTTPComicSource.base("HTTPS://Xkcd.com:443/").get() == "https://Xkcd.com:443")
        #if canImport(FoundationNetworking)
            #expect(HTTPComicSource.base("http://[::1]:8080").problem?.contains("IPv6") == true)
            for bracketed in ["[127.0.0.1]", "[localhost]", "[v1.x]"] {
                #expect(
                    HTTPComicSource.base("http://\(bracketed):8080").problem?.contains("IPv6")
                        == true,
                    "\(bracketed)")
            }
            for short in [
                "127.1", "2130706433", "0x7f000001", "127.0.0.01", "1.2.3.4.5", "127.0.0.1.",
                "127.1.", "0x7f000001.",
            ] {
                #expect(
                    HTTPComicSource.base("http://\(short):8080").problem?.contains("IPv4") == true,
                    "\(short)")
            }
            #expect(try HTTPComicSource.base("http://10.0.0.255").get() == "http://10.0.0.255")
            #expect(
                try HTTPComicSource.base("http://localhost.:80").get() == "http://localhost.:80")
        #else
            #expect(try HTTPComicSource.base("http://[::1]:8080").get() == "http://[::1]:8080")
        #endif
        let usage = #expect(throws: UsageError.self) {
            try CommandLineParser(environment: [:]).parse(
                ["--base-url", "http://127.0.0.1:99999", "latest"])
        }
        #expect(
            usage?.message
                == "--base-url: 'http://127.0.0.1:99999' names port 99999, outside 1 to 65535, "
                + "e.g. https://xkcd.com")
    }

    @Test(arguments: [0.0, -1.0, .infinity, .nan])
    func rejectsTimeoutsThatAreNotPositive(timeout: Double) throws {
        let error = try #require(throws: NetworkError.self) {
            try HTTPComicSource(timeout: timeout)
        }
        guard case .invalidTimeout = error else {
            Issue.record("expected invalidTimeout, got \(error)")
            return
        }
        #expect(error.exitCode == 64)
    }

    @Test func printableStartRemovesControlCharactersAndMarksCuts() {
        let short = Data("  <p>\r\n\tline\u{1B}[0m two  ".utf8)
        #expect(HTTPComicSource.printableStart(of: short) == "<p> line [0m two")
        let long = Data(String(repeating: "ab ", count: 100).utf8)
        let start = HTTPComicSource.printableStart(of: long, limit: 10)
        #expect(start == "ab ab ab a…")
        #expect(HTTPComicSource.printableStart(of: Data()) == "")
        #expect(HTTPComicSource.printableStart(of: Data([0xFF, 0x41])) == "\u{FFFD}A")
    }
}

extension NetworkError {
    /// The detail of a `.badJSON` error, empty for other errors.
    fileprivate var detail: String {
        if case .badJSON(_, let detail) = self { return detail }
        return ""
    }
}

extension Result where Failure == HTTPComicSource.BaseProblem {
    /// Why the address was refused, nil if it was not.
    fileprivate var problem: String? {
        if case .failure(let problem) = self { return problem.phrase }
        return nil
    }
}
