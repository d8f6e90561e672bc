/// How far a reply had come when its request failed: whether it had begun, and how much of
/// its body had come of how much was announced. It tells a reply cut short from a connection
/// that never gave one, which URLSession reports alike on Linux (URL error -1).
struct ReplyProgress: Sendable, Equatable {
    /// Whether the status line and headers had come.
    var started = false
    /// Body bytes received, when they were counted.
    var received: Int?
    /// Body bytes the Content-Length header announced, when it did.
    var expected: Int?
}
