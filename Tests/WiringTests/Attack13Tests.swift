import Foundation
import Testing
import Wiring

// Round 13: the four latest fixes (a singleton under way found by a key-path probe's read, the
// cycle message cut at the slot asked for again, the method-shaped key check, key-path
// substitutions kept to their own property) and their neighbourhood. Cases that may stop the
// process run in a child (an exit test) with EdgeTests' helpers: EDGE-WORKS when the library did
// what the docs promise, EDGE-WRONG for a silent wrong result, else a Wiring: stop.

// MARK: - Fixtures

/// A named box that may hold two others and runs `onDeinit` when it goes.
final class Attack13Box: @unchecked Sendable {
    let name: String
    var inner: Attack13Box?
    var other: Attack13Box?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack13Box? = nil, other: Attack13Box? = nil) {
        self.name = name
        self.inner = inner
        self.other = other
    }

    deinit {
        onDeinit?()
    }
}

/// A box held strongly, thread-safely: what a substitute or a deinit saw.
final class Attack13Held: @unchecked Sendable {
    private let lock = NSLock()
    private var held: Attack13Box?

    var box: Attack13Box? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
}

/// A context that deinits read from, apart from the contexts the tests let go.
let attack13Side = DIContext()

/// A weakSingleton whose inject switches `client` by key path; the switch's substitute reads it.
final class Attack13WeakProbeAssembly: Assembly {
    let made = EdgeCounter()
    let seen = Attack13Held()

    var store: Attack13Box {
        define(scope: .weakSingleton, init: made.counting(Attack13Box("store"))) { _ in
            self.addSubstitution(for: \.client) {
                [seen = self.seen] (a: Attack13WeakProbeAssembly) in
                let store = a.store
                seen.box = store
                return Attack13Box("fake", inner: store)
            }
        }
    }
    var client: Attack13Box { define(init: Attack13Box("client")) }
}

/// One type in two contexts: the first one's singleton switches the peer's `client`, whose
/// substitute reads both contexts' singletons.
final class Attack13PairAssembly: Assembly {
    let made = EdgeCounter()
    var peer: Attack13PairAssembly?

    var store: Attack13Box {
        define(scope: .lazySingleton, init: made.counting(Attack13Box("store"))) { _ in
            guard let peer = self.peer else {
                return
            }
            nonisolated(unsafe) weak let me = self
            peer.addSubstitution(for: \.client) { (there: Attack13PairAssembly) in
                Attack13Box("fake", inner: me?.store, other: there.store)
            }
        }
    }
    var client: Attack13Box { define(init: Attack13Box("client")) }
}

/// A singleton whose inject substitutes itself by key path with a wrapper of the original.
final class Attack13SelfProbeAssembly: Assembly {
    let made = EdgeCounter()
    let wrapped = EdgeCounter()
    var switched = false

    var store: Attack13Box {
        define(scope: .lazySingleton, init: made.counting(Attack13Box("store"))) { _ in
            if self.switched {
                return
            }
            self.switched = true
            self.addSubstitution(for: \.store) {
                [wrapped = self.wrapped] (a: Attack13SelfProbeAssembly) in
                wrapped.increment()
                return Attack13Box("wrap", inner: a.store)
            }
        }
    }
}

/// A singleton whose inject adds a key-path substitution whose substitute adds another, whose
/// substitute reads the singleton: a probe inside a probe.
final class Attack13NestedProbeAssembly: Assembly {
    let made = EdgeCounter()
    let seen = Attack13Held()
    var switched = false

    var store: Attack13Box {
        define(scope: .lazySingleton, init: made.counting(Attack13Box("store"))) { _ in
            if self.switched {
                return
            }
            self.switched = true
            self.addSubstitution(for: \.client) {
                [seen = self.seen] (a: Attack13NestedProbeAssembly) in
                a.addSubstitution(for: \.helper) { (b: Attack13NestedProbeAssembly) in
                    let store = b.store
                    seen.box = store
                    return Attack13Box("fake-helper", inner: store)
                }
                return Attack13Box("fake-client")
            }
        }
    }
    var client: Attack13Box { define(init: Attack13Box("client")) }
    var helper: Attack13Box { define(init: Attack13Box("helper")) }
}

/// A singleton whose probe's substitute tells another thread it runs, then sleeps.
final class Attack13WaitAssembly: Assembly {
    let made = EdgeCounter()
    let inProbe = DispatchSemaphore(value: 0)

