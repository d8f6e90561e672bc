import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A failure talking to the comic server, described well enough to print one clear line
/// (what happened and at which URL) and to pick a sysexits exit code.
enum NetworkError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The configured base URL is not an absolute http(s) URL.
    case invalidBaseURL(String)
    /// The configured timeout is not a positive number of seconds.
    case invalidTimeout(Double)
    /// Nothing came back within the time allowed for the request, retries included.
    case timeout(url: URL, seconds: Double)
    /// No connection could be made or it broke (refused, host unreachable, connection lost).
    case unreachable(url: URL, reason: String)
    /// The host name could not be resolved.
    case hostNotFound(url: URL)
    /// The server began its reply, then the connection closed before the whole of it came:
    /// `received` body bytes (when counted) of the `expected` ones its Content-Length
    /// announced (when it did).
    case replyCut(url: URL, received: Int?, expected: Int?)
    /// The reply went past `limit` bytes, the most accepted for what was asked; the rest of
    /// it was not read.
    case replyTooLarge(url: URL, limit: Int)
    /// The server answered with a status other than 2xx.
    case httpStatus(url: URL, status: Int)
    /// The server answered something that is not JSON at all (an HTML page, garbage).
    case notJSON(url: URL, contentType: String?, start: String)
    /// The reply is JSON but not a comic: `detail` names the offending field.
    case badJSON(url: URL, detail: String)
    /// Any other transport failure the system reported.
    case transport(url: URL, reason: String)

    /// Whether trying the same request again later may succeed.
    var isTransient: Bool {
        switch self {
        case .timeout, .unreachable, .replyCut: return true
        case .httpStatus(_, let status): return status == 429 || status >= 500
        case .invalidBaseURL, .invalidTimeout, .hostNotFound, .replyTooLarge, .notJSON, .badJSON,
            .transport:
            return false
        }
    }

    /// Whether the server could not be reached at all (as opposed to answering badly);
    /// several of these in a row mean the server is down.
    var isConnectionFailure: Bool {
        if case .unreachable = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .invalidBaseURL(let text):
            return "invalid server URL \"\(text)\": expected an absolute http or https URL"
        case .invalidTimeout(let seconds):
            return "invalid timeout \(seconds): expected a positive number of seconds"
        case .timeout(let url, let seconds):
            return
                "no answer within \(Self.format(seconds)) s from \(url.absoluteString) "
                + "(the time allowed per request, retries included; see --timeout)"
        case .unreachable(let url, let reason):
            return "cannot reach \(url.absoluteString): \(reason)"
        case .hostNotFound(let url):
            return "unknown host \"\(url.host ?? "")\" in \(url.absoluteString)"
        case .replyCut(let url, let received, let expected):
            return "the reply from \(url.absoluteString) broke off: "
                + Self.cutShort(received: received, expected: expected)
        case .replyTooLarge(let url, let limit):
            return "the reply from \(url.absoluteString) is \(Self.overLimit(limit)), so comics "
                + "stopped reading it"
        case .httpStatus(let url, let status):
            let phrase = HTTPURLResponse.localizedString(forStatusCode: status)
            return "HTTP \(status) (\(phrase)) from \(url.absoluteString)"
        case .notJSON(let url, let contentType, let start):
            let reply = start.isEmpty ? "an empty reply" : "a reply starting \"\(start)\""
            return
                "not JSON from \(url.absoluteString): \(reply) (content type \(contentType ?? "none"))"
        case .badJSON(let url, let detail):
            return "unexpected JSON from \(url.absoluteString): \(detail)"
        case .transport(let url, let reason):
            return "request to \(url.absoluteString) failed: \(reason)"
        }
    }

    var errorDescription: String? { description }

    /// The description without the address asked, naming the host where that is what
    /// failed: the same for every comic or image that failed the same way.
    var withoutAddress: String {
        switch self {
        case .invalidBaseURL, .invalidTimeout: return description
        case .timeout(let url, let seconds):
            return "no answer from \(url.host ?? "the server") within \(Self.format(seconds)) s"
        case .unreachable(let url, let reason):
            return "cannot reach \(url.host ?? "the server"): \(reason)"
        case .hostNotFound(let url): return "unknown host \"\(url.host ?? "")\""
        case .replyCut(let url, _, _):
            return "replies from \(url.host ?? "the server") broke off: "
                + Self.cutShort(received: nil, expected: nil)
        case .replyTooLarge(let url, let limit):
            return "replies from \(url.host ?? "the server") \(Self.overLimit(limit))"
        case .httpStatus(_, let status):
            return "HTTP \(status) (\(HTTPURLResponse.localizedString(forStatusCode: status)))"
        case .notJSON(_, let contentType, _):
            return "not JSON (content type \(contentType ?? "none"))"
        case .badJSON(_, let detail): return "unexpected JSON: \(detail)"
        case .transport(let url, let reason):
            return "request to \(url.host ?? "the server") failed: \(reason)"
        }
    }

    /// The address asked, when there was one.
    var address: URL? {
        switch self {
        case .invalidBaseURL, .invalidTimeout: return nil
        case .timeout(let url, _), .unreachable(let url, _), .hostNotFound(let url),
            .replyCut(let url, _, _), .replyTooLarge(let url, _), .httpStatus(let url, _),
            .notJSON(let url, _, _), .badJSON(let url, _), .transport(let url, _):
            return url
        }
    }

    /// Whether the request never got an answer from its host (no connection, unknown host,
    /// no answer in time, a failed secure connection): several alike in a row mean the host
    /// is down or wrong, and asking it for the rest is pointless. A reply that broke off was
    /// an answer begun, like an HTTP error.
    var isHostFailure: Bool {
        switch self {
        case .timeout, .unreachable, .hostNotFound, .transport: return true
        case .invalidBaseURL, .invalidTimeout, .replyCut, .replyTooLarge, .httpStatus, .notJSON,
            .badJSON:
            return false
        }
    }

    /// `larger than the limit of 1048576 bytes (1 MiB)`.
    private static func overLimit(_ limit: Int) -> String {
        let mebibytes = Double(limit) / Double(1 << 20)
        let size =
            mebibytes >= 1 ? "\(format(mebibytes)) MiB" : "\(format(Double(limit) / 1024)) KiB"
        return "larger than the limit of \(limit) bytes (\(size))"
    }

    /// How a reply was cut short: after how many of how many bytes, as far as known.
    private static func cutShort(received: Int?, expected: Int?) -> String {
        switch (received, expected) {
        case (let received?, let expected?):
            return "the connection closed after \(received) of the \(expected) bytes announced"
        case (let received?, nil):
            return "the connection closed after \(received) bytes, before the reply's end"
        case (nil, let expected?):
            return "the connection closed before the \(expected) bytes announced had all come"
        case (nil, nil):
            return "the connection closed before the whole reply came"
        }
    }

    /// Seconds without a trailing ".0" for whole numbers.
    private static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}
