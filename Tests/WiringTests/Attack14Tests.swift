import Foundation
import Testing
import Wiring

// Round 14: a key-path probe's read that finds the objects of the reads it set aside (and hands
// them on to the reads its deinits start), the placeholder skip in the method-shaped key check,
// and the stop for key paths whose definition answers to a method's name. Cases that may stop the
// process run in a child (an exit test) with EdgeTests' helpers: EDGE-WORKS when the library did
// what the docs promise, EDGE-WRONG for a silent wrong result, else a Wiring: stop.

// MARK: - Fixtures

/// A named box that may hold two others and runs `onDeinit` when it goes.
final class Attack14Box: @unchecked Sendable {
    let name: String
    var inner: Attack14Box?
    var other: Attack14Box?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack14Box? = nil, other: Attack14Box? = nil) {
        self.name = name
        self.inner = inner
        self.other = other
    }

    deinit {
        onDeinit?()
    }
}

/// A view made by "the system", for placeholders.
final class Attack14View: @unchecked Sendable {
    var presenter: Attack14Box?
}

/// A reference that threads share, behind a lock.
final class AttackHeld<T: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var held: T?

    var value: T? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
}

/// EasyDi's VIPER form: the view is made by `define(key: "view", init:)` in the outer read, and
/// a key-path probe inside that read reaches it through a placeholder.
final class Attack14ViperProbeAssembly: Assembly {
    let made = AttackHeld<Attack14View>()
    let seen = AttackHeld<Attack14View>()

    /// Without a probe: the placeholder finds the view made under its key in the same read.
    var direct: Attack14Box {
        define(init: Attack14Box("direct")) { _ in
            self.made.value = self.madeView
            self.seen.value = self.view
        }
    }
    /// The same, with the placeholder read by a probe's substitute inside the read.
    var module: Attack14Box {
        define(init: Attack14Box("module")) { _ in
            self.made.value = self.madeView
            self.addSubstitution(for: \.presenter) {
                [seen = self.seen] (a: Attack14ViperProbeAssembly) in
                seen.value = a.view
                return Attack14Box("fake-presenter")
            }
        }
    }
    var madeView: Attack14View { define(key: "view", init: Attack14View()) }
    var view: Attack14View { definePlaceholder() }
    var presenter: Attack14Box { define(init: Attack14Box("presenter")) }
}

/// The outer read reads `client` under one substitution, then replaces it, substitutes `helper`,
/// and probes `leaf`, whose substitute reads both.
final class Attack14SnapshotAssembly: Assembly {
    let seen = AttackHeld<Attack14Box>()

    var root: Attack14Box {
        define(init: Attack14Box("root")) { r in
            r.inner = self.client
            self.addSubstitution(for: "client") { Attack14Box("fake-B") }
            self.addSubstitution(for: "helper") { Attack14Box("fake-helper") }
            self.addSubstitution(for: \.leaf) { [seen = self.seen] (a: Attack14SnapshotAssembly) in
                let leaf = Attack14Box("fake-leaf", inner: a.client, other: a.helper)
                seen.value = leaf
                return leaf
            }
        }
    }
    var client: Attack14Box { define(init: Attack14Box("client")) }
    var helper: Attack14Box { define(init: Attack14Box("helper")) }
    var leaf: Attack14Box { define(init: Attack14Box("leaf")) }
}

/// `root` (once) probes `leaf`, whose substitute reads `root` and `temp` (also read by the outer
/// read); temp's deinit counts. The substitute keeps what it saw weakly.
final class Attack14LifeAssembly: Assembly {
    let made = EdgeCounter()
    let tempsGone = EdgeCounter()
    let tempsMade = EdgeCounter()
    let seenRoot = AttackHeld<Attack14Box>()
    let seenTemp = AttackHeld<Attack14Box>()
    var switched = false

    var root: Attack14Box {
        define(init: made.counting(Attack14Box("root"))) { r in
            r.inner = self.temp
            if self.switched {
                return
            }
            self.switched = true
            self.addSubstitution(for: \.leaf) {
                [seenRoot = self.seenRoot, seenTemp = self.seenTemp] (a: Attack14LifeAssembly) in
                let root = a.root
                let temp = a.temp
                seenRoot.value = root
                seenTemp.value = temp
                return Attack14Box("fake-leaf", inner: root, other: temp)
            }
        }
    }
    var temp: Attack14Box {
        define(init: tempsMade.counting(Attack14Box("temp"))) { [gone = tempsGone] t in
            t.onDeinit = { gone.increment() }
        }
    }
    var leaf: Attack14Box { define(init: Attack14Box("leaf")) }
}

