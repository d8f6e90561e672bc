import Foundation
import Testing
import Wiring

// Round 16: key-path substitutions added inside a read, after a slot came to name the substitution
// that made its object. Cases that may stop the process run in a child (an exit test) with
// EdgeTests' helpers: EDGE-WORKS when the library did what the docs promise, EDGE-WRONG for a
// silent wrong result, else a Wiring: stop.

// MARK: - Fixtures

/// A named box that may hold two others and runs `onDeinit` when it goes.
final class Attack16Box: @unchecked Sendable {
    let name: String
    var inner: Attack16Box?
    var other: Attack16Box?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack16Box? = nil, other: Attack16Box? = nil) {
        self.name = name
        self.inner = inner
        self.other = other
    }

    deinit {
        onDeinit?()
    }
}

/// A type that only the probed definitions return, so that a probe serves nothing else.
final class Attack16Tag {}

/// `root` reads the singleton `s` (under the read's substitution), removes that substitution,
/// then adds a key-path substitution whose getter reads `scrap` first: the piece that scrap read
/// and dropped goes when that read of the probe ends, and its deinit reads `s`, inside `root`'s
/// read.
final class Attack16DeinitAssembly: Assembly {
    let seen = AttackHeld<Attack16Box>()

    var s: Attack16Box { define(scope: .lazySingleton, init: Attack16Box("s-original")) }
    /// Reads `piece` and drops it: only the graph holds it, until the read ends.
    var scrap: Attack16Box {
        define(init: Attack16Box("scrap")) { _ in _ = self.piece }
    }
    var piece: Attack16Box {
        define(init: Attack16Box("piece")) { b in
            b.onDeinit = { [unowned self] in self.seen.value = self.s }
        }
    }
    var target: Attack16Tag {
        _ = scrap
        return define(init: Attack16Tag())
    }
    var root: Attack16Box {
        define(init: Attack16Box("root")) { r in
            r.inner = self.s
            self.removeSubstitution(for: "s")
            self.addSubstitution(for: \.target) { Attack16Tag() }
            r.other = self.s
        }
    }
}

/// Another assembly of the same context, reached with `instance()`.
final class Attack16HelperAssembly: Assembly {
    var box: Attack16Box { define(init: Attack16Box("helper-box")) }
}

/// `box` forwards to the helper's definition through `instance()`, which Contexts.md says means
/// the context of the definition being made; `root` adds a key-path substitution for it.
final class Attack16ForwardAssembly: Assembly {
    var box: Attack16Box { Attack16HelperAssembly.instance().box }
    var direct: Attack16Box {
        define(init: Attack16Box("direct")) { r in r.inner = self.box }
    }
    var root: Attack16Box {
        define(init: Attack16Box("root")) { r in
            r.inner = self.box
            self.addSubstitution(for: \.box) { Attack16Box("fake") }
        }
    }
}

/// A lazySingleton `s`, decorated by name before `root` and by key path inside it.
final class Attack16DecoratorAssembly: Assembly {
    var s: Attack16Box { define(scope: .lazySingleton, init: Attack16Box("s")) }
    var root: Attack16Box {
        define(init: Attack16Box("root")) { r in
            r.inner = self.s
            self.addSubstitution(for: \.s) { (a: Attack16DecoratorAssembly) in
                Attack16Box("spy-B", inner: a.s)
            }
            r.other = self.s
        }
    }
}

/// `root` reads `leaf` (substituted by key path), removes the substitution, reads it again.
final class Attack16RemoveAssembly: Assembly {
    let runs = EdgeCounter()

    var leaf: Attack16Box { define(init: Attack16Box("leaf")) }
    var sleaf: Attack16Box { define(scope: .lazySingleton, init: Attack16Box("sleaf")) }
    var root: Attack16Box {
        define(init: Attack16Box("root")) { r in
            r.inner = self.leaf
            self.removeSubstitution(for: \.leaf)
            r.other = self.leaf
        }
    }
    var sroot: Attack16Box {
        define(init: Attack16Box("sroot")) { r in
            r.inner = self.sleaf
            self.removeSubstitution(for: \.sleaf)
            r.other = self.sleaf
        }
    }
}

/// A weak singleton `w`; `root` decorates it by key path while its read holds the original.
final class Attack16WeakAssembly: Assembly {
    let spies = EdgeCounter()

