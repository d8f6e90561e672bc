import Foundation

/// What work finished away from the reader's key loop hands back to it.
enum ReaderEvent: Sendable, Equatable {
    /// The picture of the comic shown as `ticket`, ready to draw.
    case picture(ReaderPicture, ticket: Int)
}

/// Where downloads (and the window-size signal) leave news for the reader's key loop, which
/// takes it on its own thread, so the presenter's state is only ever touched there.
///
/// Posting never blocks; `wake`, when set, tells the loop that something is waiting.
final class ReaderInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ReaderEvent] = []  // guarded by `lock`
    private let wake: @Sendable () -> Void

    /// An inbox that calls `wake` after each post (from the posting thread).
    init(wake: @escaping @Sendable () -> Void = {}) {
        self.wake = wake
    }

    /// Leaves `event` for the key loop.
    func post(_ event: ReaderEvent) {
        lock.withLock { events.append(event) }
        wake()
    }

    /// The events posted since the last call, oldest first.
    func takeAll() -> [ReaderEvent] {
        lock.withLock {
            defer { events.removeAll() }
            return events
        }
    }
}
