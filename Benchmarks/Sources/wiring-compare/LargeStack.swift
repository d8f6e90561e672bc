import Foundation

/// Runs `work` on a thread with a 512 MiB stack and waits for it: resolving a 10 000-deep chain
/// recurses deeper than the main thread's 8 MiB allow (the stack is reserved, not used, up front).
func runOnLargeStack(_ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        work()
        done.signal()
    }
    thread.stackSize = 512 << 20
    thread.start()
    done.wait()
}
