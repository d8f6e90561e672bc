import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `ComicSource` that asks an xkcd-style JSON API over HTTP:
/// `{base}/info.0.json` for the latest comic, `{base}/{n}/info.0.json` for comic n.
///
/// Uses its own ephemeral session without a cache, so every call really asks the server,
/// a per-request timeout so a silent server cannot stall the program, and a limit on the
/// size of each reply, kept while it arrives, so a server that sends without end cannot
/// fill the memory.
final class HTTPComicSource: ComicSource {
    /// The real xkcd site.
    static let defaultBase = "https://xkcd.com"
    /// Seconds to wait for an answer unless `--timeout` says otherwise.
    static let defaultTimeout = 10.0
    /// The largest reply `data(from:)` accepts (pictures, explanations), in bytes: 16 MiB,
    /// room for pictures far larger than xkcd's. A comic's reply has a limit of its own,
    /// `ComicFieldLimits.maxReplyBytes`.
    static let maxDataBytes = 16 << 20

    /// The server's base URL as given, without trailing slashes.
    let base: String
    /// Seconds to wait for an answer before giving up on a request.
    let timeout: Double
    private let session: URLSession
    /// The session's delegate, which gathers the replies.
    private let collector = ReplyCollector()

    /// Prepares requests to `base` (with or without a trailing slash).
    /// - Throws: `NetworkError.invalidBaseURL` unless `base` is an absolute http(s) URL
    ///   without query or fragment, `NetworkError.invalidTimeout` unless `timeout` is a
    ///   positive number of seconds.
    /// - Parameter scratchDirectory: where Foundation may create its folders while the
    ///   session is made (see `SessionScratchDirectory`); the cache directory, so nothing is
    ///   written anywhere else.
    init(base: String = defaultBase, timeout: Double = defaultTimeout, scratchDirectory: URL? = nil)
        throws
    {
        guard let trimmed = try? Self.base(base).get() else {
            throw NetworkError.invalidBaseURL(base)
        }
        guard timeout > 0, timeout.isFinite else { throw NetworkError.invalidTimeout(timeout) }

        self.base = trimmed
        self.timeout = timeout
        let collector = self.collector
        self.session = SessionScratchDirectory.run(in: scratchDirectory) {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = timeout.rounded(.up)  // see `get`
            return URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        }
    }

    /// Why an address cannot be a base: a phrase that follows the address in a message.
    struct BaseProblem: Error {
        let phrase: String
    }

    /// `text` without trailing slashes and with its scheme in lower case (URL loading refuses
    /// `HTTP:`), when it is an absolute http or https URL with a host, a port from 1 to 65535
    /// if any, and no query or fragment, to which the endpoint paths can be added, and when
    /// this platform can reach it; else why not. The command line checks its addresses with
    /// this too, so an accepted flag never fails later.
    static func base(_ text: String) -> Result<String, BaseProblem> {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
            url.query == nil, url.fragment == nil, URL(string: trimmed + "/0/info.0.json") != nil
        else { return .failure(BaseProblem(phrase: "is not an http or https address")) }
        // Read from the text: `url.port` is nil for one too large for an `Int`.
        if let port = Self.portText(of: trimmed), !port.isEmpty,
            !(Int(port).map { (1...65535).contains($0) } ?? false)
        {
            return .failure(BaseProblem(phrase: "names port \(port), outside 1 to 65535"))
        }
        #if canImport(FoundationNetworking)
            // Foundation on Linux fails every request to a bracketed host (an IPv6 address),
            // and to an IPv4 address not written as four decimal numbers (a last label of
            // digits, or of 0x and hex, makes a host one), a trailing dot included.
            if Self.hostText(of: trimmed)?.hasPrefix("[") == true || host.contains(":") {
                return .failure(
                    BaseProblem(
                        phrase: "is a bracketed (IPv6) address, which URL loading on Linux cannot "
                            + "reach; use a host name that resolves to it, such as localhost"))
            }
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            let named = host.hasSuffix(".") ? labels.dropLast() : labels[...]
            if let last = named.last, !last.isEmpty,
                last.allSatisfy({ ("0"..."9").contains($0) }) || last.lowercased().hasPrefix("0x"),
                named.count != labels.count || named.count != 4
                    || !named.allSatisfy({ UInt8($0) != nil && ($0 == "0" || !$0.hasPrefix("0")) })
            {
                return .failure(
                    BaseProblem(
                        phrase: "is an IPv4 address not written as four decimal numbers, which URL "
                            + "loading on Linux cannot reach; write it as such, like 127.0.0.1"))
            }
        #endif
        return .success(scheme + trimmed.dropFirst(scheme.count))
    }