    var w: Attack16Box { define(scope: .weakSingleton, init: Attack16Box("w")) }
    var root: Attack16Box {
        define(init: Attack16Box("root")) { r in
            r.inner = self.w
            self.addSubstitution(for: \.w) { [spies = self.spies] (a: Attack16WeakAssembly) in
                spies.increment()
                return Attack16Box("spy", inner: a.w)
            }
            r.other = self.w
        }
    }
}

/// `root` reads `leaf` (substituted by name), then adds \.wrap whose substitute reads `leaf`.
final class Attack16TraceAssembly: Assembly {
    var leaf: Attack16Box { define(init: Attack16Box("leaf")) }
    var wrap: Attack16Box { define(init: Attack16Box("wrap")) }
    var root: Attack16Tag {
        define(init: Attack16Tag()) { _ in
            _ = self.leaf
            self.addSubstitution(for: \.wrap) { (a: Attack16TraceAssembly) in
                Attack16Box("wrap-B", inner: a.leaf)
            }
        }
    }
}

/// A peer of another context for `unusedSubstitutions` and cross-context probes.
final class Attack16PeerAssembly: Assembly {
    var leaf: Attack16Box { define(init: Attack16Box("peer-leaf")) }
    var tag: Attack16Tag { define(init: Attack16Tag()) }
}

/// `root` substitutes by key path in its own context (already read) and in a peer's (not read).
final class Attack16UnusedAssembly: Assembly {
    var peer: Attack16PeerAssembly?
    var mine: Attack16Box { define(init: Attack16Box("mine")) }
    var root: Attack16Box {
        define(init: Attack16Box("root")) { r in
            let peer = self.peer!
            r.inner = self.mine
            self.addSubstitution(for: \.mine) { Attack16Box("fake-mine") }
            peer.addSubstitution(for: \.leaf) { Attack16Box("fake-peer") }
            r.other = peer.leaf
            _ = self.mine
        }
    }
}

/// `root` reads a peer's `leaf` (substituted in the peer's context), then probes a property of
/// its own whose getter reads that peer's `leaf` before its define.
final class Attack16CrossAssembly: Assembly {
    var peer: Attack16PeerAssembly?
    let seenInProbe = AttackHeld<Attack16Box>()

    var target: Attack16Tag {
        seenInProbe.value = peer!.leaf
        return define(init: Attack16Tag())
    }
    var root: Attack16Box {
        define(init: Attack16Box("root")) { r in
            r.inner = self.peer!.leaf
            self.addSubstitution(for: \.target) { Attack16Tag() }
            r.other = self.peer!.leaf
        }
    }
}

/// For threads: `root` reads the singleton `s` twice around a probe of `g` (a decorator).
final class Attack16ThreadAssembly: Assembly {
    var s: Attack16Box { define(scope: .lazySingleton, init: Attack16Box("s")) }
    var g: Attack16Box { define(init: Attack16Box("g")) }
    var root: Attack16Box {
        define(init: Attack16Box("root")) { r in
            r.inner = self.s
            _ = self.g
            self.addSubstitution(for: \.g) { (a: Attack16ThreadAssembly) in
                Attack16Box("spy-g", inner: a.g)
            }
            r.other = self.s
        }
    }
}

@Suite("Attack 16")
struct Attack16Tests {
    // MARK: 1. A deinit at the end of a probe's read, inside the read

