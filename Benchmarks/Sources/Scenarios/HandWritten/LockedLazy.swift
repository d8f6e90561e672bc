import Foundation

/// A value made on first read under a lock, as a thread-safe hand-written singleton is.
///
/// Each singleton has its own lock, so making one may read others without deadlock (the graph of
/// singletons has no cycles).
final class LockedLazy<Value: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?  // guarded by `lock`

    /// The value, made by `make` on the first call.
    @inline(__always) func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