    /// The port as written in `address` (`http://user@host:8080/path` → `8080`), nil without one.
    private static func portText(of address: String) -> Substring? {
        guard var authority = hostText(of: address) else { return nil }
        if let bracket = authority.lastIndex(of: "]") { authority = authority[bracket...] }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }

    /// The host and port as written in `address`, without the user's name and password.
    private static func hostText(of address: String) -> Substring? {
        guard let start = address.range(of: "://")?.upperBound else { return nil }
        let authority = address[start...].prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return authority }
        return authority[authority.index(after: at)...]
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The URL of the latest comic's JSON.
    var latestURL: URL { endpoint("info.0.json") }

    /// The URL of comic `number`'s JSON.
    func url(ofComic number: Int) -> URL { endpoint("\(number)/info.0.json") }

    func latest() async throws -> Comic {
        let url = latestURL
        let (body, response) = try await get(url, limit: ComicFieldLimits.maxReplyBytes)
        guard (200..<300).contains(response.statusCode) else {
            throw NetworkError.httpStatus(url: url, status: response.statusCode)
        }
        return try decodeComic(body, from: url, contentType: contentType(of: response))
    }

    func comic(_ number: Int) async throws -> Comic? {
        let url = url(ofComic: number)
        let (body, response) = try await get(url, limit: ComicFieldLimits.maxReplyBytes)
        if response.statusCode == 404 { return nil }
        guard (200..<300).contains(response.statusCode) else {
            throw NetworkError.httpStatus(url: url, status: response.statusCode)
        }
        let comic = try decodeComic(body, from: url, contentType: contentType(of: response))
        guard comic.num == number else {
            throw NetworkError.badJSON(
                url: url, detail: "field \"num\" is \(comic.num), expected \(number)")
        }
        return comic
    }

    func data(from url: URL) async throws -> Data {
        let (body, response) = try await get(url, limit: Self.maxDataBytes)
        guard (200..<300).contains(response.statusCode) else {
            throw NetworkError.httpStatus(url: url, status: response.statusCode)
        }
        return body
    }

    /// `{base}/{path}`; `init` checked that the base takes such paths, and `path` is made
    /// of digits, dots, slashes and letters, so the result is always a valid URL.
    private func endpoint(_ path: String) -> URL {
        guard let url = URL(string: "\(base)/\(path)") else {
            preconditionFailure("base URL \(base) was validated but /\(path) does not form a URL")
        }
        return url
    }

