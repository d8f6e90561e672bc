import Foundation
import Testing
import Wiring

// Edge cases of identity, lifetime, reentrancy, tracing and locking, each with the smallest
// assembly that shows it.

/// Holds an object without keeping it alive, so a test can see when it goes.
final class ReviewWeakRef: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: AnyObject?
    var object: AnyObject? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A class that runs a closure when it goes.
final class ReviewTracked {
    let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

final class ReviewBox { var first: AnyObject?, second: AnyObject? }

/// `service` is wrapped by a substitute that reads the original; `pair` reads it twice.
final class ReviewWrapAssembly: Assembly {
    var service: Item { define(init: Item(1)) }
    var pair: ReviewBox {
        define(init: ReviewBox()) {
            $0.first = self.service
            $0.second = self.service
        }
    }
}

/// A read whose end releases an object whose deinit reads, and then one more object.
final class ReviewDeinitAssembly: Assembly {
    let watched = ReviewWeakRef()
    var root: Item {
        define(init: Item(0)) { _ in
            _ = self.reader
            _ = self.child
        }
    }
    var reader: ReviewTracked { define(init: ReviewTracked { [weak self] in _ = self?.other }) }
    var child: Item {
        define(init: Item(2)) { [watched] in watched.object = $0 }
    }
    var other: Item { define(init: Item(3)) }
}

/// A lazy singleton, read twice at the top level.
final class ReviewSingletonAssembly: Assembly {
    var shared: Item { define(scope: .lazySingleton, init: Item(7)) }
}

/// Pairs two contexts, each the other's peer.
enum ReviewPeers {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var peers: [ObjectIdentifier: DIContext] = [:]

    static func pair(_ first: DIContext, _ second: DIContext) {
        link(first, to: second)
        link(second, to: first)
    }

    static func link(_ context: DIContext, to peer: DIContext) {
        lock.withLock { peers[ObjectIdentifier(context)] = peer }
    }

    static func peer(of context: DIContext) -> DIContext {
        lock.withLock { peers[ObjectIdentifier(context)]! }
    }
}

/// `a` (a singleton) needs the peer context's `b`; `c` needs the peer's `d`. No cycle.
final class ReviewTwoContextAssembly: Assembly {
    var peer: ReviewTwoContextAssembly {
        ReviewTwoContextAssembly.instance(from: ReviewPeers.peer(of: context))
    }
    var a: Item {
        define(
            scope: .lazySingleton,
            init: {
                Thread.sleep(forTimeInterval: 0.3)
                _ = self.peer.b
                return Item(1)
            }())
    }
    var b: Item { define(scope: .lazySingleton, init: Item(2)) }
    var c: Item {
        define(
            scope: .lazySingleton,
            init: {
                Thread.sleep(forTimeInterval: 0.3)
                _ = self.peer.d
                return Item(3)
            }())
    }
    var d: Item { define(scope: .lazySingleton, init: Item(4)) }
}

/// `slow` is a singleton whose init waits for the test; `fake` is a substituted singleton.
final class ReviewSlowAssembly: Assembly {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    var slow: Item {
        define(
            scope: .lazySingleton,
            init: {
                self.started.signal()
                _ = self.release.wait(timeout: .now() + holdLimit)
                return Item(1)
            }())
    }
    var fake: Item { define(scope: .lazySingleton, init: Item(2)) }
}

/// What a definition saw as the current context.
final class ReviewTag {
    let context: DIContext
    init(_ context: DIContext) { self.context = context }
}

/// Made in one context, its stored property reads a definition of another context.
final class ReviewOuterAssembly: Assembly {
    nonisolated(unsafe) static var elsewhere: DIContext?
    let tag = ReviewInnerAssembly.instance(from: ReviewOuterAssembly.elsewhere).tag
}
final class ReviewInnerAssembly: Assembly {
    var tag: ReviewTag { define(init: ReviewTag(ReviewHelperAssembly.instance().context)) }
}
final class ReviewHelperAssembly: Assembly {}

/// `viaOther` is a property of this assembly that returns another assembly's definition.
final class ReviewAliasAssembly: Assembly {
    var target: Item { define(init: Item(1)) }
    var viaOther: Item { ReviewAliasOtherAssembly.instance(from: context).target }
}
final class ReviewAliasOtherAssembly: Assembly {
    var target: Item { define(init: Item(5)) }
}

/// A singleton whose key-path substitute asks for an assembly without naming a context.
final class ReviewProbeContextAssembly: Assembly {
    var shared: ReviewTag { define(scope: .lazySingleton, init: ReviewTag(context)) }
}

/// A singleton of the default context whose deinit gets an assembly of the default context.
final class ReviewDefaultAssembly: Assembly {
    var logged: ReviewTracked {
        define(scope: .lazySingleton, init: ReviewTracked { _ = ReviewHelperAssembly.instance() })
    }
}

/// Two assemblies whose stored properties get each other.
final class ReviewLeftAssembly: Assembly {
    let right = ReviewRightAssembly.instance()
}
final class ReviewRightAssembly: Assembly {
    let left = ReviewLeftAssembly.instance()
}

/// Many runtime keys and a prototype, each watched after the read.
final class ReviewManyAssembly: Assembly {
    let watched = ReviewWeakRef()
    let prototypeWatched = ReviewWeakRef()
    func item(_ n: Int) -> Item { define(key: "item-\(n)", init: Item(n)) }
    var many: Item {
        define(init: Item(-1)) { [watched] _ in
            for n in 0..<5000 {
                let item = self.item(n)
                if n == 4999 { watched.object = item }
            }
        }
    }
    var fresh: Item {
        define(scope: .prototype, init: Item(0)) { [prototypeWatched] in
            prototypeWatched.object = $0
        }
    }
    var holder: ReviewBox {
        define(init: ReviewBox()) { _ in _ = self.fresh }
    }
}

/// Adds a key-path substitution from inside a definition.
final class ReviewInsideAssembly: Assembly {
    var target: Item { define(init: Item(1)) }
    var switcher: ReviewBox {
        define(init: ReviewBox()) {
            $0.first = self.target
            self.addSubstitution(for: \.target) { Item(99) }
            $0.second = self.target
        }
    }
}

/// Three contexts deep and back: top (1) → middle (2) → bottom (3) → middle (2).
final class ReviewChainAssembly: Assembly {
    var next: ReviewChainAssembly {
        ReviewChainAssembly.instance(from: ReviewPeers.peer(of: context))
    }
    var top: ReviewBox {
        define(init: ReviewBox()) {
            $0.first = self.next.middle
            $0.second = self.next.middle
        }
    }
    var middle: ReviewBox {
        define(init: ReviewBox()) { $0.first = self.next.bottom }
    }
    var bottom: ReviewBox {
        define(init: ReviewBox()) { $0.first = self.next.middle }
    }
}

@Suite("Review: identity, lifetime, tracing, locking")
struct ReviewTests {
    @Test("a substitute wrapping its original stays the one instance of its graph")
    func wrapperSubstituteKeepsOneInstancePerGraph() {
        let assembly = ReviewWrapAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "service") { (original: ReviewWrapAssembly) in
            Item(original.service.number + 100)
        }
        let pair = assembly.pair
        #expect((pair.first as? Item)?.number == 101)
        #expect((pair.second as? Item)?.number == 101)
        #expect(pair.first === pair.second)
    }