    var store: Attack13Box {
        define(scope: .lazySingleton, init: made.counting(Attack13Box("store"))) { _ in
            self.addSubstitution(for: \.client) {
                [inProbe = self.inProbe] (a: Attack13WaitAssembly) in
                inProbe.signal()
                Thread.sleep(forTimeInterval: 0.3)
                return Attack13Box("fake", inner: a.store)
            }
        }
    }
    var client: Attack13Box { define(init: Attack13Box("client")) }
}

/// A singleton whose init (not inject) switches `client`, whose substitute reads the singleton.
final class Attack13InitProbeAssembly: Assembly {
    var store: Attack13Box { define(scope: .lazySingleton, init: makeStore()) }
    var client: Attack13Box { define(init: Attack13Box("client")) }

    func makeStore() -> Attack13Box {
        addSubstitution(for: \.client) { (a: Attack13InitProbeAssembly) in
            Attack13Box("fake", inner: a.store)
        }
        return Attack13Box("store")
    }
}

/// A singleton whose probe's substitute makes an object whose deinit, at the end of the probe's
/// read, reads the singleton.
final class Attack13DeinitProbeAssembly: Assembly {
    let made = EdgeCounter()
    let seen = Attack13Held()
    var switched = false

    var store: Attack13Box {
        define(scope: .lazySingleton, init: made.counting(Attack13Box("store"))) { _ in
            if self.switched {
                return
            }
            self.switched = true
            self.addSubstitution(for: \.client) {
                [seen = self.seen] (a: Attack13DeinitProbeAssembly) in
                let context = a.context
                let fake = Attack13Box("fake")
                fake.onDeinit = {
                    seen.box = Attack13DeinitProbeAssembly.instance(from: context).store
                }
                return fake
            }
        }
    }
    var client: Attack13Box { define(init: Attack13Box("client")) }
}

/// The substituted singleton case: `store`'s substitute is the define `fake`, which stands in
/// for it and whose inject switches `client`, whose substitute reads `store`.
final class Attack13SubstituteProbeAssembly: Assembly {
    let original = EdgeCounter()
    let fakes = EdgeCounter()
    let seen = Attack13Held()

    var store: Attack13Box {
        define(scope: .lazySingleton, init: original.counting(Attack13Box("store")))
    }
    var fake: Attack13Box {
        define(init: fakes.counting(Attack13Box("fake-store"))) { _ in
            self.addSubstitution(for: \.client) {
                [seen = self.seen] (a: Attack13SubstituteProbeAssembly) in
                let store = a.store
                seen.box = store
                return Attack13Box("fake-client", inner: store)
            }
        }
    }
    var client: Attack13Box { define(init: Attack13Box("client")) }
}

/// An objectGraph definition whose inject switches `client`; the substitute reads it.
final class Attack13GraphProbeAssembly: Assembly {
    let made = EdgeCounter()
    let seen = Attack13Held()
    var switched = false

    var root: Attack13Box {
        define(init: made.counting(Attack13Box("root"))) { _ in
            if self.switched {
                return
            }
            self.switched = true
            self.addSubstitution(for: \.client) {
                [seen = self.seen] (a: Attack13GraphProbeAssembly) in
                seen.box = a.root
                return Attack13Box("fake")
            }
        }
    }
    var client: Attack13Box { define(init: Attack13Box("client")) }
}

/// An injection whose inject switches `client`; the substitute reads the placeholder.
final class Attack13PlaceholderProbeAssembly: Assembly {
    let seen = Attack13Held()

    func inject(into view: Attack13Box) {
        defineInjection(key: "view", into: view) { _ in
            self.addSubstitution(for: \.client) {
                [seen = self.seen] (a: Attack13PlaceholderProbeAssembly) in
                seen.box = a.view
                return Attack13Box("fake")
            }
        }
    }
    var view: Attack13Box { definePlaceholder() }
    var client: Attack13Box { define(init: Attack13Box("client")) }
}

/// `top` reads `a`; `b`'s init reads `a`; `early`'s init reads `a`; `late`'s inject reads `a`.
final class Attack13SubCycleAssembly: Assembly {
    var top: Attack13Box { define(init: Attack13Box("top", inner: self.a)) }
    var a: Attack13Box { define(init: Attack13Box("a")) }
    var b: Attack13Box { define(init: Attack13Box("b", inner: self.a)) }
    var early: Attack13Box { define(init: Attack13Box("early", inner: self.a)) }
    var late: Attack13Box { define(init: Attack13Box("late")) { $0.inner = self.a } }
}

/// A base whose `service` reads `helper`, whose init reads the base's `service` again.
class Attack13CycleBase: Assembly {
    var service: Attack13Box { define(init: Attack13Box("base", inner: self.helper)) }
    var helper: Attack13Box { define(init: Attack13Box("helper", inner: self.baseService)) }
    var baseService: Attack13Box { service }
}

