import Foundation
import Testing
import Wiring

// Round 12: the key-path probe inside a singleton, cycle messages across contexts, keys that
// look like methods, generic assemblies, hooks that substitute, replaced prototypes whose deinit
// reads, substitutions toggled while threads read. Cases that may stop the process run in a
// child (an exit test) with EdgeTests' helpers: EDGE-WORKS when the library did what the docs
// promise, EDGE-WRONG for a silent wrong result, else a Wiring: stop.

// MARK: - Fixtures

/// A named box that may wrap another and runs `onDeinit` when it goes.
final class Attack12Box: @unchecked Sendable {
    let name: String
    var inner: Attack12Box?
    var other: Attack12Box?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack12Box? = nil) {
        self.name = name
        self.inner = inner
    }

    deinit {
        onDeinit?()
    }
}

/// Thread-safe lines of text.
final class Attack12Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }
}

/// A weak reference that a hook may hold without keeping its context alive.
final class Attack12Weak<T: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var held: T?

    var value: T? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
}

/// A definition `x` whose init reads `x` of a peer context (when given one), else `y`, whose
/// init reads `x` back: a cycle that cannot close, but only inside the peer context.
final class Attack12LoopAssembly: Assembly {
    var peer: DIContext?

    var x: Attack12Box {
        define(
            init: Attack12Box(
                "x", inner: peer.map { Attack12LoopAssembly.instance(from: $0).x } ?? self.y))
    }
    var y: Attack12Box { define(init: Attack12Box("y", inner: self.x)) }
}

/// A client that holds the store it was made with.
final class Attack12Client {
    let name: String
    let store: Attack12Box

    init(_ name: String, store: Attack12Box) {
        self.name = name
        self.store = store
    }
}

/// A lazySingleton whose inject turns on an A/B switch by key path; the switch's substitute
/// reads the singleton.
final class Attack12SwitchAssembly: Assembly {
    let made = EdgeCounter()
    var armed = true

    func newStore() -> Attack12Box {
        made.increment()
        return Attack12Box("store")
    }

    var store: Attack12Box {
        define(scope: .lazySingleton, init: newStore()) { _ in
            if self.armed {
                self.armed = false
                self.addSubstitution(for: \.client) { (a: Attack12SwitchAssembly) in
                    Attack12Client("v2", store: a.store)
                }
            }
        }
    }
    var client: Attack12Client { define(init: Attack12Client("v1", store: self.store)) }
}

/// As `Attack12SwitchAssembly`, but the substitute's helper, let go when the probe's read ends,
/// reads the singleton from its deinit: a read of its own while the singleton is still made.
final class Attack12DyingHelperAssembly: Assembly {
    let made = EdgeCounter()
    var armed = true
    var seen: Attack12Box?

    func newStore() -> Attack12Box {
        made.increment()
        return Attack12Box("store")
    }

    var store: Attack12Box {
        define(scope: .lazySingleton, init: newStore()) { _ in
            if self.armed {
                self.armed = false
                self.addSubstitution(for: \.client) { (a: Attack12DyingHelperAssembly) in
                    Attack12Client("v2 \(a.helper.name)", store: Attack12Box("own"))
                }
            }
        }
    }
    var helper: Attack12Box {
        define(init: Attack12Box("helper")) { helper in
            helper.onDeinit = { [unowned self] in self.seen = self.store }
        }
    }
    var client: Attack12Client { define(init: Attack12Client("v1", store: self.store)) }
}

/// Two definitions: one whose key differs from its property's name, one whose key is the
/// first one's property name.
final class Attack12AliasAssembly: Assembly {
    var primary: Attack12Box { define(key: "main", init: Attack12Box("primary")) }
    var secondary: Attack12Box { define(key: "primary", init: Attack12Box("secondary")) }
}

/// A value of a generic type.
final class Attack12Holder<T> {
    let name: String
    var partner: Attack12Holder<T>?
    var other: Attack12Holder<T>?

    init(_ name: String) {
        self.name = name
    }
}

