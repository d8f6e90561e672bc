import Dispatch
import Foundation

/// Runs asynchronous work to its end from synchronous code, such as the reader's key loop,
/// waiting at most a given time.
///
/// The work runs on a dedicated serial queue where the platform lets a task prefer an
/// executor, not on the shared cooperative pool: the waiting thread may itself be one of that
/// pool's few threads, and the work must not need it to make progress.
enum SynchronousWait {
    /// The value `work` returns, or nil when it has not returned within `seconds` (it is then
    /// cancelled and its value, if any, dropped).
    static func value<Value: Sendable>(
        within seconds: Double,
        of work: @escaping @Sendable () async -> Value
    ) -> Value? {
        let slot = Slot<Value>()
        let finished = DispatchSemaphore(value: 0)
        let operation: @Sendable () async -> Void = {
            slot.value = await work()
            finished.signal()
        }
        let task: Task<Void, Never>
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            task = Task.detached(executorPreference: QueueTaskExecutor.shared, operation: operation)
        } else {
            task = Task.detached(operation: operation)
        }
        guard finished.wait(timeout: .now() + max(0, seconds)) == .success else {
            task.cancel()
            return nil
        }
        return slot.value
    }

    /// Where the work leaves its value for the waiting thread.
    private final class Slot<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value?  // guarded by `lock`
        var value: Value? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}

/// A task executor that runs jobs one after another on its own dispatch queue, whose threads
/// do not come from the cooperative pool.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class QueueTaskExecutor: TaskExecutor {
    /// The one executor of the program's blocking waits.
    static let shared = QueueTaskExecutor(label: "comics.synchronous-wait")
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
