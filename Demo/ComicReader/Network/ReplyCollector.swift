import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of `HTTPComicSource`'s session: gathers each request's reply while it
/// arrives, counting its bytes, and offers the outcome to the request's `FirstResult`.
///
/// A reply is held in memory only up to its request's limit. Past it, the wait ends at once
/// with `NetworkError.replyTooLarge`, the bytes gathered are let go, later ones are only
/// counted, and the URLSession task is cancelled so that it stops downloading. A reply whose
/// Content-Length is already past the limit is refused as soon as its headers come.
///
/// The task is cancelled from a serial queue of this type's own (`cancelling`), with no lock
/// held: never from a Swift task's cancellation handler, which can deadlock Foundation on
/// Linux (see `HTTPComicSource.get`), nor from the delegate's queue, which must go on
/// draining meanwhile, nor from a global queue, whose few threads may all be busy.
/// `cancel()` waits for the session's work queue: while a server on the same machine sends
/// without a pause, Foundation on Linux reads so busily that this can take seconds, during
/// which the bytes still coming are counted and dropped (the pieces Foundation has handed
/// to the delegate's queue wait there, bytes and all, until the delegate gets to them).
final class ReplyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// One request's reply as it arrives.
    final class Reply: @unchecked Sendable {
        /// Where the outcome goes: the body and response, or the failure.
        let result = FirstResult<(Data, URLResponse)>()
        /// The address asked, for the error of a reply too large.
        let url: URL
        /// The most bytes of body accepted.
        let limit: Int

        private let lock = NSLock()
        /// The body so far, while it is wanted; guarded by `lock`.
        private var body = Data()
        /// How far the reply has come; guarded by `lock`.
        private var counted = ReplyProgress()
        /// The response, once its headers came; guarded by `lock`.
        private var response: URLResponse?
        /// Whether the body is still wanted: not once the wait has ended; guarded by `lock`.
        private var keeping = true
        /// Whether the task was told to stop, having gone past the limit; guarded by `lock`.
        private var stopped = false

        /// A reply to `url` of at most `limit` bytes.
        init(url: URL, limit: Int) {
            self.url = url
            self.limit = limit
        }

        /// How far the reply had come.
        var progress: ReplyProgress { lock.withLock { counted } }

        /// The wait for this reply has ended, whatever ended it: the bytes gathered are let
        /// go, and later ones are only counted, so that a request left to run (after a
        /// deadline, a cancellation) is still stopped at the limit.
        func release() {
            lock.withLock {
                keeping = false
                body = Data()
            }
        }

        /// Takes the response; whether the task must stop, its length announced too large.
        fileprivate func receive(_ response: URLResponse) -> Bool {
            // A compressed reply's Content-Length counts the bytes before decompression.
            let encoding = (response as? HTTPURLResponse)?.value(
                forHTTPHeaderField: "Content-Encoding")
            let isCompressed = encoding.map { $0.lowercased() != "identity" } ?? false
            let expected = isCompressed ? -1 : response.expectedContentLength
            return lock.withLock {
                self.response = response
                counted.started = true
                counted.expected = expected >= 0 ? Int(expected) : nil
                if expected > limit { return stop() }
                if keeping, expected > 0 { body.reserveCapacity(Int(expected)) }
                return false
            }
        }

        /// Takes a piece of the body; whether the task must stop, past the limit.
        fileprivate func receive(_ data: Data) -> Bool {
            lock.withLock {
                counted.received = (counted.received ?? 0) + data.count
                if counted.received ?? 0 > limit { return stop() }
                if keeping { body.append(data) }
                return false
            }
        }

        /// Stops keeping the body, once; whether this call did. Called under `lock`.
        private func stop() -> Bool {
            keeping = false
            body = Data()
            defer { stopped = true }
            return !stopped
        }

        /// Offers the outcome of the finished task: `error`, or the body and response.
        fileprivate func complete(_ task: URLSessionTask, error: (any Error)?) {
            let outcome: Result<(Data, URLResponse), any Error> = lock.withLock {
                if let error { return .failure(error) }
                guard let response = response ?? task.response else {
                    return .failure(URLError(.badServerResponse))
                }
                return .success((body, response))
            }
            result.deliver(outcome)
        }

        /// Ends the wait with `NetworkError.replyTooLarge` and cancels `task`, off the
        /// delegate's queue.
        fileprivate func refuse(_ task: URLSessionTask) {
            result.deliver(.failure(NetworkError.replyTooLarge(url: url, limit: limit)))
            ReplyCollector.cancelling.async { task.cancel() }
        }
    }

    /// Where tasks past their limit are cancelled: a queue of its own, which gets a thread
    /// even when the global queues' few threads are all busy.
    static let cancelling = DispatchQueue(label: "comics.reply-collector.cancelling")
    private let lock = NSLock()
    /// The replies of the tasks under way, by task identifier; guarded by `lock`.
    private var replies: [Int: Reply] = [:]

    /// Gathers `task`'s reply into `reply`; call before the task is resumed.
    func gather(_ task: URLSessionTask, into reply: Reply) {
        lock.withLock { replies[task.taskIdentifier] = reply }
    }

    private func reply(of task: URLSessionTask) -> Reply? {
        lock.withLock { replies[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let reply = reply(of: dataTask), reply.receive(response) { reply.refuse(dataTask) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let reply = reply(of: dataTask), reply.receive(data) { reply.refuse(dataTask) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        let reply = lock.withLock { replies.removeValue(forKey: task.taskIdentifier) }
        reply?.complete(task, error: error)
    }
}
