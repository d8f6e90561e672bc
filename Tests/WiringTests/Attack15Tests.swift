import Foundation
import Testing
import Wiring

// Round 15: a key-path probe added inside a definition now runs its getter as part of the read
// under way (served at the depth where it started; its objects join the read's graph). Cases that
// may stop the process run in a child (an exit test) with EdgeTests' helpers: EDGE-WORKS when the
// library did what the docs promise, EDGE-WRONG for a silent wrong result, else a Wiring: stop.

// MARK: - Fixtures

/// A named box that may hold two others and runs `onDeinit` when it goes.
final class Attack15Box: @unchecked Sendable, Attack15Service {
    let name: String
    var inner: Attack15Box?
    var other: Attack15Box?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack15Box? = nil, other: Attack15Box? = nil) {
        self.name = name
        self.inner = inner
        self.other = other
    }

    deinit {
        onDeinit?()
    }
}

/// A protocol that two definitions are declared as.
protocol Attack15Service: AnyObject {
    var name: String { get }
}

/// `root` probes `leaf` (substitute "fake-B"), then reads `leaf`; `rootFirst` reads `leaf` first
/// and then probes it, counting the runs of the probe's substitute; `twice` probes `leaf` twice.
final class Attack15LeakAssembly: Assembly {
    let bRuns = EdgeCounter()
    let cRuns = EdgeCounter()
    let ranInProbe = EdgeCounter()

    var root: Attack15Box {
        define(init: Attack15Box("root")) { r in
            self.addSubstitution(for: \.leaf) { Attack15Box("fake-B") }
            r.inner = self.leaf
        }
    }
    var rootFirst: Attack15Box {
        define(init: Attack15Box("rootFirst")) { r in
            r.inner = self.leaf
            self.addSubstitution(for: \.leaf) { [bRuns = self.bRuns] in
                bRuns.increment()
                return Attack15Box("fake-B")
            }
            if self.bRuns.value > 0 {
                self.ranInProbe.increment()
            }
        }
    }
    var twice: Attack15Box {
        define(init: Attack15Box("twice")) { r in
            self.addSubstitution(for: \.leaf) { Attack15Box("fake-B") }
            self.addSubstitution(for: \.leaf) { [cRuns = self.cRuns] in
                cRuns.increment()
                return Attack15Box("fake-C")
            }
            if self.cRuns.value > 0 {
                self.ranInProbe.increment()
            }
        }
    }
    var leaf: Attack15Box { define(init: Attack15Box("leaf")) }
}

/// The same with a lazySingleton: `root` probes `sleaf`, then reads it.
final class Attack15SingletonLeakAssembly: Assembly {
    var root: Attack15Box {
        define(init: Attack15Box("root")) { r in
            self.addSubstitution(for: \.sleaf) { Attack15Box("fake-B") }
            r.inner = self.sleaf
        }
    }
    var sleaf: Attack15Box { define(scope: .lazySingleton, init: Attack15Box("sleaf")) }
}

/// A peer of another context, which `Attack15HostAssembly.root` meets first through a probe.
final class Attack15PeerAssembly: Assembly {
    var leaf: Attack15Box { define(init: Attack15Box("peer-leaf")) }
}

/// `root` adds a key-path substitution to a peer's context it has not read, then reads it.
final class Attack15HostAssembly: Assembly {
    var peer: Attack15PeerAssembly?

    var root: Attack15Box {
        define(init: Attack15Box("host")) { r in
            let peer = self.peer!
            peer.addSubstitution(for: \.leaf) { Attack15Box("fake-peer") }
            r.inner = peer.leaf
        }
    }
}

/// One plain definition, for a substitute that replaces itself by key path.
final class Attack15SelfSwapAssembly: Assembly {
    var leaf: Attack15Box { define(init: Attack15Box("leaf")) }
}

/// Holds a box; not a box itself.
final class Attack15Holder: @unchecked Sendable {
    var box: Attack15Box?
}

/// Key paths that are not one definition, probed inside a read.
final class Attack15MessageAssembly: Assembly {
    var left: Attack15Box { define(init: Attack15Box("left")) }
    var right: Attack15Box { define(init: Attack15Box("right")) }
    var both: Attack15Box {
        _ = left
        return right
    }
    /// Returns the left box it finds in the outer graph through a holder, calling no define of Box
    /// at the probe's depth.
    var holder: Attack15Holder { define(init: Attack15Holder()) { $0.box = self.left } }
    var viaHolder: Attack15Box { holder.box! }