/// `root` probes `leaf`; leaf's substitute reads `scrap`, dropped at the end of the probe's read,
/// whose deinit probes `other`, whose substitute reads `root`: a probe in a deinit whose read was
/// handed the set-aside reads.
final class Attack14DeinitProbeAssembly: Assembly {
    let made = EdgeCounter()
    let seen = AttackHeld<Attack14Box>()
    let deinitProbes = EdgeCounter()
    var switched = false
    var deinitSwitched = false

    var root: Attack14Box {
        define(init: made.counting(Attack14Box("root"))) { _ in
            if self.switched {
                return
            }
            self.switched = true
            self.addSubstitution(for: \.leaf) { (a: Attack14DeinitProbeAssembly) in
                Attack14Box("fake-leaf", other: Attack14Box("copy-of", inner: a.scrap.inner))
            }
        }
    }
    var scrap: Attack14Box {
        define(init: Attack14Box("scrap")) { [weak self] s in
            s.onDeinit = {
                guard let self, !self.deinitSwitched else {
                    return
                }
                self.deinitSwitched = true
                self.deinitProbes.increment()
                self.addSubstitution(for: \.other) {
                    [seen = self.seen] (a: Attack14DeinitProbeAssembly) in
                    let root = a.root
                    seen.value = root
                    return Attack14Box("fake-other", inner: root)
                }
            }
        }
    }
    var leaf: Attack14Box { define(init: Attack14Box("leaf")) }
    var other: Attack14Box { define(init: Attack14Box("other")) }
}

/// `root` probes `leaf`, whose substitute reads `root`; for the trace hook.
final class Attack14TraceProbeAssembly: Assembly {
    var switched = false

    var root: Attack14Box {
        define(init: Attack14Box("root")) { _ in
            if self.switched {
                return
            }
            self.switched = true
            self.addSubstitution(for: \.leaf) { (a: Attack14TraceProbeAssembly) in
                Attack14Box("fake-leaf", inner: a.root)
            }
        }
    }
    var leaf: Attack14Box { define(init: Attack14Box("leaf")) }
}

/// A property that reads a keyless method with arguments.
final class Attack14KeylessListAssembly: Assembly {
    func item(_ n: Int) -> Attack14Box { define(init: Attack14Box("item-\(n)")) }
    var first: Attack14Box { item(1) }
}

/// A property that reads a keyed method with arguments.
final class Attack14KeyedListAssembly: Assembly {
    func item(_ n: Int) -> Attack14Box { define(key: "item-\(n)", init: Attack14Box("item-\(n)")) }
    var first: Attack14Box { item(1) }
}

/// A keyed method whose calls all answer to one plain `definitionKey:`, read by a property.
final class Attack14SharedNameListAssembly: Assembly {
    func item(_ n: Int) -> Attack14Box {
        define(key: "item-\(n)", definitionKey: "item", init: Attack14Box("item-\(n)"))
    }
    var first: Attack14Box { item(1) }
}

/// A keyed method and subscript whose calls each answer to a name of their own.
final class Attack14OwnNameListAssembly: Assembly {
    func item(_ n: Int) -> Attack14Box {
        define(key: "item-\(n)", definitionKey: "item-\(n)", init: Attack14Box("item-\(n)"))
    }
    var first: Attack14Box { item(1) }
    subscript(n: Int) -> Attack14Box {
        define(key: "cell-\(n)", definitionKey: "cell-\(n)", init: Attack14Box("cell-\(n)"))
    }
}

/// Context B's `root` probes a `leaf` of context A, whose substitute reaches B's root.
final class Attack14PeerB: Assembly {
    let made = EdgeCounter()
    weak var peerA: Attack14PeerA?

    var root: Attack14Box {
        define(init: made.counting(Attack14Box("b-root"))) { _ in
            self.peerA?.addSubstitution(for: \.leaf) { (a: Attack14PeerA) in
                Attack14Box("fake-leaf", inner: a.bRoot)
            }
        }
    }
}

