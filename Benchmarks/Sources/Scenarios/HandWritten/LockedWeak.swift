import Foundation

/// A value shared while something else holds it and made again once it is released, under a lock,
/// as a thread-safe hand-written weak singleton is.
final class LockedWeak<Value: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var value: Value?  // guarded by `lock`

    /// The value, made by `make` if none is held elsewhere.
    @inline(__always) func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
