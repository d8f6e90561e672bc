import Foundation
import Testing
import Wiring

// Wiring after its internals were rewritten, tried as a hostile user would, where the README and
// the catalog promise most. Each test asserts the documented (or EasyDi's) behaviour. A case that
// may stop or hang the process runs in a child process (an exit test): the child ends with status
// 1 and EDGE-WORKS when the library did what it promises, with status 2 and EDGE-WRONG when
// it gave a silently wrong result, or with a Wiring: stop; the parent checks which (the helpers
// are EdgeTests').
//
// A test marked "Was:" failed before its fix.

// MARK: - Helpers

/// Holds an object without keeping it alive.
final class AttackWeak: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: AnyObject?

    var object: AnyObject? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Objects that threads keep alive, and their identities.
final class AttackObjects: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [AnyObject] = []

    var identities: Set<ObjectIdentifier> {
        lock.withLock { Set(objects.map(ObjectIdentifier.init)) }
    }

    func add(_ object: AnyObject) {
        lock.withLock { objects.append(object) }
    }
}

/// Trace events that threads collect.
final class AttackLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [DIContext.TraceEvent] = []

    var all: [DIContext.TraceEvent] { lock.withLock { events } }

    /// Each event as `definition depth parent created substituted`.
    var lines: [String] {
        all.map {
            "\($0.definition) \($0.depth) \($0.parent ?? "-") "
                + "\($0.created ? "made" : "found")\($0.substituted ? " substituted" : "")"
        }
    }

    func add(_ event: DIContext.TraceEvent) {
        lock.withLock { events.append(event) }
    }
}

/// Runs `body` on a thread with a stack of `stackSize` bytes; false if it did not end in time.
private func attackOnThread(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void)
    -> Bool
{
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    return done.wait(timeout: .now() + hangLimit) == .success
}

// MARK: - Fixtures

/// A named box that may hold two others and runs a closure when it goes.
final class AttackBox {
    let name: String
    var inner: AttackBox?
    var other: AttackBox?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: AttackBox? = nil) {
        self.name = name
        self.inner = inner
    }

    deinit { onDeinit?() }
}

final class AttackPair {
    var first: AttackBox?
    var second: AttackBox?
}

/// Re-entry from deinits of objects the library lets go of in the middle of a read.
final class AttackReentryAssembly: Assembly {
    let budget = EdgeCounter()
    let seen = AttackWeak()

    /// Reads `child` in its init; `child`'s inject replaces the object it made, whose deinit
    /// reads `parent`.
    var parent: AttackBox { define(init: AttackBox("parent", inner: self.child)) }
    var child: AttackBox {
        define(init: self.dying { _ = $0.parent }) { _ in return AttackBox("replacement") }
    }
    var shared: AttackBox { define(init: AttackBox("shared")) }
    /// Keeps `shared` and returns another object; the replaced one's deinit reads `shared`.
    var swapping: AttackBox {
        define(init: self.dying { $0.seen.object = $0.shared }) { _ in
            return AttackBox("replacement", inner: self.shared)
        }
    }

    /// A box whose deinit runs `read` once.
    private func dying(_ read: @escaping (AttackReentryAssembly) -> Void) -> AttackBox {
        let box = AttackBox("replaced")
        box.onDeinit = { [weak self] in
            guard let self, self.budget.take(upTo: 1) else {
                return
            }
            read(self)
        }
        return box
    }
}

/// A singleton that the override below reads without keeping: the context drops it.
class AttackBaseStoreAssembly: Assembly {
    var store: AttackBox { define(scope: .lazySingleton, init: self.base()) }
    var other: AttackBox { define(scope: .lazySingleton, init: AttackBox("other")) }
    var box: AttackBox { define(init: AttackBox("base")) }

    private func base() -> AttackBox {
        let box = AttackBox("base")
        box.onDeinit = { [weak self] in _ = self?.other }
        return box
    }
}

final class AttackNamingStoreAssembly: AttackBaseStoreAssembly {
    override var store: AttackBox {
        define(scope: .lazySingleton, init: AttackBox("outer-" + super.store.name))
    }
    override var box: AttackBox { define(init: AttackBox("outer")) { $0.inner = super.box } }
}

/// An objectGraph override over a singleton of its superclass.
class AttackSharedBaseAssembly: Assembly {
    var engine: AttackBox { define(scope: .lazySingleton, init: AttackBox("engine")) }
}

final class AttackFreshOverAssembly: AttackSharedBaseAssembly {
    override var engine: AttackBox {
        define(init: AttackBox("wrapper")) { $0.inner = super.engine }
    }
}

/// Parameterised definitions with no `key:`.
final class AttackArgumentAssembly: Assembly {
    func item(_ n: Int) -> AttackBox { define(definitionKey: "item", init: AttackBox("\(n)")) }
    subscript(_ n: Int) -> AttackBox { define(init: AttackBox("\(n)")) }
    var pair: AttackPair {
        define(init: AttackPair()) {
            $0.first = self.item(1)
            $0.second = self.item(2)
        }
    }
    var subscripted: AttackPair {
        define(init: AttackPair()) {
            $0.first = self[1]
            $0.second = self[2]
        }
    }
}

/// A VIPER module whose placeholder has a key other than its property's name.
final class AttackView {
    var presenter: AttackPresenter?
}

final class AttackPresenter {
    var view: AttackView?
}

final class AttackModuleAssembly: Assembly {
    func inject(into view: AttackView) {
        defineInjection(key: "view", into: view) { $0.presenter = self.presenter }
    }
    var screen: AttackView { definePlaceholder(key: "view") }
    var presenter: AttackPresenter { define(init: AttackPresenter()) { $0.view = self.screen } }
}

/// Key-path substitutions with odd getters.
final class AttackKeyPathAssembly: Assembly {
    let made = EdgeCounter()

    var primary: AttackBox { define(init: self.real("primary")) }
    /// Reads its one definition twice.
    var twice: AttackBox {
        _ = primary
        return primary
    }
    var target: AttackBox { define(init: AttackBox("target")) }
    /// Adds a key-path substitution of `target` before the read has read `target`.
    var switcher: AttackPair {
        define(init: AttackPair()) {
            self.addSubstitution(for: \.target) { AttackBox("fake") }
            $0.second = self.target
        }
    }
    var shared: AttackBox { define(scope: .lazySingleton, init: self.real("shared")) }
    var maybe: AttackBox? { define(scope: .weakSingleton, init: Optional(self.real("maybe"))) }

    private func real(_ name: String) -> AttackBox {
        made.increment()
        return AttackBox(name)
    }
}

/// Two definitions of one type that read each other.
final class AttackNode {
    let name: String
    var peer: AttackNode?

    init(_ name: String, peer: AttackNode? = nil) {
        self.name = name
        self.peer = peer
    }
}

final class AttackPeerAssembly: Assembly {
    var a: AttackNode { define(init: AttackNode("a")) { $0.peer = self.b } }
    var b: AttackNode { define(init: AttackNode("b")) { $0.peer = self.a } }
}

/// A definition whose inject reads the same definition in a partner context.
final class AttackCrossAssembly: Assembly {
    weak var partner: AttackCrossAssembly?
    var feature: AttackBox {
        define(init: AttackBox("real")) { $0.inner = self.partner?.feature }
    }
    var plain: AttackBox { define(init: AttackBox("plain")) }
}

/// Substitutions added, replaced and removed from inside reads and deinits.
final class AttackSubstitutionAssembly: Assembly {
    let budget = EdgeCounter()
    let seen = AttackWeak()

    var kept: AttackBox { define(scope: .lazySingleton, init: AttackBox("real")) }
    var target: AttackBox { define(init: AttackBox("target")) }
    /// Its object's deinit adds a key-path substitution of `target`.
    var leaving: AttackBox { define(init: self.leaver()) }
    /// Adds a substitution by name in the middle of its read.
    var byName: AttackPair {
        define(init: AttackPair()) {
            $0.first = self.target
            self.addSubstitution(for: "target") { AttackBox("fake") }
            $0.second = self.target
        }
    }

