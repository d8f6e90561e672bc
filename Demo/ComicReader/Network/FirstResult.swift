import Foundation

/// The first of several results racing to end one wait (a reply, a deadline, a
/// cancellation); later ones are dropped, and the waiting task is resumed exactly once.
///
/// No lock is held while the waiter is resumed, so a result may come from any thread, a
/// task's cancellation handler or a dispatch timer included.
final class FirstResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// The result that came first, once one has; guarded by `lock`.
    private var result: Result<Value, any Error>?
    /// The task waiting in `value()`, until it is resumed; guarded by `lock`.
    private var waiter: CheckedContinuation<Value, any Error>?
    /// Whether `value()` was called; it may be called once only. Guarded by `lock`.
    private var awaited = false

    /// An empty race: no result yet.
    init() {}

    /// Offers `outcome`; it ends the wait when it is the first, and is dropped otherwise.
    func deliver(_ outcome: Result<Value, any Error>) {
        let waiter: CheckedContinuation<Value, any Error>? = lock.withLock {
            guard result == nil else { return nil }
            result = outcome
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(with: outcome)
    }

    /// Waits for the first result (it may have come already) and returns or throws it.
    /// Called at most once.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Value, any Error>? = lock.withLock {
                precondition(!awaited, "FirstResult.value() may be awaited once only")
                awaited = true
                if let result { return result }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