/// A generic assembly, used with two type arguments in one context.
final class Attack12Feature<T>: Assembly {
    var item: Attack12Holder<T> { define(init: Attack12Holder<T>("real")) }
    var single: Attack12Holder<T> {
        define(scope: .lazySingleton, init: Attack12Holder<T>("single"))
    }
    var weakItem: Attack12Holder<T>? {
        define(scope: .weakSingleton, init: Attack12Holder<T>("weak"))
    }
    var fresh: Attack12Holder<T> { define(scope: .prototype, init: Attack12Holder<T>("fresh")) }
    /// Reads the weak singleton twice in one graph.
    var weakPair: Attack12Holder<T> {
        define(init: Attack12Holder<T>("weak pair")) {
            $0.partner = self.weakItem
            $0.other = self.weakItem
        }
    }
    /// Reads `fresh` twice in one graph.
    var pair: Attack12Holder<T> {
        define(init: Attack12Holder<T>("pair")) {
            $0.partner = self.fresh
            $0.partner?.partner = self.fresh
        }
    }
}

/// Definitions for a hook that substitutes and replaces the default context.
final class Attack12HookAssembly: Assembly {
    var first: Attack12Box { define(init: Attack12Box("first", inner: self.leaf)) }
    var second: Attack12Box { define(init: Attack12Box("second")) }
    var leaf: Attack12Box { define(init: Attack12Box("leaf")) }
}

/// A prototype whose inject returns another object, so that what its init made goes; that
/// object's deinit reads the definition that reads the prototype.
final class Attack12ProtoAssembly: Assembly {
    var armed = true
    var seen: Attack12Box?

    var parent: Attack12Box { define(init: Attack12Box("parent", inner: self.part)) }
    var part: Attack12Box {
        define(scope: .prototype, init: Attack12Box("made")) {
            (made: inout Attack12Box) -> Attack12Box in
            if self.armed {
                self.armed = false
                made.onDeinit = { self.seen = self.parent }
            }
            return Attack12Box("part")
        }
    }
}

/// An assembly that gets another in a stored property, from the context it is made in.
final class Attack12StoredAssembly: Assembly {
    let hooks = Attack12HookAssembly.instance()
    var viaStored: Attack12Box { define(init: Attack12Box("via", inner: self.hooks.leaf)) }
    var viaInstance: Attack12Box {
        define(init: Attack12Box("via", inner: Attack12HookAssembly.instance().leaf))
    }
}

/// A prototype whose inject returns another object; what its init made reads `leaf` in its
/// deinit, which a trace hook hears of.
final class Attack12TracedProtoAssembly: Assembly {
    var armed = true
    var seen: Attack12Box?

    var parent: Attack12Box {
        define(init: Attack12Box("parent", inner: self.leaf)) { $0.other = self.part }
    }
    var leaf: Attack12Box { define(init: Attack12Box("leaf")) }
    var part: Attack12Box {
        define(scope: .prototype, init: Attack12Box("made")) {
            (made: inout Attack12Box) -> Attack12Box in
            if self.armed {
                self.armed = false
                made.onDeinit = { self.seen = self.leaf }
            }
            return Attack12Box("part")
        }
    }
}

/// A property whose explicit key happens to end like a method's name.
final class Attack12SmileyAssembly: Assembly {
    var mood: Attack12Box {
        define(key: "mood :)", scope: .lazySingleton, init: Attack12Box("mood"))
    }
    var graphMood: Attack12Box { define(key: "graph :)", init: Attack12Box("graph")) }
    var both: Attack12Box {
        define(init: Attack12Box("both", inner: self.graphMood)) { $0.other = self.graphMood }
    }
}

/// A placeholder read in a prototype and twice in one graph.
final class Attack12ModuleAssembly: Assembly {
    func inject(into view: Attack12Box) {
        defineInjection(key: "view", into: view) { $0.inner = self.presenter }
    }
    var view: Attack12Box { definePlaceholder() }
    var presenter: Attack12Box {
        define(init: Attack12Box("presenter")) {
            $0.inner = self.view
            $0.other = self.row
        }
    }
    var row: Attack12Box {
        define(scope: .prototype, init: Attack12Box("row")) { $0.inner = self.view }
    }
}

// MARK: - Tests

