import Foundation

/// Runs the reader's key loop, which blocks waiting for keys, on a thread of its own, so that
/// it never holds one of the few threads that run Swift's asynchronous tasks (the reader's
/// downloads among them).
enum KeyLoopThread {
    /// Runs `loop` on a new thread and returns its value once it ends. `loop` and what it
    /// captures are handed over to that thread: the caller must not touch them until this
    /// returns (the compiler cannot check it, as the reader's objects are not `Sendable`).
    static func run<Value: Sendable>(_ loop: @escaping () -> Value) async -> Value {
        nonisolated(unsafe) let loop = loop
        return await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: loop()) }
            thread.name = "comics reader keys"
            thread.start()
        }
    }
}