/// Overrides `service`, reading `super` in inject; `baseService` gives the base's definition.
final class Attack13CycleSub: Attack13CycleBase {
    override var service: Attack13Box {
        define(init: Attack13Box("sub")) { $0.inner = super.service }
    }
    override var baseService: Attack13Box { super.service }
}

/// Keys shaped like method names, given or not.
final class Attack13KeyShapeAssembly: Assembly {
    func item(_ n: Int) -> Attack13Box {
        define(definitionKey: "item", scope: .lazySingleton, init: Attack13Box("item-\(n)"))
    }
    subscript(n: Int) -> Attack13Box {
        define(scope: .lazySingleton, init: Attack13Box("sub-\(n)"))
    }
    subscript(keyed n: Int) -> Attack13Box {
        define(key: "keyed-\(n)", scope: .lazySingleton, init: Attack13Box("keyed-\(n)"))
    }
    var loader: Attack13Box {
        define(key: "load(from:)", scope: .lazySingleton, init: Attack13Box("loader"))
    }
}

/// An injection without `key:` and a placeholder keyed by the injecting method's name.
final class Attack13KeylessViewAssembly: Assembly {
    func inject(into view: Attack13Box) {
        defineInjection(into: view) { $0.inner = self.presenter }
    }
    var view: Attack13Box { definePlaceholder(key: "inject(into:)") }
    var presenter: Attack13Box { define(init: Attack13Box("presenter")) { $0.inner = self.view } }
}

/// A screen that injects two views of one key in its read.
final class Attack13TwoViewsAssembly: Assembly {
    @discardableResult func inject(into view: Attack13Box) -> Attack13Box {
        defineInjection(key: "view", into: view) { $0.inner = self.presenter }
    }
    var view: Attack13Box { definePlaceholder() }
    var presenter: Attack13Box { define(init: Attack13Box("presenter")) { $0.other = self.view } }
    var screen: Attack13Box {
        define(init: Attack13Box("screen")) {
            $0.inner = self.inject(into: Attack13Box("left"))
            $0.other = self.inject(into: Attack13Box("right"))
        }
    }
}

/// `service` with a key other than its name, overridden below; `alias` keyed by that name.
class Attack13SvcBase: Assembly {
    var service: Attack13Box { define(key: "svc", init: Attack13Box("base")) }
    var alias: Attack13Box { define(key: "service", init: Attack13Box("alias")) }
}

final class Attack13SvcSub: Attack13SvcBase {
    override var service: Attack13Box {
        define(key: "svc", init: Attack13Box("sub", inner: super.service))
    }
}

/// Two properties that give one `definitionKey:`.
final class Attack13SharedNameAssembly: Assembly {
    var service: Attack13Box { define(definitionKey: "svc", init: Attack13Box("service")) }
    var backup: Attack13Box { define(definitionKey: "svc", init: Attack13Box("backup")) }
}

/// A subscript with a key built from its index.
final class Attack13ShelfAssembly: Assembly {
    subscript(n: Int) -> Attack13Box { define(key: "slot-\(n)", init: Attack13Box("slot-\(n)")) }
}

/// A key that depends on state, and another property keyed by the first one's name.
final class Attack13RegionAssembly: Assembly {
    var region = "eu"
    var endpoint: Attack13Box {
        define(key: "endpoint-\(region)", init: Attack13Box("endpoint-\(region)"))
    }
    var legacy: Attack13Box { define(key: "endpoint", init: Attack13Box("legacy")) }
}

/// Singletons whose deinit reads another context, for contexts let go while other threads read.
final class Attack13LifeAssembly: Assembly {
    static let made = EdgeCounter()
    static let gone = EdgeCounter()

    var store: Attack13Box {
        define(scope: .lazySingleton, init: Attack13LifeAssembly.made.counting(Attack13Box("s"))) {
            $0.inner = self.part
            $0.onDeinit = {
                Attack13LifeAssembly.gone.increment()
                _ = Attack13LifeAssembly.instance(from: attack13Side).part
            }
        }
    }
    var part: Attack13Box {
        define(init: Attack13Box("part")) { _ in Thread.sleep(forTimeInterval: 0.0002) }
    }
    var weakOne: Attack13Box { define(scope: .weakSingleton, init: Attack13Box("weak")) }
}

/// A weak reference to an assembly that other threads may take a strong one from.
final class Attack13WeakAssembly: @unchecked Sendable {
    private let lock = NSLock()
    private weak var held: Attack13LifeAssembly?

    var value: Attack13LifeAssembly? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
}

// MARK: - Tests