    private func leaver() -> AttackBox {
        let box = AttackBox("leaving")
        box.onDeinit = { [weak self] in
            guard let self, self.budget.take(upTo: 1) else {
                return
            }
            self.addSubstitution(for: \.target) { AttackBox("fake") }
        }
        return box
    }
}

/// Assemblies made inside definitions and substitutes.
final class AttackHostAssembly: Assembly {
    var shared: AttackBox { define(init: AttackBox("shared")) }
    var host: AttackPair {
        define(init: AttackPair()) {
            $0.first = AttackGuestAssembly().guest
            $0.second = AttackGuestAssembly.instance().guest
        }
    }
    var replaced: AttackBox { define(init: AttackBox("replaced")) }
}

final class AttackGuestAssembly: Assembly {
    var host: AttackHostAssembly { context.assembly() }
    var guest: AttackBox { define(init: AttackBox("guest")) { $0.inner = self.host.shared } }
}

/// Weak singletons.
protocol AttackShape {}

struct AttackSquare: AttackShape {}

final class AttackWeakAssembly: Assembly {
    let made = EdgeCounter()
    let budget = EdgeCounter()
    let seen = AttackWeak()

    var session: AttackBox { define(scope: .weakSingleton, init: self.count("session")) }
    /// Reads `session`, lets go of it, then reads it again, in one read.
    var twice: AttackPair {
        define(init: AttackPair()) {
            _ = self.session
            $0.second = self.session
        }
    }
    /// Its deinit reads the same weak singleton once.
    var phoenix: AttackBox { define(scope: .weakSingleton, init: self.rising()) }
    var swapped: AttackBox {
        define(scope: .weakSingleton, init: AttackBox("made")) { _ in
            return AttackBox("returned")
        }
    }
    var shape: AttackShape { define(scope: .weakSingleton, init: AttackSquare()) }
    var myself: AttackBox {
        define(scope: .weakSingleton, init: AttackBox("self")) { $0.inner = self.myself }
    }

    private func count(_ name: String) -> AttackBox {
        made.increment()
        return AttackBox(name)
    }
    private func rising() -> AttackBox {
        let box = count("phoenix")
        box.onDeinit = { [weak self] in
            guard let self, self.budget.take(upTo: 1) else {
                return
            }
            self.seen.object = self.phoenix
        }
        return box
    }
}

/// Decorators, overrides and placeholders, traced.
final class AttackDecorAssembly: Assembly {
    var feature: AttackBox { define(init: AttackBox("real")) }
    var stored: AttackBox { define(scope: .lazySingleton, init: AttackBox("stored")) }
}

class AttackTracedBaseAssembly: Assembly {
    var feature: AttackBox { define(init: AttackBox("base")) }
}

final class AttackTracedOverAssembly: AttackTracedBaseAssembly {
    override var feature: AttackBox {
        define(init: AttackBox("outer")) { $0.inner = super.feature }
    }
}

class AttackTwiceBaseAssembly: Assembly {
    var feature: AttackBox { define(init: AttackBox("base")) }
}

class AttackTwiceMiddleAssembly: AttackTwiceBaseAssembly {
    override var feature: AttackBox {
        define(init: AttackBox("middle")) {
            $0.inner = super.feature
            $0.other = super.feature
        }
    }
}

final class AttackTwiceOverAssembly: AttackTwiceMiddleAssembly {
    override var feature: AttackBox {
        define(init: AttackBox("outer")) {
            $0.inner = super.feature
            $0.other = super.feature
        }
    }
}

/// A definition of one context that reads one of another, each traced.
final class AttackTwoContextAssembly: Assembly {
    weak var partner: AttackTwoContextAssembly?
    var outer: AttackBox { define(init: AttackBox("outer")) { $0.inner = self.partner?.inner } }
    var inner: AttackBox { define(init: AttackBox("inner")) }
    var dropping: AttackBox { define(init: self.dropper()) }

    private func dropper() -> AttackBox {
        let box = AttackBox("dropping")
        box.onDeinit = { [weak self] in _ = self?.inner }
        return box
    }
}

/// Singletons of two contexts that need each other's.
final class AttackRaceAssembly: Assembly {
    let made = EdgeCounter()
    nonisolated(unsafe) var partner: DIContext?

    var left: AttackBox {
        define(scope: .lazySingleton, init: self.slow("left")) {
            $0.inner = AttackRaceAssembly.instance(from: self.partner).right
        }
    }
    var right: AttackBox { define(scope: .lazySingleton, init: self.slow("right")) }
    var weakOne: AttackBox { define(scope: .weakSingleton, init: self.slow("weak")) }
    var flag: AttackBox { define(init: AttackBox("real")) }

    private func slow(_ name: String) -> AttackBox {
        made.increment()
        Thread.sleep(forTimeInterval: 0.001)
        return AttackBox(name)
    }
}

/// Chains for small stacks.
final class AttackChainAssembly: Assembly {
    func chain(_ n: Int) -> AttackBox {
        define(key: "chain-\(n)", init: AttackBox("\(n)")) { $0.inner = self.chain(n + 1) }
    }
    func bounded(_ n: Int) -> AttackBox {
        define(key: "bounded-\(n)", init: AttackBox("\(n)")) {
            $0.inner = n > 0 ? self.bounded(n - 1) : nil
        }
    }
    var target: AttackBox { define(init: AttackBox("target")) }
}

/// Cycles and recursion that is no cycle.
final class AttackCycleAssembly: Assembly {
    let made = EdgeCounter()

    func level(_ n: Int) -> AttackBox {
        define(
            key: "level-\(n)", scope: .lazySingleton,
            init: self.counted("\(n)", inner: n > 0 ? self.level(n - 1) : nil))
    }
    var fresh: AttackBox {
        define(scope: .prototype, init: AttackBox("fresh")) { $0.inner = self.graph }
    }
    var graph: AttackBox { define(init: AttackBox("graph")) { $0.inner = self.fresh } }
    var freshInInit: AttackBox {
        define(scope: .prototype, init: AttackBox("fresh", inner: self.graphInInit))
    }
    var graphInInit: AttackBox { define(init: AttackBox("graph", inner: self.freshInInit)) }
    var single: AttackBox {
        define(scope: .lazySingleton, init: self.counted("single")) { $0.inner = self.member }
    }
    var member: AttackBox { define(init: AttackBox("member")) { $0.inner = self.single } }

    private func counted(_ name: String, inner: AttackBox? = nil) -> AttackBox {
        made.increment()
        return AttackBox(name, inner: inner)
    }
}

// MARK: - Tests

@Suite("Attack: the rewritten internals tried as a hostile user would", .serialized)
struct AttackTests {
    // MARK: Re-entry from deinit