final class Attack14PeerA: Assembly {
    weak var peerB: Attack14PeerB?
    let seen = AttackHeld<Attack14Box>()

    /// Not a definition: B's root, as this read has it.
    var bRoot: Attack14Box {
        let root = peerB!.root
        seen.value = root
        return root
    }
    var leaf: Attack14Box { define(init: Attack14Box("leaf")) }
}

/// Probes nested in probes: `root` probes `leaf`, whose substitute reads `mid`, whose inject
/// probes `tip`, whose substitute reads `root` and `mid`.
final class Attack14NestedGraphAssembly: Assembly {
    let roots = EdgeCounter()
    let mids = EdgeCounter()
    let seenRoot = AttackHeld<Attack14Box>()
    let seenMid = AttackHeld<Attack14Box>()
    let tipSawRoot = AttackHeld<Attack14Box>()
    let tipSawMid = AttackHeld<Attack14Box>()
    var switched = false
    var midSwitched = false

    var root: Attack14Box {
        define(init: roots.counting(Attack14Box("root"))) { _ in
            if self.switched {
                return
            }
            self.switched = true
            self.addSubstitution(for: \.leaf) {
                [seenRoot = self.seenRoot, seenMid = self.seenMid] (a: Attack14NestedGraphAssembly)
                in
                let mid = a.mid
                seenMid.value = mid
                seenRoot.value = a.root
                return Attack14Box("fake-leaf", inner: mid)
            }
        }
    }
    var mid: Attack14Box {
        define(init: mids.counting(Attack14Box("mid"))) { _ in
            if self.midSwitched {
                return
            }
            self.midSwitched = true
            self.addSubstitution(for: \.tip) {
                [sawRoot = self.tipSawRoot, sawMid = self.tipSawMid]
                (a: Attack14NestedGraphAssembly)
                in
                sawRoot.value = a.root
                sawMid.value = a.mid
                return Attack14Box("fake-tip")
            }
        }
    }
    var leaf: Attack14Box { define(init: Attack14Box("leaf")) }
    var tip: Attack14Box { define(init: Attack14Box("tip")) }
}

/// A lazySingleton that threads substitute by key path while others read it.
final class Attack14ThreadSwapAssembly: Assembly {
    let originals = EdgeCounter()
    let fakes = EdgeCounter()

    var store: Attack14Box {
        define(scope: .lazySingleton, init: originals.counting(Attack14Box("store")))
    }
    /// Reads `store` twice in one graph.
    var pair: Attack14Box {
        define(init: Attack14Box("pair")) {
            $0.inner = self.store
            $0.other = self.store
        }
    }

    func switchTo(_ n: Int) {
        addSubstitution(for: \.store) { [fakes] in fakes.counting(Attack14Box("fake-\(n)")) }
    }
}

/// `root`'s inject probes `leaf` on every read, whose substitute marks the root it found.
final class Attack14ThreadProbeAssembly: Assembly {
    var root: Attack14Box {
        define(init: Attack14Box("root")) { _ in
            self.addSubstitution(for: \.leaf) { (a: Attack14ThreadProbeAssembly) in
                let root = a.root
                root.other = Attack14Box("mark")
                return Attack14Box("fake-leaf")
            }
        }
    }
    var leaf: Attack14Box { define(init: Attack14Box("leaf")) }
}

/// Runs `body(i)` on `count` threads with 512 KiB stacks, and waits for all.
func attack14Threads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for i in 0..<count {
        group.enter()
        let thread = Thread {
            body(i)
            group.leave()
        }
        thread.stackSize = 512 * 1024
        thread.start()
    }
    group.wait()
}

// MARK: - Tests

@Suite("Attack 14")
struct Attack14Tests {
    // MARK: 1. What a probe's read finds of the reads it set aside