@Suite("Attack 13")
struct Attack13Tests {
    // MARK: 1. A singleton under way, found by a key-path probe's read

    /// ScopesAndGraphs.md: "Each singleton is made exactly once per context"; README: a
    /// weakSingleton is "shared while someone else holds it". The probe's substitute reads a
    /// weakSingleton that is being made: it must get that object, not a second one.
    @Test("probe: a weakSingleton under way is found by its inject's key-path probe")
    func weakSingletonUnderWayFoundByProbe() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13WeakProbeAssembly.instance(from: DIContext())
            let store = assembly.store
            let client = assembly.client
            if assembly.made.value != 1 || assembly.seen.box !== store || client.inner !== store
                || assembly.store !== store
            {
                edgeWrong(
                    "made \(assembly.made.value); probe saw it: \(assembly.seen.box === store); "
                        + "client has it: \(client.inner === store)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// ScopesAndGraphs.md: singletons are made "exactly once per context"; README: a context
    /// "owns singletons". One assembly type in two contexts: the first one's singleton, under
    /// way, is read by a probe on the peer context, whose substitute also reads the peer's own.
    @Test("probe: singletons of two contexts, one under way, each made once, kept apart")
    func probeAcrossTwoContexts() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let first = Attack13PairAssembly.instance(from: DIContext())
            let second = Attack13PairAssembly.instance(from: DIContext())
            first.peer = second
            let mine = first.store
            let fake = second.client
            let theirs = second.store
            if first.made.value != 1 || second.made.value != 1 || mine === theirs
                || fake.name != "fake" || fake.inner !== mine || fake.other !== theirs
            {
                edgeWrong(
                    "made \(first.made.value)/\(second.made.value), fake \(fake.name), "
                        + "inner mine \(fake.inner === mine), other theirs \(fake.other === theirs)"
                )
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: "A substituted singleton is one substitute object per context, owned by
    /// the substitution"; "Read from inside its own substitute, a definition gives the original";
    /// "a singleton keeps the object the substitute made"; "Removing the substitution restores the
    /// original definition together with its singleton". The singleton substitutes itself, by
    /// key path, from its own inject: the wrapper wraps the one original, made once.
    @Test("probe: a singleton substitutes itself from its inject; the wrap holds the original")
    func singletonWrapsItselfFromItsInject() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13SelfProbeAssembly.instance(from: DIContext())
            let original = assembly.store
            let wrap = assembly.store
            let again = assembly.store
            assembly.removeSubstitution(for: \.store)
            let restored = assembly.store
            if original.name != "store" || wrap.name != "wrap" || wrap.inner !== original
                || again !== wrap || assembly.made.value != 1 || assembly.wrapped.value != 1
                || restored !== original
            {
                edgeWrong(
                    "first \(original.name), then \(wrap.name) wrapping the first "
                        + "\(wrap.inner === original), same again \(again === wrap), made "
                        + "\(assembly.made.value), wrapped \(assembly.wrapped.value), restored "
                        + "\(restored === original)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// README: "A singleton is made exactly once per context". A probe whose substitute adds a
    /// second key-path substitution, whose probe reads the singleton under way.
    @Test("probe: nested probes find the singleton under way")
    func nestedProbesFindTheSingleton() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13NestedProbeAssembly.instance(from: DIContext())
            let store = assembly.store
            let helper = assembly.helper
            if assembly.made.value != 1 || assembly.seen.box !== store
                || helper.name != "fake-helper" || helper.inner !== store
            {
                edgeWrong(
                    "made \(assembly.made.value), probe saw it \(assembly.seen.box === store), "
                        + "helper \(helper.name) holds it \(helper.inner === store)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// ThreadSafety.md: "a thread that asks for a singleton while it is being made waits for
    /// it"; "A singleton is made exactly once per context". Another thread asks while the first
    /// is inside the probe of the singleton's inject: it waits, gets the one object, no deadlock.
    @Test("probe: a second thread asking during the probe waits and gets the one singleton")
    func secondThreadWaitsDuringTheProbe() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let assembly = Attack13WaitAssembly.instance(from: context)
            let inProbe = assembly.inProbe
            let other = Attack13Held()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                inProbe.wait()
                other.box = Attack13WaitAssembly.instance(from: context).store
                done.signal()
            }
            let store = assembly.store
            if done.wait(timeout: .now() + hangLimit) == .timedOut {
                edgeWrong("the second thread never got the singleton")
            }
            if other.box !== store || assembly.made.value != 1 {
                edgeWrong(
                    "second thread's is the first's: \(other.box === store); made "
                        + "\(assembly.made.value)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// ScopesAndGraphs.md: "A definition asked for again in the same context before its object
    /// exists, that is from inside its own init:, is a cycle that cannot close: Wiring stops with
    /// a message". The probe runs in the singleton's init.
    @Test("probe: from a singleton's init, reading it stops with the cycle message")
    func probeInsideInitIsACycle() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13InitProbeAssembly.instance(from: DIContext())
            _ = assembly.store
            edgeWrong("made: \(assembly.client.name)")
        }
        let text = edgeText(result)
        #expect(
            text.contains("Wiring: cycle that cannot close: Attack13InitProbeAssembly.store"),
            "\(text)")
    }

    /// ScopesAndGraphs.md: such a cycle stops "with a message naming the path"; Diagnostics.md
    /// shows the path through every definition of the loop (`a → b → a`). Here the loop goes
    /// store's init → client (the probe's substitute) → store: the message should name client.
    @Test("probe: the cycle message from a probe names the definition in between")
    func probeCycleMessageNamesThePath() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13InitProbeAssembly.instance(from: DIContext())
            _ = assembly.store
            edgeWrong("made: \(assembly.client.name)")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "Attack13InitProbeAssembly.store → Attack13InitProbeAssembly.client → "
                    + "Attack13InitProbeAssembly.store"), "\(text)")
    }

    /// ThreadSafety.md: a deinit "that runs inside a read ... is part of that read ...: it finds
    /// the read's objects". The probe's fake goes when the probe's read ends, inside the
    /// singleton's inject; its deinit reads the singleton and must find the one being made.
    @Test("probe: a deinit at the end of the probe's read finds the singleton under way")
    func deinitAtTheProbesEndFindsTheSingleton() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13DeinitProbeAssembly.instance(from: DIContext())
            let store = assembly.store
            let sawIt = assembly.seen.box === store
            if assembly.made.value != 1 || !sawIt || assembly.seen.box == nil {
                edgeWrong(
                    "made \(assembly.made.value), deinit saw it \(sawIt), saw any "
                        + "\(assembly.seen.box != nil)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: "A substituted singleton is one substitute object per context";
    /// ScopesAndGraphs.md: made "exactly once". `store` is substituted by name with `fake`,
    /// which stands in for it (EasyDi's rule) and whose inject adds a key-path substitution
    /// whose substitute reads `store`: it must get the stand-in, the substitute's one singleton.
    @Test("probe: a substituted singleton under way is found through its stand-in")
    func substitutedSingletonUnderWayFoundByProbe() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13SubstituteProbeAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "store") { (a: Attack13SubstituteProbeAssembly) in
                a.fake
            }
            let store = assembly.store
            let client = assembly.client
            if store.name != "fake-store" || assembly.store !== store
                || assembly.seen.box !== store || client.inner !== store
                || assembly.fakes.value != 1 || assembly.original.value != 0
            {
                edgeWrong(
                    "store \(store.name), kept \(assembly.store === store), probe saw it "
                        + "\(assembly.seen.box === store), client has it "
                        + "\(client.inner === store), fakes \(assembly.fakes.value), originals "
                        + "\(assembly.original.value)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// ScopesAndGraphs.md: "Every definition that the read reaches, through init: or inject:
    /// closures, joins that graph, and an objectGraph definition reached twice yields the same
    /// object both times"; ThreadSafety.md: code a definition calls "finds the read's objects".
    /// An objectGraph definition's inject adds a key-path substitution whose substitute reads
    /// it: the same fix as for singletons, not made for objectGraph objects.
    @Test("probe: an objectGraph object under way is found by its inject's key-path probe")
    func objectGraphUnderWayFoundByProbe() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13GraphProbeAssembly.instance(from: DIContext())
            let root = assembly.root
            if assembly.made.value != 1 || assembly.seen.box !== root {
                edgeWrong(
                    "root made \(assembly.made.value) times in one read; the probe's substitute "
                        + "got the read's root: \(assembly.seen.box === root)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Placeholders.md: "definePlaceholder(key:) returns the object injected under its key in the
    /// current graph"; the probe runs inside the injection's inject, part of that resolution.
    @Test("probe: a placeholder read by a probe inside the injection finds the view")
    func placeholderFoundByProbeInsideInjection() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13PlaceholderProbeAssembly.instance(from: DIContext())
            let view = Attack13Box("view")
            assembly.inject(into: view)
            if assembly.seen.box !== view {
                edgeWrong("the probe's substitute got \(assembly.seen.box?.name ?? "nil")")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: 2. The cycle message cut at the slot asked for again

    /// Diagnostics.md: "cycle that cannot close: ABCAssembly.a → ABCAssembly.b → ABCAssembly.a";
    /// the message names "the path from its first read". The loop goes through a substitute:
    /// substituted a → b → substituted a; `top`, which only led into it, is left out.
    @Test("cycle: a loop through a substitute is named from the substituted definition")
    func cycleThroughASubstitute() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13SubCycleAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "a") { (x: Attack13SubCycleAssembly) in
                Attack13Box("fake-a", inner: x.b)
            }
            edgeWrong("closed: \(assembly.top.inner?.name ?? "nil")")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "cycle that cannot close: Attack13SubCycleAssembly.a → Attack13SubCycleAssembly.b"
                    + " → Attack13SubCycleAssembly.a is asked"), "\(text)")
    }

    /// Substitutions.md: the first define of its type a substitute calls stands in for it
    /// (EasyDi's rule); a cycle through that stand-in's init cannot close and is named.
    @Test("cycle: through a stand-in's init, named from the substituted definition")
    func cycleThroughAStandIn() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13SubCycleAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "a") { (x: Attack13SubCycleAssembly) in x.early }
            edgeWrong("closed: \(assembly.top.inner?.name ?? "nil")")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "cycle that cannot close: Attack13SubCycleAssembly.a → "
                    + "Attack13SubCycleAssembly.early → Attack13SubCycleAssembly.a is asked"),
            "\(text)")
    }