    var twoDefinitions: Attack15Box {
        define(init: Attack15Box("root")) { _ in
            self.addSubstitution(for: \.both) { Attack15Box("fake") }
        }
    }
    var notADefinition: Attack15Box {
        define(init: Attack15Box("root")) { r in
            r.inner = self.holder.box
            self.addSubstitution(for: \.viaHolder) { Attack15Box("fake") }
        }
    }
}

/// A probe whose type is a protocol that the read also reads at the probe's depth.
final class Attack15ProtocolAssembly: Assembly {
    var service: Attack15Service { define(init: Attack15Box("service")) }
    var client: Attack15Service { define(init: Attack15Box("client")) }
    var root: Attack15Box {
        define(init: Attack15Box("root")) { r in
            r.inner = self.service as? Attack15Box
            self.addSubstitution(for: \.client) { Attack15Box("fake-client") as Attack15Service }
            r.other = self.service as? Attack15Box
        }
    }
}

/// Probes of a prototype inside a read whose substitute's objects, let go, probe and read again
/// in their deinits; and a probe in a deinit mid-read of an object the read's inject lets go.
final class Attack15DeinitAssembly: Assembly {
    let deinitProbes = EdgeCounter()
    let deinitReads = EdgeCounter()

    var root: Attack15Box {
        define(init: Attack15Box("root")) { r in
            r.inner = self.temp
            self.addSubstitution(for: \.proto) { (a: Attack15DeinitAssembly) in
                let fake = Attack15Box("fake-proto")
                fake.onDeinit = {
                    a.addSubstitution(for: \.other) { Attack15Box("fake-other") }
                    a.deinitProbes.increment()
                    if a.temp.name == "temp" {
                        a.deinitReads.increment()
                    }
                }
                return fake
            }
            // A box the inject lets go of mid-read: its deinit probes too.
            var scrap: Attack15Box? = Attack15Box("scrap")
            scrap!.onDeinit = { [unowned self] in
                self.addSubstitution(for: \.leaf) { Attack15Box("fake-leaf") }
                self.deinitProbes.increment()
            }
            scrap = nil
            r.other = self.leaf
        }
    }
    var temp: Attack15Box { define(init: Attack15Box("temp")) }
    var proto: Attack15Box { define(scope: .prototype, init: Attack15Box("proto")) }
    var other: Attack15Box { define(init: Attack15Box("other")) }
    var leaf: Attack15Box { define(init: Attack15Box("leaf")) }
}

/// A trace hook that probes once, when it hears of `root`.
final class Attack15TraceAssembly: Assembly {
    var root: Attack15Box { define(init: Attack15Box("root")) { $0.inner = self.leaf } }
    var leaf: Attack15Box { define(init: Attack15Box("leaf")) }
}

/// Nested probes: `root` probes `outer`, whose substitute probes `inner` (of the same type),
/// whose substitute reads `temp`; then root reads `temp`, `outer` and `inner`.
final class Attack15NestedAssembly: Assembly {
    let temps = EdgeCounter()
    let seenTemp = AttackHeld<Attack15Box>()

    var root: Attack15Box {
        define(init: Attack15Box("root")) { r in
            self.addSubstitution(for: \.outer) { (a: Attack15NestedAssembly) in
                a.addSubstitution(for: \.inner) { (b: Attack15NestedAssembly) in
                    let t = b.temp
                    b.seenTemp.value = t
                    return Attack15Box("fake-inner", inner: t)
                }
                return Attack15Box("fake-outer")
            }
            r.inner = self.temp
            r.other = self.outer
        }
    }
    var temp: Attack15Box {
        define(init: Attack15Box("temp")) { _ in self.temps.increment() }
    }
    var outer: Attack15Box { define(init: Attack15Box("outer")) }
    var inner: Attack15Box { define(init: Attack15Box("inner")) }
}

/// Each thread's root probes `leaf` under a by-name substitution and reads it afterwards.
final class Attack15ThreadAssembly: Assembly {
    var root: Attack15Box {
        define(init: Attack15Box("root")) { r in
            r.inner = self.leaf
            self.addSubstitution(for: \.leaf) { Attack15Box("fake-late") }
            r.other = self.leaf
        }
    }
    var leaf: Attack15Box { define(init: Attack15Box("leaf")) }
}