    /// Was: the replaced object is let go while `parent`'s init runs, and its deinit's read
    /// joins that read instead of starting one of its own, so it finds `parent` unmade.
    @Test("deinit: an object inject replaced, inside another's init, reads that other")
    func replacedInsideAnInitReadsTheOuterDefinition() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = AttackReentryAssembly.instance(from: DIContext())
                let parent = assembly.parent
                if parent.inner?.name != "replacement" || assembly.budget.value != 1 {
                    edgeWrong("inner \(parent.inner?.name ?? "nil"), \(assembly.budget.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Was: the deinit's read joins the read under way and shares its objects.
    @Test("deinit: an object inject replaced reads a definition in a read of its own")
    func replacedObjectReadsInAReadOfItsOwn() {
        let assembly = AttackReentryAssembly.instance(from: DIContext())
        let result = assembly.swapping
        #expect(assembly.budget.value == 1)
        #expect(result.inner?.name == "shared")
        #expect(assembly.seen.object == nil || assembly.seen.object !== result.inner)
    }

    /// Was (hung): the override's singleton replaces super's in the context's table under
    /// the context's lock, which lets go of super's singleton there; its deinit reads.
    @Test("deinit: super's singleton that an override drops reads a singleton, no hang")
    func droppedSuperSingletonReads() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let ended = attackOnThread {
                    let assembly = AttackNamingStoreAssembly.instance(from: DIContext())
                    let store = assembly.store
                    if store.name != "outer-base" || assembly.store !== store {
                        edgeWrong("store is \(store.name)")
                    }
                }
                if !ended {
                    edgeWrong("hung")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("deinit: replacing a substitution frees its singleton, whose deinit reads the new one")
    func replacedSubstitutionSingletonReads() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let ended = attackOnThread {
                    let assembly = AttackSubstitutionAssembly.instance(from: DIContext())
                    assembly.addSubstitution(for: "kept") {
                        (a: AttackSubstitutionAssembly) -> AttackBox in
                        let box = AttackBox("first")
                        box.onDeinit = { [weak a] in
                            guard let a, a.budget.take(upTo: 1) else {
                                return
                            }
                            a.seen.object = a.kept
                        }
                        return box
                    }
                    _ = assembly.kept
                    assembly.addSubstitution(for: "kept") { AttackBox("second") }
                    if assembly.budget.value != 1 || assembly.seen.object !== assembly.kept
                        || assembly.kept.name != "second"
                    {
                        edgeWrong("deinit saw \(assembly.seen.object.debugDescription)")
                    }
                }
                if !ended {
                    edgeWrong("hung")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("deinit: a key-path substitution added by a deinit at a read's end applies next")
    func keyPathSubstitutionAddedByADeinit() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = AttackSubstitutionAssembly.instance(from: DIContext())
                _ = assembly.leaving
                if assembly.budget.value != 1 || assembly.target.name != "fake" {
                    edgeWrong("target is \(assembly.target.name)")
                }
                assembly.removeSubstitution(for: \.target)
                if assembly.target.name != "target" {
                    edgeWrong("after removal target is \(assembly.target.name)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("deinit: a weakSingleton whose deinit reads itself gets a new one, then another")
    func weakSingletonDeinitReadsItself() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = AttackWeakAssembly.instance(from: DIContext())
                var held: AttackBox? = assembly.phoenix
                if assembly.phoenix !== held {
                    edgeWrong("not shared while held")
                }
                held = nil
                if assembly.budget.value != 1 || assembly.made.value != 2 {
                    edgeWrong("budget \(assembly.budget.value), made \(assembly.made.value)")
                }
                held = assembly.phoenix
                if assembly.made.value != 3 || held == nil {
                    edgeWrong("made \(assembly.made.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("deinit: a traced deinit read at a read's end is a top-level read of its own")
    func tracedDeinitReadIsTopLevel() {
        let log = AttackLog()
        let assembly = AttackTwoContextAssembly.instance(from: DIContext(trace: { log.add($0) }))
        _ = assembly.dropping
        #expect(
            log.lines == [
                "AttackTwoContextAssembly.dropping 0 - made",
                "AttackTwoContextAssembly.inner 0 - made",
            ])
    }

    // MARK: Decorators and spies

    /// Was: the first define a substitute calls of its type is taken for the substitute
    /// (EasyDi's patch), so `b`, read by `a`'s substitute, finds itself as `a`.
    @Test("spy: a substitute reads another definition of its type that reads the substituted")
    func substituteReadsASiblingThatReadsBack() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = AttackPeerAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: "a") { (x: AttackPeerAssembly) in
                    AttackNode("fake", peer: x.b)
                }
                let a = assembly.a
                guard a.name == "fake", let b = a.peer, b.name == "b" else {
                    edgeWrong("a is \(a.name)")
                }
                if b.peer === b {
                    edgeWrong("b.peer is b itself")
                }
                if b.peer !== a {
                    edgeWrong("b.peer is \(b.peer?.name ?? "nil")")
                }
                edgeWorked()
            })
        #expect(
            text.contains("EDGE-WORKS") || text.contains("Wiring: cycle that cannot close"),
            "\(text)")
    }

    /// Was: as above, across contexts: A's original, read by B's spy, finds itself as B's.
    @Test("spy: B's spy reads A's original, whose inject reads B's definition back")
    func crossContextSpyReadBack() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                nonisolated(unsafe) let left = AttackCrossAssembly.instance(from: DIContext())
                let right = AttackCrossAssembly.instance(from: DIContext())
                left.partner = right
                right.addSubstitution(for: "feature") { AttackBox("spy", inner: left.feature) }
                let spy = right.feature
                guard spy.name == "spy", let original = spy.inner else {
                    edgeWrong("spy is \(spy.name)")
                }
                if original.inner === original {
                    edgeWrong("A's original holds itself as B's feature")
                }
                edgeWorked()
            })
        #expect(
            text.contains("EDGE-WORKS") || text.contains("Wiring: cycle that cannot close"),
            "\(text)")
    }

    /// Was: an original read by its substitute was not kept in the graph, so the substitute's
    /// two reads of its objectGraph original gave two originals.
    @Test("spy: a decorator that reads its objectGraph original twice gets one original")
    func decoratorReadsTheOriginalTwice() {
        let assembly = AttackDecorAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.feature) { (d: AttackDecorAssembly) -> AttackBox in
            let spy = AttackBox("spy", inner: d.feature)
            spy.other = d.feature
            return spy
        }
        let spy = assembly.feature
        #expect(spy.inner?.name == "real")
        #expect(spy.inner === spy.other)
    }

    @Test("override: an override that reads super twice gets one object of super's per graph")
    func overrideReadsSuperTwice() {
        let assembly = AttackTwiceOverAssembly.instance(from: DIContext())
        let outer = assembly.feature
        #expect(outer.name == "outer")
        #expect(outer.inner?.name == "middle")
        #expect(outer.inner === outer.other)
        #expect(outer.inner?.inner?.name == "base")
        #expect(outer.inner?.inner === outer.inner?.other)
        #expect(assembly.feature.inner !== outer.inner, "a new read makes a new graph")
    }

    @Test("spy: the originals of two top-level reads are two objects, one per graph")
    func decoratorsOriginalIsOnePerGraph() {
        let assembly = AttackDecorAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.feature) { (d: AttackDecorAssembly) -> AttackBox in
            let spy = AttackBox("spy", inner: d.feature)
            spy.other = d.feature
            return spy
        }
        let first = assembly.feature
        let second = assembly.feature
        #expect(first.inner === first.other)
        #expect(second.inner === second.other)
        #expect(first.inner !== second.inner)
    }

    @Test("spy: a spy on B's definition reads A's, where A's substitute is in place")
    func spyOfAnotherContextsSubstitutedSingleton() {
        nonisolated(unsafe) let left = AttackDecorAssembly.instance(from: DIContext())
        let right = AttackDecorAssembly.instance(from: DIContext())
        left.addSubstitution(for: \.stored) { (d: AttackDecorAssembly) in
            AttackBox("left-spy", inner: d.stored)
        }
        right.addSubstitution(for: \.stored) { AttackBox("right-spy", inner: left.stored) }
        let stored = right.stored
        #expect(stored.name == "right-spy")
        #expect(stored.inner === left.stored)
        #expect(stored.inner?.inner?.name == "stored")
        #expect(right.stored === stored)
    }

    @Test("spy: a substitute of an override that reads super wraps the override, then super")
    func spyOverAnOverride() {
        let assembly = AttackNamingStoreAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "box") { (a: AttackNamingStoreAssembly) in
            AttackBox("spy", inner: a.box)
        }
        let box = assembly.box
        #expect(box.name == "spy")
        #expect(box.inner?.name == "outer")
        #expect(box.inner?.inner?.name == "base")
    }

    // MARK: Key-path substitutions

    /// Was: the second read of the one definition is taken for a second definition.
    @Test("key path: a getter that reads its one definition twice substitutes it")
    func keyPathReadingItsDefinitionTwice() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = AttackKeyPathAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: \.twice) { AttackBox("fake") }
                if assembly.twice.name != "fake" || assembly.primary.name != "fake" {
                    edgeWrong("twice \(assembly.twice.name)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Was: the probe's read joins the read under way and leaves its fake in that graph.
    @Test("key path: added inside a definition before it reads the target, the read keeps it")
    func keyPathAddedBeforeTheReadReadsTheTarget() {
        let assembly = AttackKeyPathAssembly.instance(from: DIContext())
        let pair = assembly.switcher
        #expect(pair.second?.name == "target")
        #expect(assembly.target.name == "fake")
    }

    @Test("key path: a substituted singleton made before gives the same original once removed")
    func keyPathOverAnExistingSingleton() {
        let assembly = AttackKeyPathAssembly.instance(from: DIContext())
        let original = assembly.shared
        assembly.addSubstitution(for: \.shared) { AttackBox("fake") }
        let fake = assembly.shared
        #expect(fake.name == "fake")
        #expect(assembly.shared === fake)
        assembly.removeSubstitution(for: \.shared)
        #expect(assembly.shared === original)
        #expect(assembly.made.value == 1)
    }

    @Test("key path: an optional weakSingleton substituted by nil, then by a held object")
    func keyPathToAnOptionalWeakSingleton() {
        let assembly = AttackKeyPathAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.maybe) { nil }
        #expect(assembly.maybe == nil)
        nonisolated(unsafe) let fake = AttackBox("fake")
        assembly.addSubstitution(for: \.maybe) { fake }
        #expect(assembly.maybe === fake)
        assembly.removeSubstitution(for: \.maybe)
        let real = assembly.maybe
        #expect(real?.name == "maybe")
        #expect(assembly.maybe === real)
        #expect(assembly.made.value == 1)
    }

    // MARK: Substitutions from inside reads

    @Test("substitution: added by name in the middle of a read applies from the next read")
    func byNameInsideARead() {
        let assembly = AttackSubstitutionAssembly.instance(from: DIContext())
        let pair = assembly.byName
        #expect(pair.first?.name == "target")
        #expect(pair.second === pair.first)
        #expect(assembly.target.name == "fake")
    }

    @Test("substitution: a substitute that removes itself gives its object once")
    func substituteRemovesItself() {
        let assembly = AttackSubstitutionAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "target") { (a: AttackSubstitutionAssembly) in
            a.removeSubstitution(for: "target")
            return AttackBox("fake")
        }
        #expect(assembly.target.name == "fake")
        #expect(assembly.target.name == "target")
        #expect(assembly.context.unusedSubstitutions.isEmpty)
    }

    // MARK: Placeholders

    /// Was: a placeholder's name for substitutions is its key, never its property's name, so
    /// the substitution is unused and the read stops: nothing is injected under "view".
    @Test("placeholder: substituted by its property's name when its key is another")
    func placeholderByPropertyName() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let module = AttackModuleAssembly.instance(from: DIContext())
                nonisolated(unsafe) let fake = AttackView()
                module.addSubstitution(for: "screen") { fake }
                if module.presenter.view !== fake || !module.context.unusedSubstitutions.isEmpty {
                    edgeWrong("the presenter's view is not the fake")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("placeholder: substituted by its key and by its key path")
    func placeholderByKeyAndKeyPath() {
        let module = AttackModuleAssembly.instance(from: DIContext())
        nonisolated(unsafe) let fake = AttackView()
        module.addSubstitution(for: "view") { fake }
        #expect(module.presenter.view === fake)
        module.removeSubstitution(for: "view")
        nonisolated(unsafe) let other = AttackView()
        module.addSubstitution(for: \.screen) { other }
        #expect(module.presenter.view === other)
        module.removeSubstitution(for: \.screen)
        let view = AttackView()
        module.inject(into: view)
        #expect(view.presenter?.view === view)
    }

    // MARK: Parameterised definitions without a key

    /// Was: with a `definitionKey:` the key is still the method's name, but the check that
    /// stops a method with arguments and no key compares the two, so item(2) gets item(1)'s.
    @Test("no key: a method with a definitionKey but no key, read twice in a graph")
    func methodWithDefinitionKeyButNoKey() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let pair = AttackArgumentAssembly.instance(from: DIContext()).pair
                if pair.first === pair.second {
                    edgeWrong("item(2) is item(1)'s object")
                }
                edgeWorked()
            })
        #expect(
            text.contains("EDGE-WORKS")
                || text.contains("Wiring: AttackArgumentAssembly.item(_:) is a method"),
            "\(text)")
    }

    @Test("no key: a subscript with no key, read twice in a graph, stops with the message")
    func subscriptWithoutKey() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let pair = AttackArgumentAssembly.instance(from: DIContext()).subscripted
                edgeWrong("no stop: \(pair.first === pair.second ? "shared" : "two objects")")
            })
        #expect(
            text.contains("Wiring: AttackArgumentAssembly.subscript(_:) is a method"), "\(text)")
    }

    // MARK: weakSingleton

    @Test("weak: let go and read again inside one read, it is the same one, made once")
    func weakSingletonKeptByTheRead() {
        let assembly = AttackWeakAssembly.instance(from: DIContext())
        let pair = assembly.twice
        #expect(assembly.made.value == 1)
        #expect(pair.second === assembly.session)
        #expect(assembly.made.value == 1)
    }

    @Test("weak: an inject that returns another object is what is shared while held")
    func weakSingletonInjectReturnsAnother() {
        let assembly = AttackWeakAssembly.instance(from: DIContext())
        let held = assembly.swapped
        #expect(held.name == "returned")
        #expect(assembly.swapped === held)
    }

    @Test("weak: a weakSingleton that reads itself in inject holds itself")
    func weakSingletonReadsItself() {
        let assembly = AttackWeakAssembly.instance(from: DIContext())
        let held = assembly.myself
        #expect(held.inner === held)
        #expect(assembly.myself === held)
        held.inner = nil
    }

    @Test("weak: a weakSingleton of a protocol that a struct gives stops with the message")
    func weakSingletonOfAStructBehindAProtocol() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = AttackWeakAssembly.instance(from: DIContext()).shape
            })
        #expect(text.contains("Wiring: AttackWeakAssembly.shape is a weakSingleton"), "\(text)")
    }

    // MARK: Trace events

    @Test("trace: a decorator's original is a child of its substitute, made, not substituted")
    func traceOfADecorator() {
        let log = AttackLog()
        let assembly = AttackDecorAssembly.instance(from: DIContext(trace: { log.add($0) }))
        assembly.addSubstitution(for: "feature") { (d: AttackDecorAssembly) in
            AttackBox("spy", inner: d.feature)
        }
        _ = assembly.feature
        #expect(
            log.lines == [
                "AttackDecorAssembly.feature 0 - made substituted",
                "AttackDecorAssembly.feature 1 AttackDecorAssembly.feature made",
            ])
    }

    @Test("trace: super's definition is a child of its override")
    func traceOfAnOverride() {
        let log = AttackLog()
        let assembly = AttackTracedOverAssembly.instance(from: DIContext(trace: { log.add($0) }))
        _ = assembly.feature
        #expect(
            log.lines == [
                "AttackTracedOverAssembly.feature 0 - made",
                "AttackTracedOverAssembly.feature 1 AttackTracedOverAssembly.feature made",
            ])
    }

    @Test("trace: a placeholder is found under its injection, in reading order")
    func traceOfAPlaceholder() {
        let log = AttackLog()
        let module = AttackModuleAssembly.instance(from: DIContext(trace: { log.add($0) }))
        module.inject(into: AttackView())
        #expect(
            log.lines == [
                "AttackModuleAssembly.view 0 - made",
                "AttackModuleAssembly.presenter 1 AttackModuleAssembly.view made",
                "AttackModuleAssembly.view 2 AttackModuleAssembly.presenter found",
            ])
    }

    @Test("trace: a read of another context inside a read is told to that context's hook")
    func traceAcrossContexts() {
        let outerLog = AttackLog()
        let innerLog = AttackLog()
        let outer = AttackTwoContextAssembly.instance(
            from: DIContext(trace: { outerLog.add($0) }))
        let inner = AttackTwoContextAssembly.instance(
            from: DIContext(trace: { innerLog.add($0) }))
        outer.partner = inner
        _ = outer.outer
        #expect(outerLog.lines == ["AttackTwoContextAssembly.outer 0 - made"])
        #expect(
            innerLog.lines == [
                "AttackTwoContextAssembly.inner 1 AttackTwoContextAssembly.outer made"
            ])
    }

    @Test("trace: a substituted singleton is made then found, substituted both times")
    func traceOfASubstitutedSingleton() {
        let log = AttackLog()
        let assembly = AttackDecorAssembly.instance(from: DIContext(trace: { log.add($0) }))
        assembly.addSubstitution(for: "stored") { AttackBox("fake") }
        _ = assembly.stored
        _ = assembly.stored
        #expect(
            log.lines == [
                "AttackDecorAssembly.stored 0 - made substituted",
                "AttackDecorAssembly.stored 0 - found substituted",
            ])
    }

    // MARK: Assemblies made inside definitions

    @Test("assemblies: one made with init() inside a definition joins its context and graph")
    func assemblyMadeInsideADefinition() {
        let context = DIContext()
        let host = AttackHostAssembly.instance(from: context)
        let pair = host.host
        #expect(pair.first === pair.second)
        #expect(pair.first?.inner?.name == "shared")
        #expect(host.host.first !== pair.first)
    }

    @Test("assemblies: instance() inside a substitute gives the substituted context's")
    func instanceInsideASubstitute() {
        let context = DIContext()
        let host = AttackHostAssembly.instance(from: context)
        host.addSubstitution(for: "replaced") {
            AttackBox("fake", inner: AttackGuestAssembly.instance().guest)
        }
        let replaced = host.replaced
        #expect(replaced.name == "fake")
        #expect(AttackGuestAssembly.instance().context !== context)
        #expect(replaced.inner?.inner?.name == "shared")
        #expect(AttackGuestAssembly.instance(from: context).host === host)
    }

    // MARK: Overrides

    @Test("override: an objectGraph override wraps super's singleton, one for every read")
    func objectGraphOverrideOverASingleton() {
        let context = DIContext()
        let assembly = AttackFreshOverAssembly.instance(from: context)
        let first = assembly.engine
        let second = assembly.engine
        #expect(first !== second)
        #expect(first.inner === second.inner)
        #expect(first.inner?.name == "engine")
        #expect(AttackSharedBaseAssembly.instance(from: context).engine !== first.inner)
    }

    // MARK: Cycles and recursion

    @Test("recursion: keyed lazySingletons that read lower levels in init are each made once")
    func keyedSingletonRecursion() {
        let assembly = AttackCycleAssembly.instance(from: DIContext())
        let top = assembly.level(4)
        #expect(top.inner?.inner?.inner?.inner?.name == "0")
        #expect(assembly.level(2) === top.inner?.inner)
        #expect(assembly.made.value == 5)
    }

    @Test("recursion: a prototype and an objectGraph reading each other in inject close")
    func prototypeAndGraphInInject() {
        let assembly = AttackCycleAssembly.instance(from: DIContext())
        let fresh = assembly.fresh
        let graph = fresh.inner
        #expect(graph?.name == "graph")
        #expect(graph?.inner !== fresh)
        #expect(graph?.inner?.inner === graph)
    }

    @Test("cycle: a prototype and an objectGraph reading each other in init stop with the path")
    func prototypeAndGraphInInit() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = AttackCycleAssembly.instance(from: DIContext()).freshInInit
            })
        #expect(text.contains("Wiring: cycle that cannot close"), "\(text)")
        #expect(text.contains("AttackCycleAssembly.graphInInit"), "\(text)")
    }

    @Test("cycle: a singleton and an objectGraph reading each other in inject close, once")
    func singletonCycleThroughInject() {
        let assembly = AttackCycleAssembly.instance(from: DIContext())
        let single = assembly.single
        #expect(single.inner?.inner === single)
        #expect(assembly.single === single)
        #expect(assembly.member.inner === single)
        #expect(assembly.made.value == 1)
        single.inner = nil
    }

    // MARK: Threads

    @Test("threads: 8 threads race singletons of two contexts that need each other's")
    func racingSingletonsOfTwoContexts() {
        for _ in 0..<20 {
            let contexts = [DIContext(), DIContext()]
            let assemblies = contexts.map { AttackRaceAssembly.instance(from: $0) }
            assemblies[0].partner = contexts[1]
            assemblies[1].partner = contexts[0]
            let seen = AttackObjects()
            let ended = edgeOnThreads(8) { index in
                let assembly = AttackRaceAssembly.instance(from: contexts[index % 2])
                if index % 4 < 2 {
                    seen.add(assembly.left)
                } else {
                    seen.add(assembly.right)
                }
                assembly.addSubstitution(for: "flag") { AttackBox("fake") }
                _ = assembly.flag
                assembly.removeSubstitution(for: "flag")
            }
            #expect(ended)
            #expect(seen.identities.count == 4)
            #expect(assemblies.map(\.made.value) == [2, 2])
            #expect(assemblies[0].left.inner === assemblies[1].right)
            #expect(assemblies[1].left.inner === assemblies[0].right)
        }
    }

    @Test("threads: 8 threads of two contexts share one weakSingleton per context while held")
    func racingWeakSingletonsOfTwoContexts() {
        let contexts = [DIContext(), DIContext()]
        let assemblies = contexts.map { AttackRaceAssembly.instance(from: $0) }
        let held = AttackObjects()
        let ended = edgeOnThreads(8) { index in
            for _ in 0..<200 {
                held.add(AttackRaceAssembly.instance(from: contexts[index % 2]).weakOne)
            }
        }
        #expect(ended)
        #expect(held.identities.count == 2)
        #expect(assemblies.map(\.made.value) == [1, 1])
    }

    // MARK: Small stacks

    @Test("stack: a key-path substitution and a deinit's read on a 64 KiB stack complete")
    func keyPathAndDeinitOnASmallStack() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let ended = attackOnThread(stackSize: 64 * 1024) {
                    let assembly = AttackSubstitutionAssembly.instance(from: DIContext())
                    _ = assembly.leaving
                    if assembly.target.name != "fake" {
                        edgeWrong("target is \(assembly.target.name)")
                    }
                    let chain = AttackChainAssembly.instance(from: DIContext())
                    chain.addSubstitution(for: \.target) { AttackBox("fake") }
                    if chain.target.name != "fake" {
                        edgeWrong("chain target is \(chain.target.name)")
                    }
                }
                if !ended {
                    edgeWrong("timed out")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("stack: an endless chain read in a task stops with a message, not a crash")
    func endlessChainInATask() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = await Task.detached {
                AttackChainAssembly.instance(from: DIContext()).chain(0).name
            }.value
            edgeWrong("the chain ended")
        }
        let text = edgeText(result)
        #expect(result?.exitStatus != .signal(SIGSEGV), "the stack overflowed")
        #expect(text.contains("Wiring: definitions nested"), "\(text)")
    }

    @Test("stack: a 40-deep traced chain on a 512 KiB stack completes")
    func tracedChainOnAHalfMegabyteStack() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let ended = attackOnThread(stackSize: 512 * 1024) {
                    let log = AttackLog()
                    let chain = AttackChainAssembly.instance(
                        from: DIContext(trace: { log.add($0) }))
                    var box: AttackBox? = chain.bounded(40)
                    var levels = 0
                    while let next = box {
                        levels += 1
                        box = next.inner
                    }
                    if levels != 41 || log.all.count != 41 {
                        edgeWrong("levels \(levels), events \(log.all.count)")
                    }
                }
                if !ended {
                    edgeWrong("timed out")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}

