import Foundation
import Wiring

/// Collects a context's trace events, from whichever thread resolves.
final class TraceRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [TraceRecord] = []

    /// The hook to give `DIContext(trace:)`.
    var hook: @Sendable (DIContext.TraceEvent) -> Void {
        { [self] event in lock.withLock { records.append(TraceRecord(event)) } }
    }

    /// What was heard so far, in order.
    var all: [TraceRecord] { lock.withLock { records } }
}