@Suite("Attack 15")
struct Attack15Tests {
    // MARK: 1. The probe's served object and the rest of the outer read

    /// Substitutions.md: "A read already under way keeps each context's substitutions as it first
    /// found them, so it is never half old, half new." The context has substitution A for "leaf"
    /// when `root`'s read starts. Root's inject adds \.leaf (B), then reads `leaf`: the read's
    /// snapshot says A, so it must get A's object, not the object B's probe made.
    @Test("leak: after a probe, a read under way reads the definition with its own substitution")
    func probeObjectDoesNotLeakIntoOuterRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack15LeakAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "leaf") { Attack15Box("fake-A") }
            let root = assembly.root
            if root.inner?.name != "fake-A" {
                edgeWrong("the read under way got \(root.inner?.name ?? "nil") for leaf")
            }
            if assembly.leaf.name != "fake-B" {
                edgeWrong("a later read got \(assembly.leaf.name)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// The same with a key-path substitution A added before the read.
    @Test("leak: the same when the read's own substitution was added by key path")
    func probeObjectDoesNotLeakKeyPathSubstitution() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack15LeakAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: \.leaf) { Attack15Box("fake-A") }
            let root = assembly.root
            if root.inner?.name != "fake-A" {
                edgeWrong("the read under way got \(root.inner?.name ?? "nil") for leaf")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// README: "a substituted singleton is one fake per context, owned by the substitution";
    /// Substitutions.md: a read keeps the substitutions it first found. A's singleton exists;
    /// root's read probes \.sleaf (B makes and keeps its own) and then reads sleaf: A's
    /// singleton, as its snapshot says. Afterwards, B's.
    @Test("leak: a probe's substituted singleton does not replace the read's own in the read")
    func probeSingletonDoesNotLeakIntoOuterRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack15SingletonLeakAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "sleaf") { Attack15Box("fake-A") }
            let a = assembly.sleaf
            let root = assembly.root
            if root.inner !== a {
                edgeWrong("the read under way got \(root.inner?.name ?? "nil"), not A's singleton")
            }
            let b = assembly.sleaf
            if b.name != "fake-B" || assembly.sleaf !== b {
                edgeWrong("later reads got \(b.name), one object: \(assembly.sleaf === b)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: "Adding by key path reads the property once ... That read is served by
    /// your substitute". The read under way has read `leaf` under substitution A; the probe of
    /// \.leaf that follows must be served by B (its closure runs), not find A's object.
    @Test("served: a probe after the read read the definition under another substitute runs B")
    func probeAfterOuterReadIsServedByItsSubstitute() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack15LeakAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "leaf") { Attack15Box("fake-A") }
            let root = assembly.rootFirst
            if root.inner?.name != "fake-A" {
                edgeWrong("the read got \(root.inner?.name ?? "nil") before the probe")
            }
            if assembly.ranInProbe.value != 1 {
                edgeWrong("the probe's substitute did not run: the probe found A's object")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// The same promise, with two key-path substitutions of one property in one read (an A/B
    /// switch turned twice): the second probe is served by the second substitute.
    @Test("served: a second probe of one property in one read is served by its own substitute")
    func secondProbeInOneReadIsServedByItsOwnSubstitute() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack15LeakAssembly.instance(from: DIContext())
            _ = assembly.twice
            if assembly.ranInProbe.value != 1 {
                edgeWrong("the second probe's substitute did not run: it found the first's object")
            }
            if assembly.leaf.name != "fake-C" {
                edgeWrong("a later read got \(assembly.leaf.name)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: "(A read that adds a substitution to a context it has not read yet, and
    /// then reads it, sees the new one.)" Root's read has not read the peer's context; it adds
    /// \.leaf there and reads leaf: it must see the new substitute. (The probe now reads the
    /// peer's context in this read, before the substitution is in place.)
    @Test("snapshot: a read that substitutes by key path in a context it has not read sees it")
    func keyPathSubstitutionInUnreadContextIsSeen() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let host = Attack15HostAssembly.instance(from: DIContext())
            let peer = Attack15PeerAssembly.instance(from: DIContext())
            host.peer = peer
            let root = host.root
            if root.inner?.name != "fake-peer" {
                edgeWrong("the read got \(root.inner?.name ?? "nil") after substituting")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// The by-name counterpart, as a control: the same read, adding by name, sees the new one.
    @Test("snapshot control: by name, a read sees a substitution added to an unread context")
    func byNameSubstitutionInUnreadContextIsSeen() {
        nonisolated(unsafe) let peer = Attack15PeerAssembly.instance(from: DIContext())
        let host = Attack15TraceAssembly.instance(from: DIContext())
        host.addSubstitution(for: "leaf") { (h: Attack15TraceAssembly) in
            peer.addSubstitution(for: "leaf") { Attack15Box("fake-peer") }
            return Attack15Box("fake-host", inner: peer.leaf)
        }
        #expect(host.root.inner?.inner?.name == "fake-peer")
    }

    // MARK: 2. A probe inside a substitute of its own definition

    /// Substitutions.md: "That read is served by your substitute"; "Read from inside its own
    /// substitute, a definition gives the original". Substitute A of `leaf` replaces itself with
    /// B by key path while it runs. A careful user expects the probe to be served by B and the
    /// call to work (silent in the docs); it is not a cycle through `init:`, which the cycle
    /// message would tell the user to fix.
    @Test("cycle: a substitute that replaces its own definition by key path")
    func substituteReplacingItselfByKeyPath() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack15SelfSwapAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "leaf") { (a: Attack15SelfSwapAssembly) in
                a.addSubstitution(for: \.leaf) { Attack15Box("fake-B") }
                return Attack15Box("fake-A")
            }
            let first = assembly.leaf
            let second = assembly.leaf
            if first.name != "fake-A" || second.name != "fake-B" {
                edgeWrong("got \(first.name), then \(second.name)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: 3. Messages inside a read

    /// Diagnostics.md: "It calls two, so which one to replace is not clear: ... reads two
    /// definitions of its type, CounterAssembly.left and CounterAssembly.right; substitute one
    /// by name". Inside a read, the same.
    @Test("message: a key path reading two definitions, probed inside a read")
    func twoDefinitionsMessageInsideARead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = Attack15MessageAssembly.instance(from: DIContext()).twoDefinitions
            edgeWrong("no stop")
        }
        let text = edgeText(result)
        #expect(text.contains("Attack15Tests.swift:"), "\(text)")
        #expect(
            text.contains(
                "reads two definitions of its type, Attack15MessageAssembly.left and "
                    + "Attack15MessageAssembly.right"), "\(text)")
    }

    /// Diagnostics.md: "The getter calls no define of the property's type". Inside a read whose
    /// graph has the holder (and its left box), the getter finds the holder and returns its box,
    /// calling no define of Box at the probe's depth: "is not a definition".
    @Test("message: a getter that returns an object it found through the outer graph")
    func getterThroughOuterGraphMessage() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = Attack15MessageAssembly.instance(from: DIContext()).notADefinition
            edgeWrong("no stop")
        }
        let text = edgeText(result)
        #expect(text.contains("Attack15Tests.swift:"), "\(text)")
        #expect(
            text.contains("returns another object") || text.contains("is not a definition"),
            "\(text)")
    }

    // MARK: 4. Types, deinits, hooks, nesting

    /// ScopesAndGraphs.md: an objectGraph definition reached twice in one graph yields the same
    /// object. A probe of a protocol type that the read also reads at the probe's depth does not
    /// disturb it, and the probe's substitute is not handed to `service`.
    @Test("protocol: a probe of a protocol type leaves the read's other definitions alone")
    func protocolProbeLeavesOtherDefinitions() {
        let assembly = Attack15ProtocolAssembly.instance(from: DIContext())
        let root = assembly.root
        #expect(root.inner?.name == "service")
        #expect(root.inner === root.other)
        #expect(assembly.client.name == "fake-client")
        #expect(assembly.service.name == "service")
    }

    /// ThreadSafety.md: a deinit mid-read "is part of that read, like any code a definition
    /// calls"; a deinit that reads may. The probe of a prototype inside the read: the prototype's
    /// substitute object goes when the probe is done; its deinit probes and reads `temp`. A scrap
    /// the inject lets go probes \.leaf. Exclusivity: no deinit inside a change of read state.
    @Test("deinit: probes in deinits of a probe's prototype and of a scrap mid-read")
    func probesInDeinitsMidRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack15DeinitAssembly.instance(from: DIContext())
            let root = assembly.root
            if assembly.deinitProbes.value != 2 || assembly.deinitReads.value != 1 {
                edgeWrong(
                    "deinit probes \(assembly.deinitProbes.value), reads "
                        + "\(assembly.deinitReads.value)")
            }
            if root.other?.name != "leaf" {
                // Same context, already met: the read keeps its snapshot (no substitution).
                edgeWrong("the read got \(root.other?.name ?? "nil") for leaf after the probe")
            }
            if assembly.leaf.name != "fake-leaf" || assembly.other.name != "fake-other"
                || assembly.proto.name != "fake-proto"
            {
                edgeWrong("later reads: substitutions missing")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Contexts.md: the hook "hears of every definition read"; a top-level read tells its events
    /// when it ends. A hook that probes (once) inside its call works, and its probe's read is
    /// told as well.
    @Test("hook: a trace hook that adds a key-path substitution")
    func probeInsideATraceHook() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let held = AttackHeld<Attack15TraceAssembly>()
            let once = EdgeCounter()
            let events = EdgeCounter()
            let context = DIContext(trace: { event in
                events.increment()
                if event.definition.hasSuffix(".root"), once.value == 0, let a = held.value {
                    once.increment()
                    a.addSubstitution(for: \.leaf) { Attack15Box("fake-leaf") }
                }
            })
            let assembly = Attack15TraceAssembly.instance(from: context)
            held.value = assembly
            let root = assembly.root
            if root.inner?.name != "leaf" || once.value != 1 || events.value != 3 {
                edgeWrong(
                    "root's leaf \(root.inner?.name ?? "nil"), probes \(once.value), events "
                        + "\(events.value)")
            }
            if assembly.leaf.name != "fake-leaf" {
                edgeWrong("a later read got \(assembly.leaf.name)")
            }
            held.value = nil
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: added inside a definition, the key path's read is "a read of its own"
    /// that finds the objects of the read under way; "what it makes itself goes when it ends".
    /// A probe inside a probe's substitute makes temp in its own read; root, reading temp after
    /// it, makes the read's own; outer is not substituted in this read (its snapshot has none).
    @Test("nested: a probe inside a probe's substitute makes its own objects")
    func nestedProbesMakeTheirOwn() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack15NestedAssembly.instance(from: DIContext())
            let root = assembly.root
            if assembly.temps.value != 2 || root.inner === assembly.seenTemp.value {
                edgeWrong(
                    "temps made \(assembly.temps.value); root's temp is the probe's: "
                        + "\(root.inner === assembly.seenTemp.value)")
            }
            if root.other?.name != "outer" {
                edgeWrong("root's outer is \(root.other?.name ?? "nil")")
            }
            assembly.seenTemp.value = nil
            if assembly.outer.name != "fake-outer" || assembly.inner.name != "fake-inner" {
                edgeWrong("later: \(assembly.outer.name), \(assembly.inner.name)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Objects the probe's getter makes live until the outer read ends, no longer (README: "When
    /// the read returns, Wiring keeps nothing of the graph").
    @Test("lifetime: what a probe inside a read made goes when the read ends")
    func probeObjectsGoWithTheRead() {
        let assembly = Attack15NestedAssembly.instance(from: DIContext())
        weak var temp: Attack15Box?
        do {
            let root = assembly.root
            temp = root.inner
            assembly.seenTemp.value = nil
            #expect(temp != nil)
        }
        #expect(temp == nil, "the probe's temp outlived the read")
    }

    // MARK: 5. Threads

    /// ThreadSafety.md: each thread resolves in its own graph and a read keeps its snapshot. On
    /// many threads, each root reads `leaf` under the by-name substitution both before and after
    /// its probe, and gets one object (its graph's), never another thread's or the probe's.
    @Test("threads: each read keeps its leaf across its own probe")
    func threadsKeepTheirLeaf() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let assembly = Attack15ThreadAssembly.instance(from: context)
            let wrong = EdgeCounter()
            DispatchQueue.concurrentPerform(iterations: 64) { _ in
                let a = Attack15ThreadAssembly.instance(from: context)
                a.addSubstitution(for: "leaf") { Attack15Box("fake-A") }
                let root = a.root
                if root.inner !== root.other {
                    wrong.increment()
                }
            }
            _ = assembly
            if wrong.value > 0 {
                edgeWrong("\(wrong.value) of 64 roots got two leaves")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}