// MARK: Layered reads and trace timing

// Reads that a definition stands in for (a substitute's original, an override's `super`) kept in
// a slot of their own, and trace events told when the top-level read ends.

/// A flag that threads share.
final class Attack2Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false

    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Lines that threads write, in the order they write them.
final class Attack2Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    /// An event as `definition depth parent created`.
    static func line(_ event: DIContext.TraceEvent) -> String {
        "\(event.definition) \(event.depth) \(event.parent ?? "-") "
            + (event.created ? "made" : "found")
    }
}

/// Objects that a deinit keeps.
final class Attack2Kept: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [AttackBox] = []

    var all: [AttackBox] { lock.withLock { objects } }

    func add(_ object: AttackBox) {
        lock.withLock { objects.append(object) }
    }
}

/// A spy that reads what it wraps twice: `inner` and `other` are both what `read` gave.
func attack2Spy(_ name: String, _ read: () -> AttackBox) -> AttackBox {
    let spy = AttackBox(name, inner: read())
    spy.other = read()
    return spy
}

/// One definition of each scope, each counted when made.
final class Attack2ScopesAssembly: Assembly {
    let made = EdgeCounter()

    var stored: AttackBox { define(scope: .lazySingleton, init: self.count("stored")) }
    var held: AttackBox { define(scope: .weakSingleton, init: self.count("held")) }
    var fresh: AttackBox { define(scope: .prototype, init: self.count("fresh")) }
    var pair: AttackPair {
        define(init: AttackPair()) {
            $0.first = self.fresh
            $0.second = self.fresh
        }
    }