    /// ThreadSafety.md: "A `deinit` that runs inside a read ... is part of that read";
    /// Substitutions.md: a probe added inside a definition "keeps that read's substitutions", and
    /// "A read already under way keeps each context's substitutions as it first found them". Root's
    /// read met `s` under "fake-A" and then removed it; a deinit that runs inside that read (at the
    /// end of one of its probe's reads) reads `s` and must get A's singleton, as root does.
    @Test("deinit: at a probe's read end inside a read, a singleton keeps the read's substitution")
    func deinitAtProbeEndKeepsTheReadsSubstitution() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack16DeinitAssembly.instance(from: DIContext())
            let original = assembly.s
            assembly.addSubstitution(for: "s") { Attack16Box("fake-A") }
            let fake = assembly.s
            let root = assembly.root
            if root.inner !== fake || root.other !== fake {
                edgeWrong("root got \(root.inner?.name ?? "nil"), \(root.other?.name ?? "nil")")
            }
            if assembly.seen.value !== fake {
                edgeWrong(
                    "the deinit inside root's read got \(assembly.seen.value?.name ?? "nil"), "
                        + "not the read's fake-A")
            }
            if assembly.s !== original {
                edgeWrong("after the read, s is \(assembly.s.name)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// The same with a trace hook on the context (which turns off the found-singleton shortcut):
    /// the result must not depend on whether the context is traced.
    @Test("deinit: the same with a trace hook gives the same singleton")
    func deinitAtProbeEndKeepsTheReadsSubstitutionTraced() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack16DeinitAssembly.instance(from: DIContext(trace: { _ in }))
            let original = assembly.s
            assembly.addSubstitution(for: "s") { Attack16Box("fake-A") }
            let fake = assembly.s
            let root = assembly.root
            if root.inner !== fake || root.other !== fake {
                edgeWrong("root got \(root.inner?.name ?? "nil"), \(root.other?.name ?? "nil")")
            }
            if assembly.seen.value !== fake {
                edgeWrong(
                    "the deinit inside root's read got \(assembly.seen.value?.name ?? "nil"), "
                        + "not the read's fake-A")
            }
            if assembly.s !== original {
                edgeWrong("after the read, s is \(assembly.s.name)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: 2. instance() in a probe's getter inside a definition

    /// Contexts.md: "`instance()` without an argument means the context whose assembly (or
    /// definition) is being made on this thread, and only outside of one the default context."
    /// Root's definition is being made when its inject adds \.box, whose getter forwards through
    /// `Attack16HelperAssembly.instance()`; read directly inside a definition that is the
    /// helper of root's context (control: `direct`). The docs are silent on the probe; a careful
    /// user expects the same context there, so the substitution is added, not a stop.
    @Test(
        "probe: instance() in a getter probed inside a definition means that definition's context")
    func probeGetterInstanceUsesTheReadsContext() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let assembly = Attack16ForwardAssembly.instance(from: context)
            let helper = Attack16HelperAssembly.instance(from: context)
            _ = helper
            if assembly.direct.inner?.name != "helper-box" {
                edgeWrong("control: direct got \(assembly.direct.inner?.name ?? "nil")")
            }
            _ = assembly.root
            if assembly.direct.inner?.name != "fake" {
                edgeWrong("after root, direct got \(assembly.direct.inner?.name ?? "nil")")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: 3. Decorators, removal and the singletons a substitution keeps

    /// README: "a substituted singleton is one fake per context, owned by the substitution.
    /// Removing it restores the original definition and its singleton"; Substitutions.md: a
    /// substitute reading its definition gets the original. A (by name) and B (by key path,
    /// added inside root) both wrap the one original singleton; root keeps A; removal gives
    /// back the original.
    @Test("decorators: by name, then by key path inside a read, of one singleton; removal restores")
    func decoratedSingletonByNameThenKeyPathInsideRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack16DecoratorAssembly.instance(from: DIContext())
            let original = assembly.s
            assembly.addSubstitution(for: "s") { (a: Attack16DecoratorAssembly) in
                Attack16Box("spy-A", inner: a.s)
            }
            let spyA = assembly.s
            if spyA.name != "spy-A" || spyA.inner !== original || assembly.s !== spyA {
                edgeWrong("A: \(spyA.name), wraps the original: \(spyA.inner === original)")
            }
            let root = assembly.root
            if root.inner !== spyA || root.other !== spyA {
                edgeWrong("root got \(root.inner?.name ?? "nil"), \(root.other?.name ?? "nil")")
            }
            let spyB = assembly.s
            if spyB.name != "spy-B" || spyB.inner !== original || assembly.s !== spyB {
                edgeWrong(
                    "B: \(spyB.name), wraps the original: \(spyB.inner === original), one: "
                        + "\(assembly.s === spyB)")
            }
            assembly.removeSubstitution(for: \.s)
            if assembly.s !== original {
                edgeWrong("after removal: \(assembly.s.name), the original: false")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: "A read already under way keeps each context's substitutions as it first
    /// found them"; "Within one graph a substituted objectGraph definition still yields one
    /// instance". Root removes the key-path substitution it read `leaf` under, then reads `leaf`
    /// again: the same fake. After the read, the original.
    @Test("remove inside a read: the rest of the read keeps the substitute's object")
    func removeInsideReadKeepsTheObject() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack16RemoveAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: \.leaf) { [runs = assembly.runs] in
                runs.increment()
                return Attack16Box("fake")
            }
            let before = assembly.runs.value
            let root = assembly.root
            if root.inner?.name != "fake" || root.inner !== root.other
                || assembly.runs.value != before + 1
            {
                edgeWrong(
                    "root got \(root.inner?.name ?? "nil") and \(root.other?.name ?? "nil"), "
                        + "substitute ran \(assembly.runs.value - before) times")
            }
            if assembly.leaf.name != "leaf" {
                edgeWrong("after the read: \(assembly.leaf.name)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// The same for a singleton: the read keeps the fake singleton; the substitution's singleton
    /// goes with it once the read ends; the original singleton, made before, comes back.
    @Test("remove inside a read: a singleton's fake for the rest of the read, then the original")
    func removeSingletonInsideRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack16RemoveAssembly.instance(from: DIContext())
            let original = assembly.sleaf
            let gone = EdgeCounter()
            assembly.addSubstitution(for: \.sleaf) {
                let fake = Attack16Box("fake")
                fake.onDeinit = { gone.increment() }
                return fake
            }
            let fakeName = assembly.sleaf.name
            let root = assembly.sroot
            if fakeName != "fake" || root.inner?.name != "fake" || root.inner !== root.other {
                edgeWrong(
                    "root got \(root.inner?.name ?? "nil") and \(root.other?.name ?? "nil")")
            }
            root.inner = nil
            root.other = nil
            if gone.value != 1 {
                edgeWrong("the fake singleton went \(gone.value) times once no one held it")
            }
            if assembly.sleaf !== original {
                edgeWrong("after the read: \(assembly.sleaf.name), not the original singleton")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// ScopesAndGraphs.md: a weakSingleton is "shared while someone else holds it"; README:
    /// removing a substitution "restores the original definition and its singleton". A key-path
    /// decorator of a weak singleton, added inside a read that holds the original, wraps that
    /// original; the read keeps the original; later reads share one spy while it is held;
    /// removal gives back the original, still held.
    @Test("weakSingleton: a key-path decorator added inside a read wraps the original")
    func weakSingletonDecoratorInsideRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack16WeakAssembly.instance(from: DIContext())
            let original = assembly.w
            let root = assembly.root
            if root.inner !== original || root.other !== original {
                edgeWrong("root got \(root.inner?.name ?? "nil"), \(root.other?.name ?? "nil")")
            }
            let spy = assembly.w
            if spy.name != "spy" || spy.inner !== original || assembly.w !== spy {
                edgeWrong(
                    "after root: \(spy.name), wraps the original: \(spy.inner === original), "
                        + "one while held: \(assembly.w === spy)")
            }
            assembly.removeSubstitution(for: \.w)
            if assembly.w !== original {
                edgeWrong("after removal: \(assembly.w.name), not the original")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: 4. Trace, unusedSubstitutions, other contexts

    /// Contexts.md: the hook hears "the definition that asked for it, whether this read makes the
    /// object or finds it, and whether a substitution gives it". The probe's substitute finds
    /// root's `leaf`, which substitution A gave: found, substituted, asked for by `wrap`; leaf
    /// is made once.
    @Test("trace: a probe's substitute finds the read's substituted object: found, substituted")
    func traceOfObjectFoundInSetAsideRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let events = EdgeEvents()
            let context = DIContext(trace: { events.add($0) })
            let assembly = Attack16TraceAssembly.instance(from: context)
            assembly.addSubstitution(for: "leaf") { Attack16Box("fake-A") }
            _ = assembly.root
            let leaves = events.all.filter { $0.definition == "Attack16TraceAssembly.leaf" }
            let wraps = events.all.filter { $0.definition == "Attack16TraceAssembly.wrap" }
            let made = leaves.filter(\.created)
            let found = leaves.filter { !$0.created }
            if made.count != 1 || !made[0].substituted || made[0].depth != 1 {
                edgeWrong("leaf made: \(made.map { "\($0.depth) \($0.substituted)" })")
            }
            if found.count != 1 || !found[0].substituted
                || found[0].parent != "Attack16TraceAssembly.wrap"
            {
                edgeWrong(
                    "leaf found: \(found.map { "\($0.parent ?? "nil") \($0.substituted)" })")
            }
            if wraps.count != 1 || !wraps[0].created || !wraps[0].substituted {
                edgeWrong("wrap: \(wraps.map { "\($0.created) \($0.substituted)" })")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: `unusedSubstitutions` lists "the substitutions of a context that no read
    /// has used since they were added"; a read keeps its snapshot, except a context it had not
    /// read. Root's read does not use \.mine (its snapshot predates it) but uses the peer's.
    @Test("unused: key-path substitutions added inside a read, used or not by that read")
    func unusedAfterProbesInsideRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let peerContext = DIContext()
            let assembly = Attack16UnusedAssembly.instance(from: context)
            assembly.peer = Attack16PeerAssembly.instance(from: peerContext)
            let root = assembly.root
            if root.inner?.name != "mine" || root.other?.name != "fake-peer" {
                edgeWrong("root got \(root.inner?.name ?? "nil"), \(root.other?.name ?? "nil")")
            }
            if context.unusedSubstitutions != ["Attack16UnusedAssembly.mine"]
                || !peerContext.unusedSubstitutions.isEmpty
            {
                edgeWrong(
                    "unused: \(context.unusedSubstitutions), peer: "
                        + "\(peerContext.unusedSubstitutions)")
            }
            if assembly.mine.name != "fake-mine" || !context.unusedSubstitutions.isEmpty {
                edgeWrong("later: \(assembly.mine.name), unused \(context.unusedSubstitutions)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: the probe's read "finds the objects of the read under way ... and keeps
    /// that read's substitutions". Its getter reads a definition of another context that root read
    /// under that context's substitution: the same object.
    @Test("probe: a getter reading another context's definition finds the read's object")
    func probeGetterReadsAnotherContextsObject() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack16CrossAssembly.instance(from: DIContext())
            let peer = Attack16PeerAssembly.instance(from: DIContext())
            assembly.peer = peer
            peer.addSubstitution(for: "leaf") { Attack16Box("fake-peer") }
            let root = assembly.root
            if root.inner?.name != "fake-peer" || root.inner !== root.other
                || assembly.seenInProbe.value !== root.inner
            {
                edgeWrong(
                    "root: \(root.inner?.name ?? "nil"), one: \(root.inner === root.other), "
                        + "probe found it: \(assembly.seenInProbe.value === root.inner)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: 5. Threads

    /// ThreadSafety.md: "Every public call may be made from any thread, substitutions included";
    /// a read "is never half old, half new"; README: removing "restores the original definition
    /// and its singleton". Two threads add and remove key-path substitutions of the singleton `s`
    /// while others read `root` (which reads `s` twice around a probe of `g`).
    @Test("threads: adding and removing key-path substitutions of a singleton while reads probe")
    func threadsAddRemoveWhileReadsProbe() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let assembly = Attack16ThreadAssembly.instance(from: context)
            let original = assembly.s
            let wrong = EdgeCounter()
            let detail = AttackHeld<NSString>()
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                let a = Attack16ThreadAssembly.instance(from: context)
                for round in 0..<150 {
                    if worker == 0 {
                        a.addSubstitution(for: \.s) { Attack16Box("fake-\(round)") }
                        let first = a.s
                        if first.name != "fake-\(round)" || a.s !== first {
                            wrong.increment()
                            detail.value = "fake singleton: \(first.name)" as NSString
                        }
                        a.removeSubstitution(for: \.s)
                    } else if worker == 1 {
                        a.addSubstitution(for: \.g) { Attack16Box("g-\(round)") }
                        _ = context.unusedSubstitutions
                        a.removeSubstitution(for: \.g)
                    } else {
                        let root = a.root
                        if root.inner !== root.other {
                            wrong.increment()
                            detail.value =
                                "\(root.inner?.name ?? "nil") / \(root.other?.name ?? "nil")"
                                as NSString
                        }
                        a.removeSubstitution(for: \.g)
                    }
                }
            }
            if wrong.value > 0 {
                edgeWrong("\(wrong.value) wrong, e.g. \(detail.value ?? "")")
            }
            if assembly.s !== original {
                edgeWrong("after all removed: \(assembly.s.name), not the original singleton")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}