    @Test("a deinit that reads while a read ends does not keep the read's later objects")
    func deinitReadDoesNotKeepLaterObjects() {
        let assembly = ReviewDeinitAssembly.instance(from: DIContext())
        _ = assembly.root
        #expect(assembly.watched.object == nil)
    }

    @Test("the trace hears every top-level read of a lazy singleton, not only the first")
    func traceHearsEverySingletonRead() {
        let events = EventLog()
        let assembly = ReviewSingletonAssembly.instance(
            from: DIContext(trace: { events.append($0) }))
        _ = assembly.shared
        _ = assembly.shared
        #expect(events.all.map(\.created) == [true, false])
    }

    @Test("two threads making singletons of two contexts that need each other's do not deadlock")
    func crossContextSingletonsDoNotDeadlock() {
        let first = DIContext()
        let second = DIContext()
        ReviewPeers.pair(first, second)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            _ = ReviewTwoContextAssembly.instance(from: first).a
            finished.signal()
        }.start()
        Thread {
            _ = ReviewTwoContextAssembly.instance(from: second).c
            finished.signal()
        }.start()
        #expect(finished.wait(timeout: .now() + hangLimit) == .success)
        #expect(finished.wait(timeout: .now() + hangLimit) == .success)
    }

    @Test("a definition of another context, read while an assembly is made, gets its own context")
    func definitionReadWhileMakingAnAssemblyUsesItsContext() {
        let first = DIContext()
        let second = DIContext()
        ReviewOuterAssembly.elsewhere = second
        let outer = ReviewOuterAssembly.instance(from: first)
        #expect(outer.tag.context === second)
    }

    @Test("a key path to another assembly's definition does not substitute this assembly's")
    func keyPathToAnotherAssemblysDefinition() {
        let context = DIContext()
        let alias = ReviewAliasAssembly.instance(from: context)
        alias.addSubstitution(for: \.viaOther) { Item(99) }
        #expect(alias.target.number == 1)  // an unrelated definition that shares the key
    }

    /// Removing reads no getter, so a key path removes only what it added: a substitution added
    /// by name is removed by name (1.0 read the getter to learn the definition).
    @Test("a key path removes only what it added; a substitution added by name stays")
    func removeByKeyPathAfterAddingByName() {
        let assembly = ReviewAliasAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "target") { Item(42) }
        #expect(assembly.target.number == 42)
        assembly.removeSubstitution(for: \.target)
        #expect(assembly.target.number == 42)
        assembly.removeSubstitution(for: "target")
        #expect(assembly.target.number == 1)
    }

    @Test("a key-path substitute's first run, the probe, sees the assembly's own context")
    func probeRunsInTheAssemblysContext() {
        let context = DIContext()
        let assembly = ReviewProbeContextAssembly.instance(from: context)
        assembly.addSubstitution(for: \.shared) {
            ReviewTag(ReviewHelperAssembly.instance().context)
        }
        #expect(assembly.shared.context === context)  // the singleton the probe made
    }

    @Test("the trace marks a substitute found again in its graph as substituted")
    func traceMarksReusedSubstitute() {
        let events = EventLog()
        let assembly = ReviewWrapAssembly.instance(from: DIContext(trace: { events.append($0) }))
        assembly.addSubstitution(for: "service") { Item(50) }
        _ = assembly.pair
        let service = events.all.filter { $0.definition == "ReviewWrapAssembly.service" }
        #expect(service.map(\.created) == [true, false])
        #expect(service.map(\.substituted) == [true, true])
    }

    @Test("reading a substituted singleton that exists does not wait for another being made")
    func substitutedSingletonDoesNotWait() {
        let context = DIContext()
        let assembly = ReviewSlowAssembly.instance(from: context)  // held: threads get this one
        assembly.addSubstitution(for: "fake") { Item(20) }
        #expect(assembly.fake.number == 20)  // made now, before the slow one starts
        let maker = Thread { _ = ReviewSlowAssembly.instance(from: context).slow }
        maker.start()
        assembly.started.wait()
        let read = DispatchSemaphore(value: 0)
        Thread {
            _ = ReviewSlowAssembly.instance(from: context).fake
            read.signal()
        }.start()
        #expect(read.wait(timeout: .now() + hangLimit) == .success)
        assembly.release.signal()
    }

    @Test("replacing the default context whose singleton's deinit gets an assembly does not hang")
    func replacingTheDefaultContextDoesNotHang() async {
        await #expect(processExitsWith: .success) {
            let finished = DispatchSemaphore(value: 0)
            Thread {
                DIContext.defaultInstance = DIContext()
                _ = ReviewDefaultAssembly.instance().logged
                DIContext.defaultInstance = DIContext()  // frees the old one and its singleton
                finished.signal()
            }.start()
            if finished.wait(timeout: .now() + hangLimit) == .timedOut {
                exit(3)
            }
        }
    }

    @Test("assemblies whose stored properties get each other stop with a Wiring message")
    func storedPropertyAssemblyLoopIsDiagnosed() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = ReviewLeftAssembly.instance(from: DIContext())
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Wiring"))
    }

    // The tests below pass; they cover behaviour no other test checks.

    @Test("a read over more than 4,096 keys lets go of everything it made")
    func readOverManyKeysLetsGo() {
        let assembly = ReviewManyAssembly.instance(from: DIContext())
        _ = assembly.many
        #expect(assembly.watched.object == nil)
        _ = assembly.many  // and again, once the thread's records were dropped
        #expect(assembly.watched.object == nil)
    }

    @Test("a prototype read inside a graph is not kept once the read ends")
    func prototypeIsNotKept() {
        let assembly = ReviewManyAssembly.instance(from: DIContext())
        _ = assembly.holder
        #expect(assembly.prototypeWatched.object == nil)
    }

    @Test("a key-path substitution added inside a definition applies from the next read")
    func keyPathSubstitutionInsideADefinition() {
        let assembly = ReviewInsideAssembly.instance(from: DIContext())
        let box = assembly.switcher
        #expect((box.first as? Item)?.number == 1)
        #expect(box.first === box.second)  // the read keeps the substitutions it began with
        #expect(assembly.target.number == 99)
    }

    @Test("a graph three contexts deep keeps one instance per definition and context")
    func threeContextsDeep() {
        let first = DIContext()
        let second = DIContext()
        let third = DIContext()
        ReviewPeers.link(first, to: second)
        ReviewPeers.pair(second, third)
        let top = ReviewChainAssembly.instance(from: first).top
        let middle = top.first as? ReviewBox
        #expect(middle != nil)
        #expect(top.first === top.second)
        let bottom = middle?.first as? ReviewBox
        #expect(bottom != nil)
        #expect(bottom?.first === middle)  // back in the second context: the same middle
    }
}