    private func count(_ name: String) -> AttackBox {
        made.increment()
        return AttackBox(name)
    }
}

/// Super's inject reads the definition back through `self`, which is the override's.
class Attack2SelfBaseAssembly: Assembly {
    var node: AttackBox { define(init: AttackBox("base")) { $0.other = self.node } }
}

final class Attack2SelfOverAssembly: Attack2SelfBaseAssembly {
    override var node: AttackBox { define(init: AttackBox("outer")) { $0.inner = super.node } }
}

/// A keyed method whose override reads `super` twice, and definitions that read the
/// superclass's method besides the override's, with the same key.
class Attack2KeyedBaseAssembly: Assembly {
    func item(_ n: Int) -> AttackBox { define(key: "item-\(n)", init: AttackBox("base-\(n)")) }
}

final class Attack2KeyedOverAssembly: Attack2KeyedBaseAssembly {
    override func item(_ n: Int) -> AttackBox {
        define(key: "item-\(n)", init: AttackBox("outer-\(n)")) {
            $0.inner = super.item(n)
            $0.other = super.item(n)
        }
    }
    var superFirst: AttackPair {
        define(init: AttackPair()) {
            $0.first = super.item(1)
            $0.second = self.item(1)
        }
    }
    var selfFirst: AttackPair {
        define(init: AttackPair()) {
            $0.first = self.item(2)
            $0.second = super.item(2)
        }
    }
}