@Suite("Attack 12")
struct Attack12Tests {
    /// Diagnostics.md: the cycle message names "the path from its first read" of the definition
    /// asked for again; the definition of the other context that only led into the loop is not
    /// part of it ("the cycle message drops the path's calls before the loop").
    @Test("cycle: a loop inside a peer context is named without the caller of another context")
    func cycleAcrossContextsNamesOnlyTheLoop() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let peer = DIContext()
            let inPeer = Attack12LoopAssembly.instance(from: peer)
            let entry = Attack12LoopAssembly.instance(from: DIContext())
            entry.peer = peer
            _ = entry.x
            withExtendedLifetime(inPeer) {}
            edgeWrong("the cycle closed")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "cycle that cannot close: Attack12LoopAssembly.x → Attack12LoopAssembly.y → "
                    + "Attack12LoopAssembly.x is asked"), "\(text)")
    }

    /// README: "A singleton is made exactly once per context"; EasyDi differences: cycles
    /// "stop with a message instead of a second singleton". A lazySingleton's inject adds a
    /// key-path substitution whose substitute reads the singleton (an A/B switch turned on by
    /// a singleton): the probe must not make the singleton a second time.
    @Test("singleton: a key-path probe in a singleton's inject reads the singleton, made once")
    func probeInsideASingletonReadsIt() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack12SwitchAssembly.instance(from: DIContext())
            let store = assembly.store
            let client = assembly.client
            if assembly.made.value != 1 || assembly.store !== store || client.store !== store {
                edgeWrong(
                    "store made \(assembly.made.value) times; kept is the first: "
                        + "\(assembly.store === store); client's is it: \(client.store === store)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(
            text.contains("EDGE-WORKS") || text.contains("Wiring: cycle"), "\(text)")
    }

    /// As above, with the singleton read from a deinit that the end of the probe's read runs:
    /// that deinit's read of its own finds the singleton under way too.
    @Test("singleton: a deinit at the end of a probe's read finds the singleton it runs in")
    func deinitAtTheProbesEndReadsTheSingleton() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack12DyingHelperAssembly.instance(from: DIContext())
            let store = assembly.store
            if assembly.made.value != 1 || assembly.seen !== store || assembly.store !== store {
                edgeWrong(
                    "store made \(assembly.made.value) times; the deinit's is it: "
                        + "\(assembly.seen === store)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// README: "addSubstitution(for: \.apiClient) { FakeClient() }  // compile-checked key".
    /// The docs also say a key-path substitution is "then by that property's name", and by name
    /// a substitution matches a definition's `key:`; a careful user still expects a key path to
    /// replace the definition it names and no other.
    @Test("key path: substituting \\.primary leaves a definition whose key: is \"primary\"")
    func keyPathLeavesTheDefinitionKeyedByItsName() {
        let assembly = Attack12AliasAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.primary) { Attack12Box("fake") }
        #expect(assembly.primary.name == "fake")
        #expect(assembly.secondary.name == "secondary")
        assembly.removeSubstitution(for: \.primary)
        #expect(assembly.primary.name == "primary")
        #expect(assembly.secondary.name == "secondary")
    }

    /// Two specialisations of one generic assembly in one context are two assembly types:
    /// substitutions, singletons, names and removal of one leave the other alone.
    @Test("generic: two specialisations of one assembly substitute and keep apart")
    func genericSpecialisationsApart() {
        let lines = Attack12Lines()
        let context = DIContext(trace: { lines.add("\($0.definition) \($0.substituted)") })
        let ints = Attack12Feature<Int>.instance(from: context)
        let strings = Attack12Feature<String>.instance(from: context)
        #expect(ints.single !== (strings.single as AnyObject))
        ints.addSubstitution(for: \.item) { Attack12Holder<Int>("fake int") }
        strings.addSubstitution(for: "item") { Attack12Holder<String>("fake string") }
        #expect(
            context.unusedSubstitutions == [
                "Attack12Feature<Int>.item", "Attack12Feature<String>.item",
            ])
        #expect(ints.item.name == "fake int")
        #expect(context.unusedSubstitutions == ["Attack12Feature<String>.item"])
        ints.removeSubstitution(for: "item")
        #expect(ints.item.name == "real")
        #expect(strings.item.name == "fake string")
        strings.removeSubstitution(for: \.item)  // added by name: a key path removes nothing
        #expect(strings.item.name == "fake string")
        strings.removeSubstitution(for: "item")
        #expect(strings.item.name == "real")
        #expect(context.unusedSubstitutions.isEmpty)
        let held = ints.weakItem
        #expect(held != nil && ints.weakItem === held)
        #expect(strings.weakItem != nil)
        #expect(lines.all.contains("Attack12Feature<Int>.item true"))
        #expect(lines.all.contains("Attack12Feature<String>.item true"))
    }

    /// Contexts.md: the hook is called after the read ends; Substitutions.md: a substitution
    /// "takes effect at once for new reads"; "unusedSubstitutions lists the substitutions ... no
    /// read has used". A hook that substitutes in its own context and replaces the default
    /// context while told of a read.
    @Test("trace: a hook that substitutes in its own context and replaces the default")
    func hookThatSubstitutesAndReplacesTheDefault() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let weak = Attack12Weak<Attack12HookAssembly>()
            let lines = Attack12Lines()
            let replacement = DIContext()
            let context = DIContext(trace: { event in
                lines.add("\(event.definition) \(event.depth) \(event.substituted)")
                guard event.definition == "Attack12HookAssembly.leaf", let assembly = weak.value
                else {
                    return
                }
                assembly.addSubstitution(for: \.second) { Attack12Box("fake") }
                DIContext.defaultInstance = replacement
                _ = assembly.second  // a read from the hook: told after the rest
            })
            let assembly = Attack12HookAssembly.instance(from: context)
            weak.value = assembly
            let first = assembly.first
            guard first.inner?.name == "leaf", assembly.second.name == "fake",
                DIContext.defaultInstance === replacement, context.unusedSubstitutions.isEmpty
            else {
                edgeWrong("unused \(context.unusedSubstitutions), \(lines.all)")
            }
            let expected = [
                "Attack12HookAssembly.first 0 false", "Attack12HookAssembly.leaf 1 false",
                // the probe's read, the hook's read, the test's read
                "Attack12HookAssembly.second 0 true", "Attack12HookAssembly.second 0 true",
                "Attack12HookAssembly.second 0 true",
            ]
            guard lines.all == expected else {
                edgeWrong("events \(lines.all)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// ThreadSafety.md: a `deinit` that runs inside a read, as that of what a prototype's init
    /// made once its inject returned another object, "is part of that read", and a definition of
    /// the read still in its `init:` is a cycle there. The message names it, with the advice.
    @Test("deinit: a replaced prototype's deinit inside its reader's init stops on the cycle")
    func replacedPrototypesDeinitReadsItsReader() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack12ProtoAssembly.instance(from: DIContext())
            _ = assembly.parent
            edgeWrong("parent \(assembly.seen?.name ?? "-") was read in its own init")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "cycle that cannot close: Attack12ProtoAssembly.parent → "
                    + "Attack12ProtoAssembly.parent is asked for again before it is made; set one "
                    + "side in inject: instead of init:"), "\(text)")
    }

    /// ThreadSafety.md: such a mid-read `deinit` is part of the read: it finds the read's objects,
    /// and its trace events are the read's, below the definition under way.
    @Test("deinit: a replaced prototype's deinit read finds the read's objects, traced within")
    func replacedPrototypesDeinitReadIsPartOfTheRead() {
        let lines = Attack12Lines()
        let context = DIContext(trace: { event in
            lines.add("\(event.definition) \(event.depth) \(event.parent ?? "-") \(event.created)")
        })
        let assembly = Attack12TracedProtoAssembly.instance(from: context)
        let parent = assembly.parent
        #expect(parent.other?.name == "part")
        #expect(assembly.seen === parent.inner)
        #expect(
            lines.all.filter { $0.hasPrefix("Attack12TracedProtoAssembly.leaf") } == [
                "Attack12TracedProtoAssembly.leaf 1 Attack12TracedProtoAssembly.parent true",
                "Attack12TracedProtoAssembly.leaf 1 Attack12TracedProtoAssembly.parent false",
            ], "\(lines.all)")
    }

    /// ScopesAndGraphs.md: only "a method's default key is its name (item(_:))"; a property
    /// whose explicit key: happens to end in ":)" is not a method with arguments.
    @Test("keys: a property with key: \"mood :)\" is no method with arguments")
    func keyThatEndsLikeAMethod() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack12SmileyAssembly.instance(from: DIContext())
            let both = assembly.both
            guard assembly.mood === assembly.mood, both.inner === both.other else {
                edgeWrong("not shared")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Placeholders.md: the presenter "made during that graph reads self.view, whose placeholder
    /// finds that same view"; a prototype read in the graph finds it too.
    @Test("placeholder: a prototype in the injected graph finds the view")
    func placeholderInAPrototype() {
        let module = Attack12ModuleAssembly.instance(from: DIContext())
        let view = Attack12Box("view")
        module.inject(into: view)
        let presenter = view.inner
        #expect(presenter?.inner === view)
        #expect(presenter?.other?.inner === view)
    }

    /// README: withDefault makes a context the default "for a task (or thread) and the tasks it
    /// starts"; EasyDi differences: `Other.instance()` run while a definition of context C is
    /// being made gives C's assembly. Nested withDefault, async let, a task group and a Task,
    /// while another task replaces the process-wide default.
    @Test("withDefault: nested, with async let, task groups and instance() inside definitions")
    func withDefaultInAsyncLetAndGroups() async {
        let context = DIContext()
        let fake = Attack12Box("fake")
        let swapper = Task.detached {
            for _ in 0..<200 {
                DIContext.defaultInstance = DIContext()
                await Task.yield()
            }
        }
        let wrong = await DIContext.withDefault(context) { () async -> [String] in
            Attack12HookAssembly.instance().addSubstitution(for: \.leaf) { fake }
            async let stored = Attack12StoredAssembly.instance().viaStored.inner
            async let inside = Attack12StoredAssembly.instance().viaInstance.inner
            let nested = await DIContext.withDefault(DIContext()) { () async -> Bool in
                async let leaf = Attack12HookAssembly.instance().leaf
                return await leaf !== fake
            }
            let grouped = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        if index % 2 == 0 {
                            return Attack12StoredAssembly.instance().viaInstance.inner === fake
                        }
                        return await Task { Attack12HookAssembly.instance().leaf === fake }.value
                    }
                }
                var all = true
                for await ok in group {
                    all = all && ok
                }
                return all
            }
            var wrong: [String] = []
            if await stored !== fake { wrong.append("stored") }
            if await inside !== fake { wrong.append("inside") }
            if !nested { wrong.append("nested") }
            if !grouped { wrong.append("grouped") }
            return wrong
        }
        await swapper.value
        #expect(wrong.isEmpty)
        #expect(context.unusedSubstitutions.isEmpty)
    }

    /// ScopesAndGraphs.md: "an objectGraph definition reached twice yields the same object both
    /// times"; a weak singleton read twice in one graph while other threads hold and drop it.
    @Test("threads: a weak singleton read twice in a graph while others drop it is one object")
    func weakSingletonDroppedMidRead() {
        let context = DIContext()
        let split = EdgeCounter()
        let finished = edgeOnThreads(4) { index in
            let feature = Attack12Feature<Int>.instance(from: context)
            for _ in 0..<3000 {
                if index == 0 {
                    _ = feature.weakItem  // made, then dropped at once
                } else {
                    let pair = feature.weakPair
                    if pair.partner == nil || pair.partner !== pair.other {
                        split.increment()
                    }
                }
            }
        }
        #expect(finished)
        #expect(split.value == 0)
    }

    /// README: "A read already under way keeps each context's substitutions as it first found
    /// them, so it is never half old, half new". A substituted prototype read twice in one
    /// graph, while other threads add and remove the substitution on both specialisations of a
    /// generic assembly and replace the default context.
    @Test("threads: a prototype read twice in a graph is never half substituted")
    func prototypeNeverHalfSubstituted() {
        let context = DIContext()
        let mixed = EdgeCounter()
        let done = EdgeCounter()
        let finished = edgeOnThreads(4) { index in
            if index == 0 {
                for round in 0..<400 {
                    let ints = Attack12Feature<Int>.instance(from: context)
                    let strings = Attack12Feature<String>.instance(from: context)
                    if round % 2 == 0 {
                        ints.addSubstitution(for: \.fresh) { Attack12Holder<Int>("fake") }
                        strings.addSubstitution(for: "fresh") { Attack12Holder<String>("fake") }
                    } else {
                        ints.removeSubstitution(for: \.fresh)
                        strings.removeSubstitution(for: "fresh")
                    }
                    if round % 50 == 0 {
                        DIContext.defaultInstance = DIContext()
                    }
                }
                done.increment()
                return
            }
            for _ in 0..<2000 {
                let pair = Attack12Feature<Int>.instance(from: context).pair
                if pair.partner?.name != pair.partner?.partner?.name {
                    mixed.increment()
                }
                let other = Attack12Feature<String>.instance(from: context).pair
                if other.partner?.name != other.partner?.partner?.name {
                    mixed.increment()
                }
            }
        }
        #expect(finished)
        #expect(mixed.value == 0)
    }
}
