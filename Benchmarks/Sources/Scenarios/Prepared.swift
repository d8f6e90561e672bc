/// A contender ready to run: its container, context or assembly is made, and `run` repeats the
/// operation.
public struct Prepared: Sendable {
    /// Performs the operation `count` times, handing each result to `sink`.
    public let run: @Sendable (_ count: Int) -> Void
    /// Performs the operation once and returns the result, so its shape can be checked.
    public let once: @Sendable () -> AnyObject
    /// Undoes what an operation's result holds on to (the cycle scenario breaks its cycle).
    public let release: @Sendable (AnyObject) -> Void

    /// Repeats `operation`; all contenders go through this same loop, so its cost (one indirect
    /// call and the sink) is the same for each.
    @inline(__always)
    init<Result: AnyObject>(_ operation: @escaping @Sendable () -> Result) {
        run = { count in
            for _ in 0..<count { sink(operation()) }
        }
        once = operation
        release = { _ in }
    }

    /// Repeats `operation`, calling `finish` on each result after the sink (to break cycles).
    @inline(__always)
    init<Result: AnyObject>(
        _ operation: @escaping @Sendable () -> Result, finish: @escaping @Sendable (Result) -> Void
    ) {
        run = { count in
            for _ in 0..<count {
                let result = operation()
                sink(result)
                finish(result)
            }
        }
        once = operation
        release = { finish($0 as! Result) }
    }

    /// Like `init(_:finish:)`, but `makeOperation` runs at the start of every `run`, so each thread
    /// that runs the operation gets state of its own (a context per thread, say).
    init<Result: AnyObject>(
        eachRun makeOperation: @escaping @Sendable () -> () -> Result,
        finish: @escaping @Sendable (Result) -> Void
    ) {
        run = { count in
            let operation = makeOperation()
            for _ in 0..<count {
                let result = operation()
                sink(result)
                finish(result)
            }
        }
        once = { makeOperation()() }
        release = { finish($0 as! Result) }
    }
}
