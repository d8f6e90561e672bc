import Dispatch
import Foundation
import Testing
import Wiring

/// Hands a value that the test guards itself to other threads.
private struct Unchecked<Value>: @unchecked Sendable { let value: Value }

/// Blocks one resolution until another thread has finished its own.
final class Gate: @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
}

final class GatedAssembly: Assembly {
    nonisolated(unsafe) static var gate: Gate?
    var slow: A {
        define(init: A(Counter())) { _ in
            GatedAssembly.gate?.entered.signal()
            _ = GatedAssembly.gate?.release.wait(timeout: .now() + holdLimit)
        }
    }
    var quick: B { define(init: B(Counter())) }
}

@Suite("Thread safety")
struct ConcurrencyTests {
    @Test("8 threads × 10,000 reads of a lazySingleton make exactly one instance")
    func singletonUnderContention() {
        let services = Unchecked(value: ServiceAssembly.instance(from: DIContext()))
        let stores = Unchecked(value: NSMutableSet())
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var seen = Set<ObjectIdentifier>()
            for _ in 0..<10_000 { seen.insert(ObjectIdentifier(services.value.store)) }
            lock.withLock { for id in seen { stores.value.add(id) } }
        }
        #expect(stores.value.count == 1)
        #expect(services.value.made.count("Store") == 1)
        #expect(services.value.made.count("HTTPClient") == 1)
    }

    @Test("8 threads resolving the A→B→C→A graph each get a correct, separate graph")
    func graphsPerThread() {
        let abc = Unchecked(value: ABCAssembly.instance(from: DIContext()))
        let results = Unchecked(value: NSMutableArray())
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 {
                let a = abc.value.a
                let closed = a.b?.c?.a === a
                lock.withLock { results.value.add([ObjectIdentifier(a), closed] as [Any]) }
                breakCycle(a)
            }
        }
        let rows = results.value.compactMap { $0 as? [Any] }
        #expect(rows.count == 4_000)
        #expect(rows.allSatisfy { $0[1] as? Bool == true })
        #expect(abc.value.counter.count("A") == 4_000)
        #expect(abc.value.counter.count("C") == 4_000)
    }

    @Test("substitutions toggled while other threads resolve")
    func togglingSubstitutions() {
        let services = Unchecked(value: ServiceAssembly.instance(from: DIContext()))
        let odd = Unchecked(value: NSMutableArray())
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<2_000 {
                if worker == 0 {
                    if round.isMultiple(of: 2) {
                        services.value.addSubstitution(for: "apiClient") {
                            FakeClient() as APIClient
                        }
                    } else {
                        services.value.removeSubstitution(for: "apiClient")
                    }
                } else {
                    let client = services.value.apiClient
                    if !(client is FakeClient || client is HTTPClient) {
                        lock.withLock { odd.value.add(client) }
                    }
                }
            }
        }
        #expect(odd.value.count == 0)
        #expect(services.value.apiClient is HTTPClient)  // the last toggle removed it
    }

    @Test("non-singleton resolutions on different threads do not wait for each other")
    func noContextWideLock() {
        let gate = Gate()
        GatedAssembly.gate = gate
        defer { GatedAssembly.gate = nil }
        let gated = Unchecked(value: GatedAssembly.instance(from: DIContext()))
        let slowDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = gated.value.slow  // holds its resolution open until released
            slowDone.signal()
        }
        #expect(gate.entered.wait(timeout: .now() + hangLimit) == .success)
        _ = gated.value.quick  // would block here if resolutions shared one lock
        // Held until released: had `quick` waited for the lock, `slow` would have finished first.
        #expect(slowDone.wait(timeout: .now()) == .timedOut, "quick waited for slow")
        gate.release.signal()
        #expect(slowDone.wait(timeout: .now() + hangLimit) == .success)
    }

    @Test(
        "the recommended Swift 6 pattern: pass the DIContext into tasks, resolve there or on the main actor"
    )
    func swift6Pattern() async {
        let context = DIContext()
        let stores = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask { ObjectIdentifier(ServiceAssembly.instance(from: context).store) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        let onMain = await MainActor.run {
            ObjectIdentifier(ServiceAssembly.instance(from: context).store)
        }
        #expect(stores == [onMain])
    }
}