/// A weakSingleton override over a lazySingleton of its superclass.
class Attack2LazyBaseAssembly: Assembly {
    let made = EdgeCounter()

    var engine: AttackBox { define(scope: .lazySingleton, init: self.counted()) }

    private func counted() -> AttackBox {
        made.increment()
        return AttackBox("engine")
    }
}

final class Attack2WeakOverAssembly: Attack2LazyBaseAssembly {
    override var engine: AttackBox {
        define(scope: .weakSingleton, init: AttackBox("outer")) { $0.inner = super.engine }
    }
}

/// A substitute's first define of its type (its stand-in) reads the substituted definition
/// back through another one.
final class Attack2StandInAssembly: Assembly {
    var feature: AttackBox { define(init: AttackBox("real")) }
    var spy: AttackBox { define(init: AttackBox("spy")) { $0.inner = self.holder } }
    var holder: AttackBox { define(init: AttackBox("holder")) { $0.inner = self.feature } }
}

/// An original whose inject reads the substituted definition back through another one.
final class Attack2LoopAssembly: Assembly {
    var feature: AttackBox { define(init: AttackBox("real")) { $0.inner = self.user } }
    var user: AttackBox { define(init: AttackBox("user")) { $0.inner = self.feature } }
}

/// A VIPER module whose view a spy may wrap.
final class Attack2View {
    let inner: Attack2View?
    var presenter: Attack2Presenter?

    init(wrapping inner: Attack2View? = nil) {
        self.inner = inner
    }
}

final class Attack2Presenter {
    var view: Attack2View?
}

final class Attack2ModuleAssembly: Assembly {
    func inject(into view: Attack2View) {
        defineInjection(key: "view", into: view) { $0.presenter = self.presenter }
    }
    var view: Attack2View { definePlaceholder() }
    var presenter: Attack2Presenter { define(init: Attack2Presenter()) { $0.view = self.view } }
}

/// Keyed items, read together.
final class Attack2ItemAssembly: Assembly {
    func item(_ n: Int) -> AttackBox { define(key: "item-\(n)", init: AttackBox("\(n)")) }
    var pair: AttackPair {
        define(init: AttackPair()) {
            $0.first = self.item(1)
            $0.second = self.item(2)
        }
    }
}

/// An original whose inject replaces the object it made; the replaced one's deinit reads the
/// definition once.
final class Attack2DyingAssembly: Assembly {
    let budget = EdgeCounter()
    let kept = Attack2Kept()

    var feature: AttackBox { define(init: self.dying()) { _ in return AttackBox("real") } }

    private func dying() -> AttackBox {
        let box = AttackBox("replaced")
        box.onDeinit = { [weak self] in
            guard let self, self.budget.take(upTo: 1) else {
                return
            }
            self.kept.add(self.feature)
        }
        return box
    }
}

/// A read whose graph holds objects that the result does not: one whose deinit reads `late`,
/// and one that inject replaced (the canary).
final class Attack2EndAssembly: Assembly {
    let budget = EdgeCounter()
    var canary: AttackWeak?

    var holder: AttackBox {
        define(init: AttackBox("holder")) { _ in
            _ = self.dropper
            _ = self.replaced
        }
    }
    var dropper: AttackBox { define(init: self.dropping()) }
    var replaced: AttackBox { define(init: self.marked()) { _ in return AttackBox("replacement") } }
    var late: AttackBox { define(init: AttackBox("late")) }

    private func dropping() -> AttackBox {
        let box = AttackBox("dropping")
        box.onDeinit = { [weak self] in
            guard let self, self.budget.take(upTo: 1) else {
                return
            }
            _ = self.late
        }
        return box
    }
    private func marked() -> AttackBox {
        let box = AttackBox("canary")
        canary?.object = box
        return box
    }
}

/// A singleton whose inject adds a key-path substitution, so that the probe's read runs while
/// the singleton is being made.
final class Attack2ProbeAssembly: Assembly {
    /// Set once `single`'s inject has run, if given.
    var injected: Attack2Flag?
    var target: AttackBox { define(init: AttackBox("target")) }
    var single: AttackBox {
        define(scope: .lazySingleton, init: AttackBox("single")) {
            $0.inner = self.switched()
            self.injected?.value = true
        }
    }
    var other: AttackBox { define(scope: .lazySingleton, init: AttackBox("other")) }
    var slow: AttackBox {
        define(scope: .lazySingleton, init: AttackBox("slow")) { $0.inner = self.other }
    }

    private func switched() -> AttackBox {
        addSubstitution(for: \.target) { AttackBox("fake") }
        return target
    }
}

/// Definitions of two contexts that read each other's.
final class Attack2DuetAssembly: Assembly {
    weak var partner: Attack2DuetAssembly?

    var outer: AttackBox {
        define(init: AttackBox("outer")) {
            $0.inner = self.partner?.middle
            $0.other = self.after
        }
    }
    var middle: AttackBox { define(init: AttackBox("middle")) { $0.inner = self.partner?.after } }
    var after: AttackBox { define(init: AttackBox("after")) }
}

/// A definition that a trace hook reads too.
final class Attack2HookAssembly: Assembly {
    var parent: AttackBox { define(init: AttackBox("parent")) { $0.inner = self.shared } }
    var shared: AttackBox { define(init: AttackBox("shared")) }
}

/// Holds an assembly weakly, for a hook made before it.
final class Attack2HookRef: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Attack2HookAssembly?

    var assembly: Attack2HookAssembly? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A slow singleton that threads race for while traced.
final class Attack2RaceAssembly: Assembly {
    let made = EdgeCounter()

    var single: AttackBox {
        define(scope: .lazySingleton, init: self.slow()) { $0.inner = self.part }
    }
    var part: AttackBox { define(init: AttackBox("part")) }

    private func slow() -> AttackBox {
        made.increment()
        Thread.sleep(forTimeInterval: 0.02)
        return AttackBox("single")
    }
}

extension AttackTests {
    // MARK: Layered reads