    /// `definePlaceholder`'s doc comment: it "Returns the object injected under this key in the
    /// current graph (VIPER views, say), or made under it by define(key:) as EasyDi's VIPER form
    /// does"; the probe's read finds "objects of the outer read, made or under way" (the change's
    /// own words). The view made by `define(key: "view")` in the outer read is found directly;
    /// the same placeholder read by a probe's substitute inside that read must find it too.
    @Test("probe: a placeholder finds a view made by define(key:) in the read set aside")
    func placeholderFindsDefineKeyViewThroughProbe() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack14ViperProbeAssembly.instance(from: DIContext())
            _ = assembly.direct
            guard let made = assembly.made.value, assembly.seen.value === made else {
                edgeWrong("without a probe the placeholder did not find the view")
            }
            _ = assembly.module
            if assembly.seen.value !== assembly.made.value {
                edgeWrong("the probe's placeholder got another view")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: "A read already under way keeps each context's substitutions as it
    /// first found them, so it is never half old, half new." The outer read read `client` under
    /// substitution A, then replaced it with B and substituted `helper`; the probe's read then
    /// reads both. Either it is a new read (B and the new helper) or part of the outer one (A and
    /// the original helper); one of each is half old, half new.
    @Test("probe: a probe's read is never half old, half new in its substitutions")
    func probeReadNotHalfOldHalfNew() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack14SnapshotAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "client") { Attack14Box("fake-A") }
            let root = assembly.root
            let leaf = assembly.seen.value
            let pair = (leaf?.inner?.name ?? "nil", leaf?.other?.name ?? "nil")
            if root.inner?.name != "fake-A"
                || !(pair == ("fake-B", "fake-helper") || pair == ("fake-A", "helper"))
            {
                edgeWrong(
                    "outer client \(root.inner?.name ?? "nil"); the probe's read got client "
                        + "\(pair.0) and helper \(pair.1)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// README: "When the read returns, Wiring keeps nothing of the graph: objects live exactly as
    /// long as your code holds them, and the next read starts a new graph." The probe's read
    /// finds the outer read's objects (root under way, temp made); once the outer read returns
    /// they are let go, and a later read on the same thread finds none of them.
    @Test("probe: objects found through a set-aside read live as long as that read, no longer")
    func setAsideObjectsLiveAsLongAsTheirRead() {
        let assembly = Attack14LifeAssembly.instance(from: DIContext())
        weak var firstRoot: Attack14Box?
        weak var firstTemp: Attack14Box?
        do {
            let root = assembly.root
            firstRoot = root
            firstTemp = root.inner
            #expect(assembly.made.value == 1)
            #expect(assembly.tempsMade.value == 1)
            #expect(assembly.seenRoot.value === root)
            #expect(assembly.seenTemp.value === root.inner)
            assembly.seenRoot.value = nil
            assembly.seenTemp.value = nil
        }
        #expect(firstRoot == nil, "the first root outlived its read and its holders")
        #expect(firstTemp == nil, "the first temp outlived its read and its holders")
        #expect(assembly.tempsGone.value == 1)
        // A later, unrelated read on the same thread: a new graph.
        let leaf = assembly.leaf
        #expect(leaf.name == "fake-leaf")
        #expect(leaf.inner?.name == "root" && leaf.other?.name == "temp")
        #expect(leaf.inner?.inner === leaf.other, "the later read's root and temp are one graph")
        #expect(assembly.made.value == 2)
        #expect(assembly.tempsMade.value == 2)
        let again = assembly.temp
        #expect(again !== leaf.other, "a top-level read of temp found a graph's object")
    }

    /// ThreadSafety.md: "a deinit that reads a definition starts a read of its own"; the change:
    /// a read's end hands the set-aside reads on to the reads its deinits start. A deinit at the
    /// end of a probe's read probes again; that probe's substitute reads `root`, under way in the
    /// read set aside: it gets that root, made once. A later read gets a new root.
    @Test("probe: a probe in a deinit at a probe's read end finds the root under way")
    func probeInDeinitFindsRootUnderWay() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack14DeinitProbeAssembly.instance(from: DIContext())
            let root = assembly.root
            guard assembly.deinitProbes.value == 1 else {
                edgeWrong("the scrap's deinit probed \(assembly.deinitProbes.value) times")
            }
            if assembly.made.value != 1 || assembly.seen.value !== root {
                edgeWrong(
                    "root made \(assembly.made.value) times; the deinit's probe got the root: "
                        + "\(assembly.seen.value === root)")
            }
            assembly.seen.value = nil
            let other = assembly.other
            if other.name != "fake-other" || other.inner === root || assembly.made.value != 2 {
                edgeWrong(
                    "later read: \(other.name), old root \(other.inner === root), made "
                        + "\(assembly.made.value)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// README: the trace hook "hears of every definition read ... whether this read makes the
    /// object or finds it". Root is made once in the outer read; the probe's substitute finds it:
    /// one "made" event for root, one "found" for it under the leaf, leaf made and substituted.
    @Test("trace: an object found in a set-aside read is reported found, made once")
    func traceOfObjectFoundInSetAsideRead() {
        let events = EdgeEvents()
        let context = DIContext(trace: { events.add($0) })
        let assembly = Attack14TraceProbeAssembly.instance(from: context)
        let root = assembly.root
        _ = root
        let all = events.all
        let rootMade = all.filter { $0.definition.hasSuffix(".root") && $0.created }
        let rootFound = all.filter { $0.definition.hasSuffix(".root") && !$0.created }
        let leafMade = all.filter { $0.definition.hasSuffix(".leaf") && $0.created }
        #expect(rootMade.count == 1, "\(all.map { "\($0.definition) \($0.created)" })")
        #expect(rootFound.count == 1 && rootFound.first?.parent?.hasSuffix(".leaf") == true)
        #expect(leafMade.count == 1 && leafMade.first?.substituted == true)
        #expect(rootMade.first?.depth == 0)
    }

    /// ScopesAndGraphs.md: "Every definition that the read reaches ... joins that graph, and an
    /// objectGraph definition reached twice yields the same object both times." The outer read
    /// is of context B; its inject probes a definition of context A, whose substitute reaches B's
    /// root: the same root, made once.
    @Test("probe: a probe on one context finds the outer read's object of another context")
    func probeFindsOuterObjectOfAnotherContext() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let b = Attack14PeerB.instance(from: DIContext())
            let a = Attack14PeerA.instance(from: DIContext())
            b.peerA = a
            a.peerB = b
            let root = b.root
            if b.made.value != 1 || a.seen.value !== root {
                edgeWrong(
                    "b's root made \(b.made.value) times; the probe found it: "
                        + "\(a.seen.value === root)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// ScopesAndGraphs.md: one object per graph; the change: a probe's read finds objects of the
    /// reads it set aside. A probe inside a probe's read finds objects of both set-aside reads.
    @Test("probe: a probe inside a probe finds objects of both reads set aside")
    func nestedProbesFindBothReads() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack14NestedGraphAssembly.instance(from: DIContext())
            let root = assembly.root
            if assembly.roots.value != 1 || assembly.mids.value != 1
                || assembly.seenRoot.value !== root || assembly.tipSawRoot.value !== root
                || assembly.tipSawMid.value !== assembly.seenMid.value
            {
                edgeWrong(
                    "roots \(assembly.roots.value), mids \(assembly.mids.value); leaf's probe got "
                        + "root \(assembly.seenRoot.value === root); tip's probe got root "
                        + "\(assembly.tipSawRoot.value === root), mid "
                        + "\(assembly.tipSawMid.value === assembly.seenMid.value)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: 2. Key paths whose definition answers to a method's name

    /// Diagnostics.md: messages end by saying "what to change". A key path to a property that
    /// reads a method with arguments and no key: the message's advice, "substitute one call by
    /// its key", cannot be followed, as the call's key is the method's name, shared by every call.
    /// A careful user expects to be told to give the method a key (silent in the docs).
    @Test("key path message: a keyless method behind a property is told to take a key")
    func keylessMethodBehindPropertyMessage() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack14KeylessListAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: \.first) { Attack14Box("fake") }
            edgeWrong("added: item(2) is \(assembly.item(2).name)")
        }
        let text = edgeText(result)
        #expect(text.contains("Attack14KeylessListAssembly.item(_:)"), "\(text)")
        #expect(text.contains("key:") || text.contains("no key"), "\(text)")
    }

    /// Substitutions.md: "substitute one call by its key instead". The message for `\.first`,
    /// which reads `item(1)` keyed "item-1", should name that key, the one thing the user needs
    /// (silent in the docs; a careful user's expectation). Substituting it by that key works.
    @Test("key path message: a keyed method behind a property names the key to use")
    func keyedMethodBehindPropertyMessageNamesTheKey() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack14KeyedListAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: \.first) { Attack14Box("fake") }
            edgeWrong("added: item(2) is \(assembly.item(2).name)")
        }
        let text = edgeText(result)
        #expect(text.contains("Attack14KeyedListAssembly.item(_:)"), "\(text)")
        #expect(text.contains("item-1"), "the message does not say which key to use: \(text)")
    }

    /// Substitutions.md: "substitute one call by its key instead" — by name, its key works.
    @Test("key path message's advice: substituting by the call's key replaces that call only")
    func substituteByTheCallsKey() {
        let assembly = Attack14KeyedListAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "item-1") { Attack14Box("fake") }
        #expect(assembly.first.name == "fake")
        #expect(assembly.item(1).name == "fake")
        #expect(assembly.item(2).name == "item-2")
        #expect(assembly.context.unusedSubstitutions.isEmpty)
    }

    /// Substitutions.md: the stop is for a method "whose calls answer to its name, `item(_:)`";
    /// "a shared definitionKey: is replaced as one". Here every call answers to one plain
    /// definitionKey:, "item", so \.first replaces every call, as the docs say.
    @Test("key path: a property reading a method whose calls share a definitionKey replaces all")
    func sharedPlainDefinitionKeyBehindProperty() {
        let assembly = Attack14SharedNameListAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.first) { Attack14Box("fake") }
        #expect(assembly.first.name == "fake")
        #expect(assembly.item(2).name == "fake")
    }