    /// ScopesAndGraphs.md: a cycle closes through inject:. With the stand-in's inject reading
    /// the substituted definition, it gets the stand-in: the cycle closes on one object.
    @Test("cycle: through a stand-in's inject, the cycle closes")
    func cycleClosesThroughAStandIn() {
        let assembly = Attack13SubCycleAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "a") { (x: Attack13SubCycleAssembly) in x.late }
        let top = assembly.top
        #expect(top.inner?.name == "late")
        #expect(top.inner?.inner === top.inner)
    }

    /// Diagnostics.md: the message names the loop. The override's inject reads `super` (the
    /// override's object exists), and the base's definition loops through `helper` back to
    /// itself: the loop is base service → helper → base service, without the override in front.
    @Test("cycle: a loop through the superclass's define is named from that define")
    func cycleThroughTheSuperclassDefine() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13CycleSub.instance(from: DIContext())
            edgeWrong("closed: \(assembly.service.inner?.name ?? "nil")")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "cycle that cannot close: Attack13CycleSub.service → Attack13CycleSub.helper → "
                    + "Attack13CycleSub.service is asked"), "\(text)")
    }

    // MARK: 3. Keys shaped like a method's name

    /// README: "A method with arguments and no key: whose object would be shared stops";
    /// giving `definitionKey:` is not giving `key:`.
    @Test("method key: a method with definitionKey: but no key: still stops when shared")
    func methodWithDefinitionKeyStillStops() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13KeyShapeAssembly.instance(from: DIContext())
            let one = assembly.item(1)
            let two = assembly.item(2)
            edgeWrong("item(2) gave \(two.name) after \(one.name)")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "Wiring: Attack13KeyShapeAssembly.item(_:) is a method with arguments but no key:"),
            "\(text)")
    }

    /// The same rule for a subscript, whose name #function gives as `subscript(n:)` (the docs
    /// name methods only; a subscript with an index is a method with arguments).
    @Test("method key: a subscript singleton without key: stops instead of sharing")
    func subscriptWithoutKeyStops() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13KeyShapeAssembly.instance(from: DIContext())
            let one = assembly[1]
            let two = assembly[2]
            edgeWrong("[2] gave \(two.name) after \(one.name)")
        }
        let text = edgeText(result)
        #expect(text.contains("is a method with arguments but no key:"), "\(text)")
    }

    /// A subscript whose key is built from its index: one singleton per index.
    @Test("method key: a keyed subscript gives one singleton per index")
    func keyedSubscriptWorks() {
        let assembly = Attack13KeyShapeAssembly.instance(from: DIContext())
        #expect(assembly[keyed: 1].name == "keyed-1")
        #expect(assembly[keyed: 2].name == "keyed-2")
        #expect(assembly[keyed: 1] === assembly[keyed: 1])
    }

    /// Diagnostics.md: Wiring tells a method's default key by its shape, `name(label:)`, "so a
    /// key: you give in that shape stops the same way" once its object would be shared.
    @Test("method key: a property with a given key shaped like a selector stops as documented")
    func givenSelectorShapedKeyStops() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = Attack13KeyShapeAssembly.instance(from: DIContext()).loader
            edgeWrong("made without a message")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "Wiring: Attack13KeyShapeAssembly.load(from:) is a method with arguments but no "
                    + "key:"), "\(text)")
    }

    /// Placeholders.md: "An injection without a key uses its method's name, as any definition
    /// does", and a placeholder finds the object "injected under its key in the current graph".
    /// So a placeholder keyed by the injecting method's name finds a keyless injection. (The
    /// README's "method with arguments and no key" rule could be read to forbid this; the
    /// injected object is not made from the arguments, so nothing is wrongly shared.)
    @Test("method key: a placeholder keyed by a keyless injection's method name finds it")
    func placeholderFindsKeylessInjection() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13KeylessViewAssembly.instance(from: DIContext())
            let view = Attack13Box("view")
            assembly.inject(into: view)
            if view.inner?.inner !== view {
                edgeWrong("presenter's view is \(view.inner?.inner?.name ?? "nil")")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Placeholders: two injections of one key in one read

    /// Placeholders.md: "Within one read a key names one object: a second injection under a key
    /// already injected returns the first object and injects nothing, as in EasyDi."
    @Test("placeholder: a second injection of one key in one read returns the first object")
    func secondInjectionOfOneKeyReturnsTheFirst() {
        let assembly = Attack13TwoViewsAssembly.instance(from: DIContext())
        let screen = assembly.screen
        #expect(screen.inner?.name == "left")
        #expect(screen.other === screen.inner)
        #expect(screen.inner?.inner?.other === screen.inner)
    }

    // MARK: 4. A key-path substitution replaces its own property's definitions only

    /// Substitutions.md: by key path it "replaces only the definitions of that property: another
    /// property whose key: is that name keeps its own"; a substitute that reads its definition
    /// "gets the original", and an override reads `super`; unusedSubstitutions lists
    /// "Assembly.name".
    @Test("key path: a subclass's override, wrapped by key path; the alias keeps its own")
    func keyPathOnSubclassOverride() {
        let context = DIContext()
        let assembly = Attack13SvcSub.instance(from: context)
        assembly.addSubstitution(for: \.service) { (s: Attack13SvcSub) in
            Attack13Box("spy", inner: s.service)
        }
        #expect(context.unusedSubstitutions == ["Attack13SvcSub.service"])
        let service = assembly.service
        #expect(service.name == "spy")
        #expect(service.inner?.name == "sub")
        #expect(service.inner?.inner?.name == "base")
        #expect(assembly.alias.name == "alias")
        #expect(context.unusedSubstitutions.isEmpty)
        assembly.removeSubstitution(for: \.service)
        #expect(assembly.service.name == "sub")
    }

    /// Substitutions.md: "one added as \Base.service (through a variable of the base type) is
    /// not removed by \Sub.service"; it replaces the definition the getter calls, the override's.
    @Test("key path: added through a base-typed variable, removed only by the same key path")
    func keyPathThroughBaseTypedVariable() {
        let context = DIContext()
        let sub = Attack13SvcSub.instance(from: context)
        let base: Attack13SvcBase = sub
        base.addSubstitution(for: \.service) { Attack13Box("fake") }
        #expect(context.unusedSubstitutions == ["Attack13SvcSub.service"])
        #expect(sub.service.name == "fake")
        #expect(base.service.name == "fake")
        #expect(sub.alias.name == "alias")
        sub.removeSubstitution(for: \.service)
        #expect(sub.service.name == "fake")
        base.removeSubstitution(for: \.service)
        #expect(sub.service.name == "sub")
        #expect(context.unusedSubstitutions.isEmpty)
    }

    /// Substitutions.md: removing by key path "removes the substitution that this key path added,
    /// if any"; by name a substitution also matches a `key:` (EasyDi). A by-name substitution of
    /// the same property replaces the key path's; removing by key path then leaves it in place.
    @Test("key path then by name of one property: the by-name one stays after key-path removal")
    func keyPathThenByNameOfOneProperty() {
        let context = DIContext()
        let assembly = Attack13SvcSub.instance(from: context)
        assembly.addSubstitution(for: \.service) { Attack13Box("by-key-path") }
        assembly.addSubstitution(for: "service") { Attack13Box("by-name") }
        #expect(assembly.service.name == "by-name")
        #expect(assembly.alias.name == "by-name")  // by name: matches the key: "service", as EasyDi
        assembly.removeSubstitution(for: \.service)
        #expect(assembly.service.name == "by-name")
        assembly.removeSubstitution(for: "service")
        #expect(assembly.service.name == "sub")
        #expect(assembly.alias.name == "alias")
    }

    /// Substitutions.md: "If both a definition's key: and the name it answers to have a
    /// substitution, the one by key: applies", whichever was added last.
    @Test("by name (its key) then key path of one property: the one by key: applies")
    func byKeyThenKeyPathOfOneProperty() {
        let context = DIContext()
        let assembly = Attack13SvcSub.instance(from: context)
        assembly.addSubstitution(for: "svc") { Attack13Box("by-key") }
        assembly.addSubstitution(for: \.service) { Attack13Box("by-key-path") }
        #expect(assembly.service.name == "by-key")
        assembly.removeSubstitution(for: "svc")
        #expect(assembly.service.name == "by-key-path")
    }

    /// Substitutions.md: by key path it "replaces only the definitions that answer to that
    /// property's definitionKey: (its name, unless you share one between properties)". Two
    /// properties that share one are replaced together.
    @Test("key path: another property with the same definitionKey: is replaced with it")
    func keyPathWithSharedDefinitionKey() {
        let assembly = Attack13SharedNameAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.service) { Attack13Box("fake") }
        #expect(assembly.service.name == "fake")
        #expect(assembly.backup.name == "fake")
    }

    /// Diagnostics.md: a key path to an element of a subscript (or a property that reads a
    /// method with arguments) names a definition whose other calls answer to the same name, so
    /// adding it stops with a message that names it, rather than replacing every element.
    @Test("key path: \\.[1] of a keyed subscript stops with a message naming the subscript")
    func keyPathToSubscriptElementStops() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack13ShelfAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: \.[1]) { Attack13Box("fake-1") }
            edgeWrong("added: [2] is \(assembly[2].name)")
        }
        let text = edgeText(result)
        #expect(
            text.contains("names Attack13ShelfAssembly.subscript(_:), whose calls with other"),
            "\(text)")
    }

    /// Substitutions.md: "a definition whose key depends on state ... is replaced for every key.
    /// It replaces only the definitions of that property: another property whose key: is that
    /// name keeps its own"; removing by key path restores it.
    @Test("key path: a state-dependent key is replaced for every key; the alias keeps its own")
    func keyPathWithStateDependentKey() {
        let context = DIContext()
        let assembly = Attack13RegionAssembly.instance(from: context)
        assembly.addSubstitution(for: \.endpoint) { Attack13Box("fake") }
        #expect(context.unusedSubstitutions == ["Attack13RegionAssembly.endpoint"])
        #expect(assembly.endpoint.name == "fake")
        assembly.region = "us"
        #expect(assembly.endpoint.name == "fake")
        #expect(assembly.legacy.name == "legacy")
        assembly.removeSubstitution(for: \.endpoint)
        #expect(assembly.endpoint.name == "endpoint-us")
        #expect(context.unusedSubstitutions.isEmpty)
    }

    // MARK: A context let go while another thread reads it

    /// README: "A context lives while you hold it or one of its assemblies ... its singletons
    /// ... for as long as it lives"; ThreadSafety.md: every call from any thread, "a deinit may
    /// resolve". One thread lets go of its context and assembly while another reads through a
    /// weak reference it upgraded: no crash, each context's singleton made at most once and
    /// freed with its context, and the singletons' deinits (reading another context) run.
    @Test("lifetime: a context let go while another thread's read of it is under way")
    func contextLetGoDuringAnotherThreadsRead() {
        let rounds = 200
        let finished = DispatchSemaphore(value: 0)
        let broken = EdgeCounter()
        let madeBefore = Attack13LifeAssembly.made.value
        let goneBefore = Attack13LifeAssembly.gone.value
        for round in 0..<rounds {
            var context: DIContext? = DIContext()
            var strong: Attack13LifeAssembly? = Attack13LifeAssembly.instance(from: context!)
            let weak = Attack13WeakAssembly()
            weak.value = strong
            let started = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                started.signal()
                for _ in 0..<5 {
                    guard let assembly = weak.value else {
                        break
                    }
                    let store = assembly.store
                    if store.inner?.name != "part" || assembly.store !== store {
                        broken.increment()
                    }
                    _ = assembly.weakOne
                }
                finished.signal()
            }
            started.wait()
            if round % 2 == 0 {
                Thread.sleep(forTimeInterval: 0.0001)
            }
            strong = nil
            context = nil
            withExtendedLifetime((strong, context)) {}
        }
        for _ in 0..<rounds {
            #expect(finished.wait(timeout: .now() + hangLimit) == .success)
        }
        #expect(broken.value == 0)
        let made = Attack13LifeAssembly.made.value - madeBefore
        let gone = Attack13LifeAssembly.gone.value - goneBefore
        #expect(made <= rounds)
        #expect(gone == made, "made \(made) singletons, \(gone) went")
    }
}