/// Singletons under runtime keys, so that one thread can keep many while others read.
final class ManySingletonsAssembly: Assembly {
    var first: Widget { define(scope: .lazySingleton, init: Widget()) }
    func numbered(_ number: Int) -> Widget {
        define(key: "numbered-\(number)", scope: .lazySingleton, init: Widget())
    }
}

extension ConcurrencyTests {
    /// Under ThreadSanitizer this fails if keeping a singleton does not take the context's lock.
    @Test("a thread keeps 2,000 singletons while 3 threads read another of the same context")
    func keepingWhileOthersRead() {
        let context = DIContext()
        let first = ObjectIdentifier(ManySingletonsAssembly.instance(from: context).first)
        let mismatches = Unchecked(value: NSMutableSet())
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let assembly = ManySingletonsAssembly.instance(from: context)
            if thread == 0 {
                for number in 0..<2_000 {
                    _ = assembly.numbered(number)
                }
                return
            }
            for _ in 0..<20_000 where ObjectIdentifier(assembly.first) != first {
                lock.withLock { mismatches.value.add(thread) }
            }
        }
        #expect(mismatches.value.count == 0)
        let assembly = ManySingletonsAssembly.instance(from: context)
        #expect(assembly.numbered(1_999) === assembly.numbered(1_999))
    }
}

/// A weak singleton whose deinit reads a singleton of its context, which takes the context's
/// lock.
final class SweptSession {
    let assembly: SweepingAssembly

    init(_ assembly: SweepingAssembly) {
        self.assembly = assembly
    }

    deinit {
        _ = assembly.settings
    }
}

/// Weak singletons under runtime keys, so that keeping new ones sweeps the released ones.
final class SweepingAssembly: Assembly {
    var settings: Widget { define(scope: .lazySingleton, init: Widget()) }
    func session(_ number: Int) -> SweptSession {
        define(key: "session-\(number)", scope: .weakSingleton, init: SweptSession(self))
    }
}

/// The sessions a thread has made and another lets go of, oldest first.
private final class SessionQueue: @unchecked Sendable {
    let lock = NSLock()
    var sessions: [SweptSession] = []
    var done = false
}

extension ConcurrencyTests {
    /// A sweep of released weak singletons holds each live one for a moment, under the context's
    /// lock. If the thread that held it lets go meanwhile, the sweep's is the last reference: the
    /// deinit must not run under the lock, or its read waits for the lock forever. Two live
    /// sessions at most make every keep sweep; the child process has 2 s of reads and reports a
    /// hang after hangLimit s (before the fix: hung in 10 runs of 10, debug and release).
    @Test("a weak singleton let go while a sweep looks at it runs its deinit unlocked")
    func weakSingletonLetGoDuringSweep() async {
        let text = edgeText(
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                let watchdog = Thread {
                    Thread.sleep(forTimeInterval: hangLimit)
                    edgeWrong("the reads hung: a deinit waited for the context's lock")
                }
                watchdog.start()
                let assembly = SweepingAssembly.instance(from: DIContext())
                let queue = SessionQueue()
                let dropper = Thread {
                    while !queue.lock.withLock({ queue.done }) {
                        // The oldest session is let go on this thread, after unlocking.
                        _ = queue.lock.withLock {
                            queue.sessions.count > 2 ? queue.sessions.removeFirst() : nil
                        }
                    }
                }
                dropper.start()
                let start = Date()
                var number = 0
                while Date().timeIntervalSince(start) < 2 {
                    let session = assembly.session(number)
                    number += 1
                    queue.lock.withLock { queue.sessions.append(session) }
                }
                queue.lock.withLock { queue.done = true }
            })
        #expect(!text.contains("EDGE-WRONG"), "\(text)")
    }
}
