import Dispatch
import Foundation
import Testing
import Wiring

/// A singleton whose making blocks until the test lets it go.
final class SlowSingletonAssembly: Assembly {
    nonisolated(unsafe) static var gate: Gate?
    var slow: Store {
        define(scope: .lazySingleton, init: Store(Counter())) { _ in
            SlowSingletonAssembly.gate?.entered.signal()
            _ = SlowSingletonAssembly.gate?.release.wait(timeout: .now() + holdLimit)
        }
    }
}

/// A singleton whose init waits for another thread that only gets an assembly.
final class WaitingSingletonAssembly: Assembly {
    var waiting: Store {
        define(scope: .lazySingleton, init: Store(Counter())) { [context] _ in
            let done = DispatchSemaphore(value: 0)
            Thread {
                _ = ABCAssembly.instance(from: context)
                done.signal()
            }.start()
            _ = done.wait(timeout: .now() + holdLimit)
        }
    }
}

@Suite("Locks: getting an assembly never waits on construction")
struct LockTests {
    @Test("an objectGraph read through context.assembly() does not wait for a singleton being made")
    func assemblyDuringSlowSingleton() {
        let gate = Gate()
        SlowSingletonAssembly.gate = gate
        defer { SlowSingletonAssembly.gate = nil }
        let context = DIContext()
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = SlowSingletonAssembly.instance(from: context).slow
            done.signal()
        }.start()
        #expect(gate.entered.wait(timeout: .now() + hangLimit) == .success)
        let started = Date()
        let abc: ABCAssembly = context.assembly()
        let a = abc.a
        let waited = Date().timeIntervalSince(started)
        gate.release.signal()
        #expect(done.wait(timeout: .now() + hangLimit) == .success)
        #expect(a.b?.c?.a === a)
        #expect(waited < hangLimit)  // the gate holds the singleton for up to holdLimit
        breakCycle(a)
    }

    @Test("a singleton whose init waits on a thread that gets an assembly does not deadlock")
    func singletonWaitsForAssembly() {
        let finished = DispatchSemaphore(value: 0)
        let context = DIContext()
        Thread {
            _ = WaitingSingletonAssembly.instance(from: context).waiting
            finished.signal()
        }.start()
        #expect(finished.wait(timeout: .now() + hangLimit) == .success)
    }

    /// README: `defaultInstance` is settable from any thread. Four threads replace it while four
    /// read it and use what they got, in a process of its own (the default is process-wide): each
    /// replaced context is let go, so a read that is not kept apart from the swap by the lock uses
    /// a freed context and crashes (or, under ThreadSanitizer, races).
    @Test("defaultInstance: replaced on 4 threads while 4 read it, each read gets a live context")
    func defaultInstanceReplacedWhileRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let group = DispatchGroup()
            let wrong = EdgeCounter()
            for thread in 0..<8 {
                group.enter()
                Thread {
                    for _ in 0..<20_000 {
                        if thread % 2 == 0 {
                            DIContext.defaultInstance = DIContext()
                        } else if !DIContext.defaultInstance.unusedSubstitutions.isEmpty {
                            wrong.increment()
                        }
                    }
                    group.leave()
                }.start()
            }
            if group.wait(timeout: .now() + hangLimit) != .success || wrong.value != 0 {
                edgeWrong("hung, or a fresh context listed substitutions: \(wrong.value)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}