    /// Substitutions.md: a key path "replaces only the definitions that answer to that property's
    /// definitionKey:". Calls that each answer to their own name are one definition each: a key
    /// path to one property or subscript element replaces that one only.
    @Test("key path: calls with a definitionKey: of their own are substituted one by one")
    func ownDefinitionKeysSubstituteOneByOne() {
        let assembly = Attack14OwnNameListAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.first) { Attack14Box("fake-first") }
        assembly.addSubstitution(for: \.[3]) { Attack14Box("fake-cell") }
        #expect(assembly.first.name == "fake-first")
        #expect(assembly.item(2).name == "item-2")
        #expect(assembly[3].name == "fake-cell")
        #expect(assembly[4].name == "cell-4")
        assembly.removeSubstitution(for: \.[3])
        #expect(assembly[3].name == "cell-3")
    }

    // MARK: 3. Threads

    /// ThreadSafety.md: "Every public call may be made from any thread, substitutions included";
    /// Substitutions.md: "a singleton keeps the object the substitute made", "one substitute
    /// object per context"; README: within one graph one instance. One thread substitutes a
    /// lazySingleton by key path over and over while others read it, alone and twice in a graph.
    @Test("threads: key-path substitutions of a singleton while others read it")
    func keyPathSubstitutionsWhileOthersRead() {
        let context = DIContext()
        let swaps = 600
        let torn = EdgeCounter()
        let wrongName = EdgeCounter()
        // Held here: the context holds its assemblies only while something else does.
        let assembly = Attack14ThreadSwapAssembly.instance(from: context)
        attack14Threads(4) { i in
            let assembly = Attack14ThreadSwapAssembly.instance(from: context)
            if i == 0 {
                for n in 0..<swaps {
                    assembly.switchTo(n)
                    if n % 3 == 0 {
                        assembly.removeSubstitution(for: \.store)
                    }
                }
                return
            }
            for _ in 0..<1500 {
                let pair = assembly.pair
                if pair.inner !== pair.other {
                    torn.increment()
                }
                let name = assembly.store.name
                if !(name == "store" || name.hasPrefix("fake-")) {
                    wrongName.increment()
                }
            }
        }
        #expect(Attack14ThreadSwapAssembly.instance(from: context) === assembly)
        #expect(torn.value == 0)
        #expect(wrongName.value == 0)
        #expect(assembly.originals.value <= 1)
        // Each key-path substitution's probe made its singleton; reads found it, never made more.
        #expect(assembly.fakes.value == swaps)
    }

    /// ThreadSafety.md: "Each thread resolves in its own graph"; the change: a probe's read finds
    /// the objects of the read it set aside. Many threads read `root`, whose inject probes on
    /// every read: each probe must find its own thread's root under way.
    @Test("threads: probes inside definitions on many threads each find their own root")
    func probesOnManyThreadsFindTheirOwnRoot() {
        let context = DIContext()
        let missed = EdgeCounter()
        attack14Threads(6) { _ in
            let assembly = Attack14ThreadProbeAssembly.instance(from: context)
            for _ in 0..<400 {
                let root = assembly.root
                if root.other?.name != "mark" {
                    missed.increment()
                }
            }
        }
        #expect(missed.value == 0)
    }
}