    @Test("layered: a spy reading its original twice over three overrides that read super twice")
    func spyOverAChainOfOverridesTraced() {
        let log = AttackLog()
        let assembly = AttackTwiceOverAssembly.instance(from: DIContext(trace: { log.add($0) }))
        assembly.addSubstitution(for: "feature") { (a: AttackTwiceOverAssembly) in
            attack2Spy("spy") { a.feature }
        }
        let spy = assembly.feature
        let outer = spy.inner
        let middle = outer?.inner
        #expect(spy.name == "spy")
        #expect(spy.inner === spy.other)
        #expect(outer?.name == "outer")
        #expect(outer?.inner === outer?.other)
        #expect(middle?.name == "middle")
        #expect(middle?.inner === middle?.other)
        #expect(middle?.inner?.name == "base")
        let f = "AttackTwiceOverAssembly.feature"
        #expect(
            log.lines == [
                "\(f) 0 - made substituted", "\(f) 1 \(f) made", "\(f) 2 \(f) made",
                "\(f) 3 \(f) made", "\(f) 3 \(f) found", "\(f) 2 \(f) found", "\(f) 1 \(f) found",
            ])
    }

    @Test("layered: a lazySingleton's spy reads one original, the one that removal restores")
    func spyOfALazySingleton() {
        let assembly = Attack2ScopesAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "stored") { (a: Attack2ScopesAssembly) in
            attack2Spy("spy") { a.stored }
        }
        let spy = assembly.stored
        #expect(spy.name == "spy")
        #expect(assembly.stored === spy)
        #expect(spy.inner === spy.other)
        #expect(spy.inner?.name == "stored")
        assembly.removeSubstitution(for: "stored")
        #expect(assembly.stored === spy.inner)
        #expect(assembly.made.value == 1)
    }

    @Test("layered: a weakSingleton's spy is shared while held, and removal gives its original")
    func spyOfAWeakSingleton() {
        let assembly = Attack2ScopesAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "held") { (a: Attack2ScopesAssembly) in
            attack2Spy("spy") { a.held }
        }
        let spy = assembly.held
        #expect(assembly.held === spy)
        #expect(spy.inner === spy.other)
        #expect(spy.inner?.name == "held")
        assembly.removeSubstitution(for: "held")
        #expect(assembly.held === spy.inner)
        #expect(assembly.made.value == 1)
    }

    @Test("layered: a prototype's spy reads a new original on every read, as a prototype")
    func spyOfAPrototype() {
        let assembly = Attack2ScopesAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "fresh") { (a: Attack2ScopesAssembly) in
            attack2Spy("spy") { a.fresh }
        }
        let pair = assembly.pair
        #expect(pair.first?.name == "spy")
        #expect(pair.first !== pair.second)
        #expect(pair.first?.inner?.name == "fresh")
        #expect(pair.first?.inner !== pair.first?.other)
        #expect(pair.first?.inner !== pair.second?.inner)
        #expect(assembly.made.value == 4)
    }

    @Test("layered: super's inject that reads the definition through self gets the override's")
    func superReadsTheOverrideBackInInject() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let outer = Attack2SelfOverAssembly.instance(from: DIContext()).node
                guard outer.name == "outer", let base = outer.inner, base.name == "base" else {
                    edgeWrong("node is \(outer.name), inner \(outer.inner?.name ?? "nil")")
                }
                if base.other !== outer {
                    edgeWrong("base.other is \(base.other?.name ?? "nil"), not the override's")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("layered: super.item(n) read beside the override's item(n) does not take its place")
    func superOfAKeyedMethodBesideTheOverride() {
        let assembly = Attack2KeyedOverAssembly.instance(from: DIContext())
        let item = assembly.item(3)
        #expect(item.name == "outer-3")
        #expect(item.inner === item.other)
        #expect(item.inner?.name == "base-3")
        let superFirst = assembly.superFirst
        let selfFirst = assembly.selfFirst
        #expect(superFirst.first?.name == "base-1")
        #expect(superFirst.second?.name == "outer-1")
        #expect(selfFirst.first?.name == "outer-2")
        #expect(selfFirst.second?.name == "base-2")
    }

    @Test("layered: super's lazySingleton under a weakSingleton override is made once")
    func lazySuperUnderAWeakOverride() {
        let assembly = Attack2WeakOverAssembly.instance(from: DIContext())
        let first = AttackWeak()
        var held: AttackBox? = assembly.engine
        first.object = held?.inner
        #expect(held?.inner?.name == "engine")
        #expect(assembly.engine === held)
        held = nil
        let again = assembly.engine
        #expect(assembly.made.value == 1)
        #expect(first.object != nil && again.inner === first.object)
    }

    @Test("layered: the original read after the substitute's stand-in was read back")
    func originalAfterTheStandInWasReadBack() {
        let assembly = Attack2StandInAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "feature") { (a: Attack2StandInAssembly) -> AttackBox in
            let spy = a.spy
            spy.other = a.feature
            spy.inner?.other = a.feature
            return spy
        }
        let spy = assembly.feature
        #expect(spy.name == "spy")
        #expect(spy.inner?.name == "holder")
        #expect(spy.inner?.inner === spy)
        #expect(spy.other?.name == "real")
        #expect(spy.inner?.other === spy.other)
        spy.inner = nil
    }

    /// It stopped with "cycle that cannot close" before: the user's read of the feature went to
    /// the spy, still running. The original's own reads of itself now get the original, as a
    /// direct read of itself from its `inject:` does (Substitutions.md).
    @Test("layered: an original whose inject reads itself through another gets itself under a spy")
    func originalReadsItselfThroughAnotherUnderASpy() {
        let assembly = Attack2LoopAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "feature") { (a: Attack2LoopAssembly) in
            AttackBox("spy", inner: a.feature)
        }
        let spy = assembly.feature
        #expect(spy.name == "spy")
        #expect(spy.inner?.name == "real")
        #expect(spy.inner?.inner?.name == "user")
        #expect(spy.inner?.inner?.inner === spy.inner)
        spy.inner?.inner = nil
    }

    @Test("layered: a placeholder's spy wraps the view injected in the same read")
    func spyOfAPlaceholder() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let module = Attack2ModuleAssembly.instance(from: DIContext())
                module.addSubstitution(for: "view") { (m: Attack2ModuleAssembly) in
                    Attack2View(wrapping: m.view)
                }
                let view = Attack2View()
                module.inject(into: view)
                guard let seen = view.presenter?.view else {
                    edgeWrong("the presenter has no view")
                }
                if seen === view || seen.inner !== view {
                    edgeWrong("the presenter's view is not a spy of the injected view")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("layered: a key-path spy whose getter is an override wraps the override, then super")
    func keyPathSpyOfAnOverride() {
        let assembly = AttackTracedOverAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.feature) { (a: AttackTracedOverAssembly) in
            attack2Spy("spy") { a.feature }
        }
        let spy = assembly.feature
        #expect(spy.name == "spy")
        #expect(spy.inner === spy.other)
        #expect(spy.inner?.name == "outer")
        #expect(spy.inner?.inner?.name == "base")
        #expect(assembly.context.unusedSubstitutions.isEmpty)
        assembly.removeSubstitution(for: \.feature)
        #expect(assembly.feature.name == "outer")
    }

    @Test("layered: a spy of one key of a method reads its original twice and another key once")
    func spyOfOneKeyOfAMethod() {
        let assembly = Attack2ItemAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "item-1") { (a: Attack2ItemAssembly) -> AttackBox in
            let spy = AttackBox("spy", inner: a.item(1))
            spy.inner?.other = a.item(1)
            spy.other = a.item(2)
            return spy
        }
        let pair = assembly.pair
        #expect(pair.first?.name == "spy")
        #expect(pair.first?.inner?.name == "1")
        #expect(pair.first?.inner?.other === pair.first?.inner)
        #expect(pair.second?.name == "2")
        #expect(pair.first?.other === pair.second)
        pair.first?.inner?.other = nil
    }

    @Test("layered: spies of two contexts read their own originals and one of the other's")
    func spiesOfTwoContexts() {
        nonisolated(unsafe) let left = AttackDecorAssembly.instance(from: DIContext())
        let right = AttackDecorAssembly.instance(from: DIContext())
        left.addSubstitution(for: "feature") { (d: AttackDecorAssembly) in
            attack2Spy("left-spy") { d.feature }
        }
        right.addSubstitution(for: "feature") { (d: AttackDecorAssembly) -> AttackBox in
            let spy = attack2Spy("right-spy") { d.feature }
            spy.inner?.inner = left.feature
            spy.inner?.other = left.feature
            return spy
        }
        let spy = right.feature
        let original = spy.inner
        #expect(spy.name == "right-spy")
        #expect(original === spy.other)
        #expect(original?.name == "real")
        #expect(original?.inner?.name == "left-spy")
        #expect(original?.inner === original?.other)
        #expect(original?.inner?.inner?.name == "real")
        #expect(original?.inner?.inner === original?.inner?.other)
        #expect(original?.inner?.inner !== original)
    }

    @Test("layered: a replaced original's deinit at the read's end reads a new spy and original")
    func replacedOriginalsDeinitReadsTheSpy() {
        let assembly = Attack2DyingAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "feature") { (a: Attack2DyingAssembly) in
            attack2Spy("spy") { a.feature }
        }
        let spy = assembly.feature
        let kept = assembly.kept.all
        #expect(spy.name == "spy")
        #expect(spy.inner === spy.other)
        #expect(spy.inner?.name == "real")
        #expect(assembly.budget.value == 1)
        #expect(kept.count == 1)
        #expect(kept.first?.name == "spy")
        #expect(kept.first !== spy)
        #expect(kept.first?.inner?.name == "real")
        #expect(kept.first?.inner === kept.first?.other)
        #expect(kept.first?.inner !== spy.inner)
    }

    // MARK: Trace timing

    @Test("timing: a read's events are told after its graph is let go, a deinit's read after")
    func eventsToldAfterTheGraphIsLetGo() {
        let canary = AttackWeak()
        let told = EdgeCounter()
        let early = EdgeCounter()
        let log = AttackLog()
        let context = DIContext(trace: { event in
            log.add(event)
            if event.definition.hasSuffix(".holder") {
                told.increment()
                if canary.object != nil {
                    early.increment()
                }
            }
        })
        let assembly = Attack2EndAssembly.instance(from: context)
        assembly.canary = canary
        _ = assembly.holder
        #expect(assembly.budget.value == 1)
        #expect(told.value == 1)
        let h = "Attack2EndAssembly.holder"
        #expect(
            log.lines == [
                "\(h) 0 - made", "Attack2EndAssembly.dropper 1 \(h) made",
                "Attack2EndAssembly.replaced 1 \(h) made", "Attack2EndAssembly.late 0 - made",
            ])
        #expect(
            early.value == 0, "holder's event was told while its graph still held the canary")
    }

    @Test("timing: a key-path probe inside a singleton's read does not tell the read's events")
    func probeInsideASingletonTellsNoOuterEvents() {
        let injected = Attack2Flag()
        let early = Attack2Lines()
        let log = AttackLog()
        let context = DIContext(trace: { event in
            log.add(event)
            if !injected.value {
                early.add(Attack2Lines.line(event))
            }
        })
        let assembly = Attack2ProbeAssembly.instance(from: context)
        assembly.injected = injected
        let single = assembly.single
        #expect(single.inner?.name == "target")
        #expect(assembly.target.name == "fake")
        #expect(log.lines.contains("Attack2ProbeAssembly.single 0 - made"))
        #expect(early.all.isEmpty, "told while the singleton was being made: \(early.all)")
    }

    @Test("timing: a hook told inside a probe does not hold up another thread's singleton")
    func probeInsideASingletonHoldsNoLock() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let elsewhere = DIContext()
                let context = DIContext(trace: { event in
                    guard event.definition.hasSuffix(".single"), event.created else {
                        return
                    }
                    let done = DispatchSemaphore(value: 0)
                    Thread {
                        _ = Attack2ProbeAssembly.instance(from: elsewhere).other
                        done.signal()
                    }.start()
                    if done.wait(timeout: .now() + hangLimit) == .timedOut {
                        edgeWrong("another thread's singleton waited for the hook")
                    }
                })
                _ = Attack2ProbeAssembly.instance(from: context).single
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("timing: hooks of two contexts in one read hear the events in reading order")
    func hooksOfTwoContextsInReadingOrder() {
        let lines = Attack2Lines()
        let left = Attack2DuetAssembly.instance(
            from: DIContext(trace: { lines.add("L " + Attack2Lines.line($0)) }))
        let right = Attack2DuetAssembly.instance(
            from: DIContext(trace: { lines.add("R " + Attack2Lines.line($0)) }))
        left.partner = right
        right.partner = left
        let outer = left.outer
        #expect(outer.inner?.inner === outer.other)
        let d = "Attack2DuetAssembly"
        #expect(
            lines.all == [
                "L \(d).outer 0 - made", "R \(d).middle 1 \(d).outer made",
                "L \(d).after 2 \(d).middle made", "L \(d).after 1 \(d).outer found",
            ])
    }

    @Test("timing: a hook that reads a definition makes a top-level read of its own")
    func hookThatReads() {
        let ref = Attack2HookRef()
        let kept = Attack2Kept()
        let lines = Attack2Lines()
        let context = DIContext(trace: { event in
            lines.add(Attack2Lines.line(event))
            if event.definition.hasSuffix(".parent"), let assembly = ref.assembly {
                kept.add(assembly.shared)
            }
        })
        let assembly = Attack2HookAssembly.instance(from: context)
        ref.assembly = assembly
        let parent = assembly.parent
        let a = "Attack2HookAssembly"
        #expect(kept.all.count == 1)
        #expect(kept.all.first !== parent.inner)
        #expect(
            lines.all.sorted() == [
                "\(a).parent 0 - made", "\(a).shared 0 - made", "\(a).shared 1 \(a).parent made",
            ])
        #expect(lines.all.first == "\(a).parent 0 - made")
    }

    @Test("timing: a slow hook does not hold up another thread's singleton")
    func slowHookHoldsNothingUp() {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let context = DIContext(trace: { event in
            if event.definition.hasSuffix(".slow"), event.created {
                started.signal()
                _ = release.wait(timeout: .now() + holdLimit)
            }
        })
        let reader = DispatchSemaphore(value: 0)
        Thread {
            _ = Attack2ProbeAssembly.instance(from: context).slow
            reader.signal()
        }.start()
        #expect(started.wait(timeout: .now() + hangLimit) == .success)
        let elsewhere = DIContext()
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = Attack2ProbeAssembly.instance(from: elsewhere).slow
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + hangLimit) == .success, "waited for a hook")
        release.signal()
        #expect(reader.wait(timeout: .now() + hangLimit) == .success)
    }

    @Test("timing: 8 threads race a traced singleton; one made event, each told on its reader")
    func racingATracedSingleton() {
        let lines = Attack2Lines()
        let context = DIContext(trace: { event in
            lines.add("\(pthread_self()) " + Attack2Lines.line(event))
        })
        let assembly = Attack2RaceAssembly.instance(from: context)
        let readers = Attack2Lines()
        let ended = edgeOnThreads(8) { _ in
            readers.add("\(pthread_self())")
            _ = Attack2RaceAssembly.instance(from: context).single
        }
        #expect(ended)
        #expect(assembly.made.value == 1)
        let all = lines.all
        let r = "Attack2RaceAssembly"
        let ofSingle = all.filter { $0.split(separator: " ")[1] == "\(r).single" }
        #expect(ofSingle.count == 8)
        #expect(ofSingle.filter { $0.hasSuffix(" made") }.count == 1)
        #expect(all.filter { $0.hasSuffix("\(r).part 1 \(r).single made") }.count == 1)
        #expect(Set(ofSingle.map { $0.split(separator: " ")[0] }).count == 8)
        #expect(
            Set(ofSingle.map { String($0.split(separator: " ")[0]) }) == Set(readers.all))
    }
}