    /// Performs one GET, turning transport failures into `NetworkError`s that name `url`.
    /// It ends by the request's deadline (see `RequestDeadline`), else after `timeout`, even
    /// when a server keeps sending a little now and then, at once when the calling task is
    /// cancelled, and as soon as the reply goes past `limit` bytes
    /// (`NetworkError.replyTooLarge`): no more than `limit` bytes of it are kept.
    ///
    /// The URLSession task is cancelled only past the limit, and then from a dispatch queue
    /// of `ReplyCollector`'s. On Linux, swift-corelibs-foundation can deadlock when a data task
    /// is cancelled while its response is being handled: the cancelling thread holds the
    /// Swift task's lock and waits for the session's work queue, while the work queue's
    /// thread holds that queue and waits for the task's lock to resume it
    /// (swift-corelibs-foundation issue 5412; Swift 6.3.1 still has it). Cancelling the task
    /// that awaits `URLSession.data(for:)` does exactly that, so racing that call against a
    /// sleep and cancelling the loser hung `swift test` and `comics show` now and then.
    /// Instead the request runs as a delegate's task, and whichever comes first of its
    /// completion, the reply going past the limit, a timer of our own at the deadline, and
    /// the caller's cancellation ends the wait (`FirstResult`); none of them cancels the task
    /// from a Swift task's cancellation handler. A request left behind by the deadline or a
    /// cancellation runs on until Foundation's own timeout (the request's
    /// `timeoutInterval`), the server ends it or it passes the limit; its bytes are only
    /// counted, and its result is dropped.
    private func get(_ url: URL, limit: Int) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        let seconds = RequestDeadline.secondsLeft(atMost: timeout)
        guard seconds > 0 else { throw NetworkError.timeout(url: url, seconds: timeout) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        // Foundation on Linux counts a request's timeout in whole seconds, rounded down, so
        // 0.5 s would time out at once; the timer below keeps the exact deadline. Set through
        // the property, which Foundation then prefers to the session's timeout.
        request.timeoutInterval = seconds.rounded(.up)
        let reply = ReplyCollector.Reply(url: url, limit: limit)
        let task = session.dataTask(with: request)
        collector.gather(task, into: reply)
        let deadline = DispatchWorkItem { reply.result.deliver(.failure(URLError(.timedOut))) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
        defer {
            deadline.cancel()  // the timer only; the request itself is left alone
            reply.release()
        }
        let body: Data
        let response: URLResponse
        do {
            task.resume()
            (body, response) = try await withTaskCancellationHandler {
                try await reply.result.value()
            } onCancel: {
                // Not resumed from inside the handler, which runs under the task's lock.
                DispatchQueue.global().async {
                    reply.result.deliver(.failure(CancellationError()))
                }
            }
        } catch let error as URLError {
            throw try URLErrorTranslation.networkError(
                for: error, at: url, timeout: timeout, progress: reply.progress)
        }
        guard let http = response as? HTTPURLResponse else {
            throw NetworkError.transport(url: url, reason: "the reply is not an HTTP response")
        }
        return (body, http)
    }

    private func contentType(of response: HTTPURLResponse) -> String? {
        response.value(forHTTPHeaderField: "Content-Type")
    }

    /// Decodes a comic, telling apart "not JSON at all" from "JSON of the wrong shape", and
    /// refuses a field longer than `ComicFieldLimits` allows (`get` refused a longer reply).
    private func decodeComic(_ body: Data, from url: URL, contentType: String?) throws -> Comic {
        guard (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil
        else {
            throw NetworkError.notJSON(
                url: url, contentType: contentType, start: Self.printableStart(of: body))
        }
        let comic: Comic
        do {
            comic = try JSONDecoder().decode(Comic.self, from: body)
        } catch let error as DecodingError {
            throw NetworkError.badJSON(url: url, detail: Self.describe(error))
        }
        if let problem = ComicFieldLimits.problem(in: comic) {
            throw NetworkError.badJSON(url: url, detail: problem)
        }
        // As on the command line: a reply's 0 or -5 is no comic. Checked here, not when the
        // cache is read, so a cache an earlier version filled so still opens.
        guard comic.num >= 1 else {
            throw NetworkError.badJSON(
                url: url, detail: "field \"num\" is \(comic.num); comic numbers start at 1")
        }
        return comic
    }

    /// The first characters of a reply, safe to print on one terminal line: control
    /// characters (escape sequences, newlines) become spaces, runs of spaces shrink to one,
    /// and a cut is marked with "…". Empty when the reply is empty.
    static func printableStart(of body: Data, limit: Int = 60) -> String {
        let examined = body.prefix(limit * 4)
        let text = String(decoding: examined, as: UTF8.self)
        let words = text.split { character in
            character.isWhitespace
                || character.unicodeScalars.contains {
                    [.control, .format].contains($0.properties.generalCategory)
                }
        }
        let joined = words.joined(separator: " ")
        let isCut = joined.count > limit || body.count > examined.count
        return isCut ? String(joined.prefix(limit)) + "…" : joined
    }

    /// One line naming the field a decoding error is about and what was wrong with it.
    static func describe(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the top level" : "field \"\(JSONDecodingProblem.render(path))\""
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \(field(context.codingPath + [key]))"
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)) is null, expected \(type)"
        case .typeMismatch(let type, let context):
            return "\(field(context.codingPath)) has the wrong type, expected \(type)"
        case .dataCorrupted(let context):
            return "\(field(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
