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
            _ = SlowSingletonAssembly.gate?.release.wait(timeout: .now() + 10)
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
            _ = done.wait(timeout: .now() + 10)
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
        #expect(gate.entered.wait(timeout: .now() + 10) == .success)
        let started = Date()
        let abc: ABCAssembly = context.assembly()
        let a = abc.a
        let waited = Date().timeIntervalSince(started)
        gate.release.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(a.b?.c?.a === a)
        #expect(waited < 5)  // the gate holds the singleton for up to 10 s
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
        #expect(finished.wait(timeout: .now() + 15) == .success)
    }
}
