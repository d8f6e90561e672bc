import Foundation
import Testing

@testable import ComicReader

/// `NetworkError` exit codes, retry advice and messages.
@Suite struct NetworkErrorTests {
    static let url = URL(string: "https://xkcd.com/614/info.0.json")!

    @Test(arguments: [
        (NetworkError.timeout(url: url, seconds: 10), Int32(75), true),
        (.unreachable(url: url, reason: "connection refused"), 69, true),
        (.hostNotFound(url: url), 69, false),
        (.replyCut(url: url, received: nil, expected: 900), 75, true),
        (.replyTooLarge(url: url, limit: 1 << 20), 65, false),
        (.httpStatus(url: url, status: 503), 75, true),
        (.httpStatus(url: url, status: 500), 75, true),
        (.httpStatus(url: url, status: 429), 75, true),
        (.httpStatus(url: url, status: 403), 69, false),
        (.notJSON(url: url, contentType: "text/html", start: "<html>"), 65, false),
        (.badJSON(url: url, detail: "missing field \"title\""), 65, false),
        (.transport(url: url, reason: "secure connection failed"), 69, false),
        (.invalidBaseURL("ftp://x"), 64, false),
    ])
    func exitCodeAndRetryAdvice(error: NetworkError, exitCode: Int32, isTransient: Bool) {
        #expect(error.exitCode == exitCode)
        #expect(error.isTransient == isTransient)
    }

    @Test(arguments: [
        NetworkError.timeout(url: url, seconds: 2.5),
        .unreachable(url: url, reason: "connection refused"),
        .hostNotFound(url: url),
        .replyCut(url: url, received: 300, expected: 900),
        .replyCut(url: url, received: 300, expected: nil),
        .replyCut(url: url, received: nil, expected: 900),
        .replyCut(url: url, received: nil, expected: nil),
        .replyTooLarge(url: url, limit: 1 << 20),
        .replyTooLarge(url: url, limit: 512 << 10),
        .httpStatus(url: url, status: 503),
        .notJSON(url: url, contentType: nil, start: ""),
        .badJSON(url: url, detail: "missing field \"title\""),
        .transport(url: url, reason: "secure connection failed"),
    ])
    func messagesNameTheURLOnOneLine(error: NetworkError) {
        #expect(error.description.contains(Self.url.absoluteString))
        #expect(!error.description.contains("\n"))
        #expect(error.localizedDescription == error.description)
    }

    @Test func messagesSayWhatHappened() {
        #expect(
            NetworkError.timeout(url: Self.url, seconds: 2.5).description.hasPrefix(
                "no answer within 2.5 s"))
        #expect(
            NetworkError.httpStatus(url: Self.url, status: 503).description.hasPrefix("HTTP 503"))
        #expect(
            NetworkError.notJSON(url: Self.url, contentType: nil, start: "").description.contains(
                "an empty reply"))
        #expect(NetworkError.hostNotFound(url: Self.url).description.contains("\"xkcd.com\""))
    }
}
