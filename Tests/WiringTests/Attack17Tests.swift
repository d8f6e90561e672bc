import Foundation
import Testing
import Wiring

// Round 17: spread wide. Contexts (`withDefault`, `defaultInstance`, assemblies made inside
// definitions), weak singletons, trace hooks, substitutions by name and key, overrides,
// placeholders, threads, the stack guard, and key paths from new angles. Cases that may stop the
// process run in a child (an exit test) with EdgeTests' helpers: EDGE-WORKS when the library did
// what the docs promise, EDGE-WRONG for a silent wrong result, else a Wiring: stop. Cases that
// broke a promise, each fixed since, are in "Attack17 defects"; those that held are in
// "Attack17 holds".

// MARK: - Fixtures

/// A named box that may hold two others and runs `onDeinit` when it goes.
final class Attack17Box: @unchecked Sendable {
    let name: String
    var inner: Attack17Box?
    var other: Attack17Box?
    var context: DIContext?
    weak var weakContext: DIContext?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack17Box? = nil) {
        self.name = name
        self.inner = inner
    }

    deinit {
        onDeinit?()
    }
}

/// A weak reference that threads share.
final class Attack17Weak<T: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var held: T?

    init(_ value: T? = nil) {
        held = value
    }

    var value: T? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
}

/// Runs code inside a definition of its context: `run { … }` is a prototype's inject.
final class Attack17RunAssembly: Assembly {
    func run(_ body: () -> Void) {
        let _: Attack17Box = define(key: "run", scope: .prototype, init: Attack17Box("run")) {
            _ in body()
        }
    }
}

/// A definition that other assemblies reach through `instance()`.
final class Attack17HelperAssembly: Assembly {
    var box: Attack17Box { define(init: Attack17Box("helper-box")) }
    /// Records the context that `instance()` gives inside a definition.
    var whereMade: Attack17Box {
        define(init: Attack17Box("where")) { $0.context = Attack17PlainAssembly.instance().context }
    }
}

/// An assembly with nothing in it, to see which context `instance()` gives.
final class Attack17PlainAssembly: Assembly {}

/// A property that injects into an object it makes itself (EasyDi's `defineInjection` used in a
/// property): no `define`.
final class Attack17InjectionAssembly: Assembly {
    var leaf: Attack17Box { define(init: Attack17Box("leaf")) }
    var screen: Attack17Box {
        defineInjection(key: "screen", into: Attack17Box("screen")) { $0.inner = self.leaf }
    }
}

/// An assembly that substitutes one of its definitions when it is made; `box` forwards through
/// `instance()`, which Contexts.md says means the context whose assembly is being made.
final class Attack17SelfSubstitutingAssembly: Assembly {
    var box: Attack17Box { Attack17HelperAssembly.instance().box }
    var direct: Attack17Box { define(init: Attack17Box("direct")) { $0.inner = self.box } }

    required init() {
        super.init()
        addSubstitution(for: \.box) { Attack17Box("fake") }
    }
}

/// A key path whose getter forwards to one of two definitions, by state.
final class Attack17SwitchAssembly: Assembly {
    var useV2 = false
    var v1: Attack17Box { define(init: Attack17Box("v1")) }
    var v2: Attack17Box { define(init: Attack17Box("v2")) }
    var current: Attack17Box { useV2 ? v2 : v1 }
}

/// Definitions that share a key with another define call that is neither an override's `super`
/// nor a substitute's original: `alias` (keyed by `primary`'s name) and `home` (keyed like
/// `endpoint("eu")`) read the other in their inject.
final class Attack17AliasAssembly: Assembly {
    var primary: Attack17Box { define(init: Attack17Box("primary")) }
    var alias: Attack17Box {
        define(key: "primary", init: Attack17Box("alias")) { $0.inner = self.primary }
    }
    func endpoint(_ region: String) -> Attack17Box {
        define(key: "endpoint-\(region)", init: Attack17Box("endpoint-\(region)"))
    }
    var home: Attack17Box {
        define(key: "endpoint-eu", init: Attack17Box("home")) { $0.inner = self.endpoint("eu") }
    }
}

/// `root` reads `leaf` (which reads `leaf2`) from the bottom of a user recursion that leaves
/// `leaving` bytes of the stack.
final class Attack17DeepAssembly: Assembly {
    static let leaving = AttackHeld<NSNumber>()

    var root: Attack17Box {
        define(init: Attack17Box("root")) { r in
            let above = Attack17DeepAssembly.leaving.value?.uintValue ?? 0
            _ = attack3Descend(leaving: above) { r.inner = self.leaf }
        }
    }
    var leaf: Attack17Box { define(init: Attack17Box("leaf")) { $0.inner = self.leaf2 } }
    var leaf2: Attack17Box { define(init: Attack17Box("leaf2")) }
    func chain(_ n: Int) -> Attack17Box {
        define(key: "chain-\(n)", init: Attack17Box("\(n)")) {
            $0.inner = n > 0 ? self.chain(n - 1) : nil
        }
    }
    func endless(_ n: Int) -> Attack17Box {
        define(key: "endless-\(n)", init: Attack17Box("\(n)")) { $0.inner = self.endless(n + 1) }
    }
}

/// A weak singleton `w1` that holds the weak singleton `w2` and reads it in its deinit.
final class Attack17WeakPairAssembly: Assembly {
    static let seen = AttackHeld<Attack17Box>()

    var w2: Attack17Box { define(scope: .weakSingleton, init: Attack17Box("w2")) }
    var w1: Attack17Box {
        define(scope: .weakSingleton, init: Attack17Box("w1")) { box in
            box.inner = self.w2
            let context = self.context
            box.onDeinit = {
                Attack17WeakPairAssembly.seen.value =
                    Attack17WeakPairAssembly.instance(from: context).w2
            }
        }
    }
    /// An optional weak singleton, and runtime keys to make the table sweep.
    var session: Attack17Box? { define(scope: .weakSingleton, init: Attack17Box("session")) }
    func scrap(_ n: Int) -> Attack17Box {
        define(key: "scrap-\(n)", scope: .weakSingleton, init: Attack17Box("scrap-\(n)"))
    }
}

/// A lazySingleton whose inject reaches another assembly through `instance()`, and an assembly
/// that keeps that singleton and that assembly in stored properties.
final class Attack17StoreAssembly: Assembly {
    static let made = EdgeCounter()

    var store: Attack17Box {
        define(scope: .lazySingleton, init: Attack17StoreAssembly.made.counting(Attack17Box("s"))) {
            $0.inner = Attack17HelperAssembly.instance().box
            $0.weakContext = Attack17PlainAssembly.instance().context
        }
    }
}

final class Attack17ReaderAssembly: Assembly {
    let store = Attack17StoreAssembly.instance().store
    let stores = Attack17StoreAssembly.instance()
}

/// Definitions with explicit keys and a shared `definitionKey:`.
final class Attack17NamesAssembly: Assembly {
    var a: Attack17Box { define(key: "a-key", definitionKey: "shared", init: Attack17Box("a")) }
    var b: Attack17Box { define(key: "b-key", definitionKey: "shared", init: Attack17Box("b")) }
}

/// A definition decorated by a spy in its own context, read from another context's definition.
final class Attack17SpiedAssembly: Assembly {
    static let originals = EdgeCounter()

    var x: Attack17Box {
        define(init: Attack17SpiedAssembly.originals.counting(Attack17Box("x")))
    }
}

final class Attack17SpyReaderAssembly: Assembly {
    let spied = AttackHeld<Attack17SpiedAssembly>()

    var y: Attack17Box {
        define(init: Attack17Box("y")) {
            $0.inner = self.spied.value!.x
            $0.other = self.spied.value!.x
        }
    }
}

/// A base with a lazySingleton and an override that wraps it, for threads.
class Attack17BaseAssembly: Assembly {
    static let baseMade = EdgeCounter()

    var service: Attack17Box {
        define(
            scope: .lazySingleton,
            init: Attack17BaseAssembly.baseMade.counting(Attack17Box("base"))
        ) { _ in usleep(20_000) }
    }
}

final class Attack17OverrideAssembly: Attack17BaseAssembly {
    static let made = EdgeCounter()

    override var service: Attack17Box {
        define(
            scope: .lazySingleton,
            init: Attack17OverrideAssembly.made.counting(Attack17Box("override"))
        ) { $0.inner = super.service }
    }
}

/// A VIPER module whose views and presenters are keyed, so that one read can hold two modules.
final class Attack17View {
    var presenter: Attack17Presenter?
}

final class Attack17Presenter {
    weak var view: Attack17View?
    var interactor: Attack17Interactor?
}

final class Attack17Interactor {
    weak var presenter: Attack17Presenter?
}

final class Attack17ModuleAssembly: Assembly {
    let second = AttackHeld<Attack17View>()

    func inject(into view: Attack17View, key: String) {
        defineInjection(key: "view-\(key)", into: view) {
            $0.presenter = self.presenter(key)
            if key == "1", let second = self.second.value {
                self.inject(into: second, key: "2")
            }
        }
    }
    func view(_ key: String) -> Attack17View { definePlaceholder(key: "view-\(key)") }
    func presenter(_ key: String) -> Attack17Presenter {
        define(key: "presenter-\(key)", init: Attack17Presenter()) {
            $0.view = self.view(key)
            $0.interactor = self.interactor(key)
        }
    }
    func interactor(_ key: String) -> Attack17Interactor {
        define(key: "interactor-\(key)", init: Attack17Interactor()) {
            $0.presenter = self.presenter(key)
        }
    }
}

/// Keyed singletons of a method with arguments, made slowly.
final class Attack17ItemAssembly: Assembly {
    static let made = EdgeCounter()

    func item(_ n: Int) -> Attack17Box {
        define(
            key: "item-\(n)", scope: .lazySingleton,
            init: Attack17ItemAssembly.made.counting(Attack17Box("item-\(n)"))
        ) { _ in usleep(2_000) }
    }
}

/// Singletons of two contexts that need each other's, made slowly, and a weak one.
final class Attack17RingAssembly: Assembly {
    static let leftMade = EdgeCounter()
    static let rightMade = EdgeCounter()
    let peer = AttackHeld<DIContext>()

    var left: Attack17Box {
        define(
            scope: .lazySingleton, init: Attack17RingAssembly.leftMade.counting(Attack17Box("L"))
        ) { box in
            usleep(5_000)
            box.inner = Attack17RingAssembly.instance(from: self.peer.value!).right
        }
    }
    var right: Attack17Box {
        define(
            scope: .lazySingleton, init: Attack17RingAssembly.rightMade.counting(Attack17Box("R"))
        ) { _ in usleep(5_000) }
    }
    var weak: Attack17Box {
        define(scope: .weakSingleton, init: Attack17Box("weak")) { $0.inner = self.left }
    }
    var graph: Attack17Box {
        define(init: Attack17Box("graph")) {
            $0.inner = self.weak
            $0.other = self.toggled
        }
    }
    var toggled: Attack17Box { define(init: Attack17Box("toggled")) }
}

/// A slow singleton and an objectGraph definition, for trace hooks that read.
final class Attack17SlowAssembly: Assembly {
    static let made = EdgeCounter()

    var slow: Attack17Box {
        define(scope: .lazySingleton, init: Attack17SlowAssembly.made.counting(Attack17Box("slow")))
        { _ in usleep(300_000) }
    }
    var graph: Attack17Box { define(init: Attack17Box("graph")) }
    var leaf: Attack17Box { define(init: Attack17Box("leaf")) }
}

/// A prototype, and a chain whose every link is decorated by a substitute that reads it.
final class Attack17ProtoAssembly: Assembly {
    var proto: Attack17Box { define(scope: .prototype, init: Attack17Box("proto")) }
    var pair: Attack17Box {
        define(init: Attack17Box("pair")) {
            $0.inner = self.proto
            $0.other = self.proto
        }
    }
    func link(_ n: Int) -> Attack17Box {
        define(key: "link-\(n)", init: Attack17Box("link-\(n)")) {
            $0.inner = n > 0 ? self.link(n - 1) : nil
        }
    }
}

/// A substitute's parameter: an assembly whose stored property gets another with `instance()`.
final class Attack17MocksAssembly: Assembly {
    let helper = Attack17HelperAssembly.instance()
}

// MARK: - Defects

@Suite("Attack17 defects")
struct Attack17DefectTests {
    /// README: "Adding by key path reads the property once ... a getter that is not one `define`
    /// of the property's type stops with a message that names the `addSubstitution` call."
    /// Diagnostics.md: a getter that "calls no `define` of the property's type" stops with "is not
    /// a definition". A property whose getter calls `defineInjection` is no `define`, and an
    /// injection is never substituted: the substitution must either stop at the call or apply.
    @Test("key path: a getter that calls defineInjection stops, or its substitution applies")
    func keyPathToAnInjectionProperty() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack17InjectionAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: \.screen) { Attack17Box("fake") }
            let screen = assembly.screen
            if screen.name != "fake" {
                edgeWrong(
                    "added without a word, yet \\.screen gives \(screen.name); unused: "
                        + "\(assembly.context.unusedSubstitutions)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(
            text.contains("Attack17Tests.swift:")
                && text.contains(
                    "is not a definition: its getter calls no define(...) that returns Attack17Box"),
            "\(text)")
    }

    /// Contexts.md: "`instance()` without an argument means the context whose assembly (or
    /// definition) is being made on this thread". An assembly whose `init` adds a key-path
    /// substitution, whose getter forwards through `instance()`, works when made at the top level
    /// (control); made with `instance(from: other)` inside a definition of another context, the
    /// getter must still mean `other`, the context of the assembly being made.
    @Test("probe: instance() in a getter probed while its assembly is made inside a definition")
    func probeInTheInitOfAnAssemblyMadeInsideADefinition() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let control = DIContext()
            let made = Attack17SelfSubstitutingAssembly.instance(from: control)
            var direct = made.direct
            if direct.inner?.name != "fake" {
                edgeWrong("control: direct got \(direct.inner?.name ?? "nil")")
            }
            let other = DIContext()
            Attack17RunAssembly.instance(from: DIContext()).run {
                direct = Attack17SelfSubstitutingAssembly.instance(from: other).direct
            }
            if direct.inner?.name != "fake" {
                edgeWrong("inside a definition: direct got \(direct.inner?.name ?? "nil")")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Substitutions.md: "Removing by key path reads nothing: it removes the substitution that
    /// this key path added"; README: removing "restores the original definition". A getter that
    /// forwards to `v1` or `v2` by state, substituted through one key path once for each: one
    /// removal through that key path leaves one of the two in place, and which one depends on the
    /// process's hash seed (the first match in a dictionary): run to run, `current` stays fake or
    /// `v1` does.
    @Test("key path: a getter that forwards by state, added twice, is left half substituted")
    func keyPathForwardingByStateRemovedOnce() {
        let assembly = Attack17SwitchAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.current) { Attack17Box("fake-v1") }
        assembly.useV2 = true
        assembly.addSubstitution(for: \.current) { Attack17Box("fake-v2") }
        #expect(assembly.v1.name == "fake-v1" && assembly.current.name == "fake-v2")
        assembly.removeSubstitution(for: \.current)
        #expect(assembly.current.name == "v2", "after removal \\.current gives the fake")
        #expect(assembly.v1.name == "v1", "after removal v1 stays substituted")
    }

    /// Substitutions.md: a key-path substitution "replaces only the definitions that answer to
    /// that property's `definitionKey:` ...: another property whose `key:` is that name keeps its
    /// own" and applies "to every read of that definition". `alias` (key: "primary") keeps its own
    /// object, but the `primary` its inject reads must be the substitute: it is not read from
    /// inside its own substitute, nor through `super`.
    @Test("same key: a property keyed by primary's name reads primary: it gets the real one")
    func aliasInjectReadsTheSubstitutedPrimary() {
        let assembly = Attack17AliasAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.primary) { Attack17Box("fake") }
        #expect(assembly.primary.name == "fake")
        let alias = assembly.alias
        #expect(alias.name == "alias")
        #expect(alias.inner?.name == "fake", "alias's inject got \(alias.inner?.name ?? "nil")")
    }

    /// README: "By name, a substitution matches the definition's `key:` or the name of the
    /// property or method that defines it"; a method's name substitutes every key it makes.
    /// `home` (key: "endpoint-eu", not substituted) reads `endpoint("eu")`: the substitute, as a
    /// read from anywhere else gets.
    @Test("same key: a property keyed like a method call reads that call: it gets the original")
    func propertyKeyedLikeAMethodCallReadsIt() {
        let assembly = Attack17AliasAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "endpoint(_:)") { Attack17Box("fake") }
        #expect(assembly.endpoint("eu").name == "fake")
        let home = assembly.home
        #expect(home.name == "home")
        #expect(home.inner?.name == "fake", "home's inject got \(home.inner?.name ?? "nil")")
    }

    /// Substitutions.md: "Read from inside its own substitute, a definition gives the original".
    /// Primary's spy reads `alias`, another definition (it only shares the key), whose own
    /// key-path substitution is in place: the spy must get alias's substitute.
    @Test("same key: a spy reads another definition of its key: that one's substitute is skipped")
    func spyReadsAnotherDefinitionOfItsKey() {
        let assembly = Attack17AliasAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.alias) { Attack17Box("fake-alias") }
        #expect(assembly.alias.name == "fake-alias")
        assembly.addSubstitution(for: \.primary) { (a: Attack17AliasAssembly) in
            Attack17Box("spy", inner: a.alias)
        }
        let spy = assembly.primary
        #expect(spy.name == "spy")
        #expect(spy.inner?.name == "fake-alias", "the spy got \(spy.inner?.name ?? "nil")")
    }

    /// ThreadSafety.md: "A chain of definitions too deep for the thread's stack ... stops with a
    /// message ... A quarter of a small stack is kept free for this, so a chain that would use
    /// more than about three quarters of it stops too." On a 512 KiB thread, `root`'s inject
    /// recurses (user code) until 280 KiB are left, then reads `leaf` → `leaf2`: the whole read
    /// uses well under half of the stack, yet the guard takes the recursion for one define's
    /// level and stops at `leaf`, "nested 1 deep".
    @Test("stack: a 3-deep chain with a user recursion between two defines, under half a stack")
    func userRecursionBetweenTwoDefines() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            Attack17DeepAssembly.leaving.value = NSNumber(value: 280 * 1024)
            let used = AttackHeld<NSNumber>()
            edgeHangGuard("the read", stackKiB: 512) {
                let root = Attack17DeepAssembly.instance(from: DIContext()).root
                if root.inner?.inner?.name != "leaf2" {
                    edgeWrong("root got \(root.inner?.inner?.name ?? "nil")")
                }
                used.value = NSNumber(value: 1)
            }
            if used.value == nil {
                edgeWrong("the read did not end")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}

// MARK: - Holds

@Suite("Attack17 holds")
struct Attack17HoldTests {
    // MARK: Contexts

    /// Contexts.md: inside `withDefault`, "`instance()` without an argument uses the given
    /// context, while other threads and tasks keep theirs"; inside a definition, `instance()`
    /// means that definition's context. Four threads nest two defaults each and read a definition
    /// of a third context inside the inner one.
    @Test("withDefault: nested on 4 threads; a definition's context wins inside it")
    func withDefaultNestedOnThreads() {
        let wrong = EdgeCounter()
        let third = DIContext()
        let finished = edgeOnThreads(4) { _ in
            let outer = DIContext()
            let inner = DIContext()
            for _ in 0..<200 {
                DIContext.withDefault(outer) {
                    if Attack17PlainAssembly.instance().context !== outer {
                        wrong.increment()
                    }
                    DIContext.withDefault(inner) {
                        if Attack17PlainAssembly.instance().context !== inner
                            || DIContext.defaultInstance !== inner
                        {
                            wrong.increment()
                        }
                        let seen = Attack17HelperAssembly.instance(from: third).whereMade
                        if seen.context !== third {
                            wrong.increment()
                        }
                    }
                    if Attack17PlainAssembly.instance().context !== outer {
                        wrong.increment()
                    }
                }
                if Attack17PlainAssembly.instance().context === outer {
                    wrong.increment()
                }
            }
        }
        #expect(finished)
        #expect(wrong.value == 0)
    }

    /// Contexts.md: `withDefault` reaches "the tasks it starts", a `Task.detached`, a dispatch
    /// queue or a thread "gets the process-wide default"; the async form keeps it across a hop to
    /// the main actor.
    @Test("withDefault async: task group children, a MainActor hop; not detached, queue, thread")
    func withDefaultAsync() async {
        let context = DIContext()
        await DIContext.withDefault(context) {
            let inGroup = await withTaskGroup(of: Bool.self) { group in
                for n in 0..<8 {
                    group.addTask {
                        let mine = DIContext()
                        let outerSeen = Attack17PlainAssembly.instance().context === context
                        let innerSeen = await DIContext.withDefault(mine) {
                            await Task.yield()
                            return Attack17PlainAssembly.instance().context === mine
                        }
                        return outerSeen && innerSeen && n >= 0
                    }
                }
                var all = true
                for await ok in group {
                    all = all && ok
                }
                return all
            }
            #expect(inGroup)
            let onMain = await MainActor.run { Attack17PlainAssembly.instance().context }
            #expect(onMain === context)
            let detached = await Task.detached { Attack17PlainAssembly.instance().context }.value
            // Which process-wide default it gets is not asserted: other tests replace it meanwhile.
            #expect(detached !== context)
            // Nor does a task-local value reach a dispatch queue or a thread.
            let queued = await withCheckedContinuation { done in
                DispatchQueue.global().async {
                    done.resume(returning: Attack17PlainAssembly.instance().context)
                }
            }
            #expect(queued !== context)
            let threaded = await withCheckedContinuation { done in
                Thread { done.resume(returning: Attack17PlainAssembly.instance().context) }.start()
            }
            #expect(threaded !== context)
        }
    }

    /// Contexts.md: `instance()` inside a definition means that definition's context, and
    /// `defaultInstance` "changes it for the whole process". Another thread replaces the default
    /// while a read sleeps in its inject; what it gets with `instance()` afterwards is still its
    /// own context, and later reads at the top level get the new default.
    @Test("defaultInstance: replaced mid-read; instance() inside the read keeps the read's")
    func defaultReplacedMidRead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let mine = DIContext()
            let replacement = DIContext()
            let started = DispatchSemaphore(value: 0)
            let replaced = DispatchSemaphore(value: 0)
            let seen = AttackHeld<DIContext>()
            let finished = edgeOnThreads(2) { index in
                if index == 0 {
                    Attack17RunAssembly.instance(from: mine).run {
                        started.signal()
                        replaced.wait()
                        seen.value = Attack17PlainAssembly.instance().context
                    }
                } else {
                    started.wait()
                    DIContext.defaultInstance = replacement
                    replaced.signal()
                }
            }
            if !finished || seen.value !== mine {
                edgeWrong("finished \(finished), the read's instance() is its own: false")
            }
            if Attack17PlainAssembly.instance().context !== replacement {
                edgeWrong("the top level does not get the new default")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Contexts.md: a stored property `let services = ServiceAssembly.instance()` "stays in the
    /// same context"; "Drop the last reference to the context and to its assemblies, and the
    /// context goes away together with its singletons". An assembly whose stored properties read
    /// a singleton is made with `instance(from:)` inside a definition of another context.
    @Test("stored properties: an assembly made inside another context's definition reads its own")
    func storedPropertiesOfAnAssemblyMadeInsideADefinition() {
        let first = DIContext()
        var second: DIContext? = DIContext()
        let gone = Attack17Weak(second)
        var reader: Attack17ReaderAssembly?
        Attack17RunAssembly.instance(from: first).run {
            reader = Attack17ReaderAssembly.instance(from: second!)
        }
        #expect(reader?.stores.context === second)
        #expect(reader?.store === Attack17StoreAssembly.instance(from: second!).store)
        #expect(reader?.store.weakContext === second)
        #expect(Attack17StoreAssembly.instance(from: first).store !== reader?.store)
        second = nil
        reader = nil
        #expect(gone.value == nil, "the second context outlived its assemblies")
    }

    /// ThreadSafety.md: "a `deinit` may read definitions"; a context whose last holder lets go
    /// inside a read goes when the read ends, and its singleton's deinit reads the first context.
    @Test("lifetime: a context let go inside another's read goes at its end; its deinit reads")
    func contextLetGoMidRead() {
        let first = DIContext()
        let deinitSaw = AttackHeld<Attack17Box>()
        let gone = Attack17Weak<DIContext>()
        Attack17RunAssembly.instance(from: first).run {
            let temporary = DIContext()
            gone.value = temporary
            let store = Attack17StoreAssembly.instance(from: temporary).store
            store.onDeinit = {
                deinitSaw.value = Attack17HelperAssembly.instance(from: first).box
            }
        }
        #expect(gone.value == nil)
        #expect(deinitSaw.value?.name == "helper-box")
    }

    // MARK: Weak singletons

    /// ScopesAndGraphs.md: a weak singleton is "shared while someone else holds it". `w1` holds
    /// `w2`; w1's deinit reads w2, still held by the dying w1: the same w2.
    @Test("weak: a weak singleton's deinit reads the weak singleton it holds: the same one")
    func weakDeinitReadsTheWeakItHolds() {
        let assembly = Attack17WeakPairAssembly.instance(from: DIContext())
        var w1: Attack17Box? = assembly.w1
        let w2 = w1?.inner
        #expect(assembly.w2 === w2)
        w1 = nil
        #expect(Attack17WeakPairAssembly.seen.value === w2)
        #expect(assembly.w2 === w2)
    }

    /// ScopesAndGraphs.md: an optional weak singleton is shared while held; sweeps keep held
    /// ones. Four threads hold and drop `session` and make released runtime-key weak singletons
    /// (so the table sweeps) while each checks that two reads in a row give one object.
    @Test("weak: an optional weak singleton read twice on 4 threads while sweeps run is one")
    func optionalWeakWhileSweeps() {
        let assembly = Attack17WeakPairAssembly.instance(from: DIContext())
        let context = assembly.context
        let wrong = EdgeCounter()
        let finished = edgeOnThreads(4) { index in
            let mine = Attack17WeakPairAssembly.instance(from: context)
            for round in 0..<2_000 {
                let first = mine.session
                let second = mine.session
                if first == nil || first !== second {
                    wrong.increment()
                }
                _ = mine.scrap(index * 10_000 + round)
            }
        }
        #expect(finished)
        #expect(wrong.value == 0)
    }

    // MARK: Trace hooks

    /// Contexts.md: the hook "is called on the thread that reads ... when it ends", so it may
    /// substitute. A hook that adds a substitution on `leaf`'s first made event and removes it on
    /// the first substituted one: read 1 real, read 2 fake, read 3 real.
    @Test("trace: a hook that adds, then removes, a substitution of the definition it hears")
    func hookAddsAndRemovesSubstitutions() {
        let target = Attack17Weak<Attack17SlowAssembly>()
        let step = EdgeCounter()
        let context = DIContext(trace: { event in
            guard event.definition == "Attack17SlowAssembly.leaf", let assembly = target.value
            else {
                return
            }
            if !event.substituted, step.take(upTo: 1) {
                assembly.addSubstitution(for: "leaf") { Attack17Box("fake") }
            } else if event.substituted {
                assembly.removeSubstitution(for: "leaf")
            }
        })
        let assembly = Attack17SlowAssembly.instance(from: context)
        target.value = assembly
        #expect(assembly.leaf.name == "leaf")
        #expect(assembly.leaf.name == "fake")
        #expect(assembly.leaf.name == "leaf")
        #expect(context.unusedSubstitutions.isEmpty)
    }

    /// ThreadSafety.md: "a thread that asks for a singleton while it is being made waits for
    /// it"; Contexts.md: the hook never runs while a singleton is being made. One thread makes
    /// `slow` (300 ms); another reads `graph`, and its hook reads `slow`: it waits, gets the one
    /// singleton, and nothing hangs.
    @Test("trace: a hook reads a singleton another thread is making: it waits, one is made")
    func hookReadsASingletonBeingMade() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let heard = AttackHeld<Attack17Box>()
            let target = Attack17Weak<Attack17SlowAssembly>()
            let context = DIContext(trace: { event in
                if event.definition == "Attack17SlowAssembly.graph", let assembly = target.value {
                    heard.value = assembly.slow
                }
            })
            let assembly = Attack17SlowAssembly.instance(from: context)
            target.value = assembly
            let made = AttackHeld<Attack17Box>()
            let finished = edgeOnThreads(2) { index in
                if index == 0 {
                    made.value = Attack17SlowAssembly.instance(from: context).slow
                } else {
                    usleep(50_000)
                    _ = Attack17SlowAssembly.instance(from: context).graph
                }
            }
            if !finished {
                edgeWrong("hung")
            }
            if Attack17SlowAssembly.made.value != 1 || heard.value !== made.value {
                edgeWrong(
                    "made \(Attack17SlowAssembly.made.value), the hook's is the one: "
                        + "\(heard.value === made.value)")
            }
            withExtendedLifetime(assembly) {}
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Contexts.md: "a slow hook does not hold up other threads' singletons"; ThreadSafety.md:
    /// each singleton is made once. Four threads read traced definitions whose hook sleeps and
    /// reads a definition, while four others make 40 keyed singletons: each made once.
    @Test("trace: slow hooks that read, on 4 threads, while 4 others make keyed singletons")
    func slowHooksWhileSingletonsAreMade() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let items = DIContext()
            let events = EdgeEvents()
            let traced = DIContext(trace: { event in
                events.add(event)
                if event.definition == "Attack17SlowAssembly.graph" {
                    usleep(2_000)
                    _ = Attack17ItemAssembly.instance(from: items).item(event.depth)
                }
            })
            let finished = edgeOnThreads(8) { index in
                if index < 4 {
                    let assembly = Attack17SlowAssembly.instance(from: traced)
                    for _ in 0..<50 {
                        _ = assembly.graph
                    }
                } else {
                    let assembly = Attack17ItemAssembly.instance(from: items)
                    for n in 0..<40 {
                        _ = assembly.item(n)
                    }
                }
            }
            if !finished {
                edgeWrong("hung")
            }
            if Attack17ItemAssembly.made.value != 40 || events.all.count != 200 {
                edgeWrong(
                    "items made \(Attack17ItemAssembly.made.value), events \(events.all.count)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Substitutions by name and key

    /// Substitutions.md: "If both a definition's `key:` and the name it answers to have a
    /// substitution, the one by `key:` applies"; `unusedSubstitutions` lists what no read used.
    @Test("by name: key and definitionKey both substituted; the key's wins; unused is exact")
    func keyAndDefinitionKeyBothSubstituted() {
        let assembly = Attack17NamesAssembly.instance(from: DIContext())
        let context = assembly.context
        assembly.addSubstitution(for: "shared") { Attack17Box("by-shared") }
        assembly.addSubstitution(for: "a-key") { Attack17Box("by-key") }
        assembly.addSubstitution(for: "a-kye") { Attack17Box("typo") }
        #expect(
            context.unusedSubstitutions
                == [
                    "Attack17NamesAssembly.a-key", "Attack17NamesAssembly.a-kye",
                    "Attack17NamesAssembly.shared",
                ])
        #expect(assembly.a.name == "by-key")
        #expect(context.unusedSubstitutions.contains("Attack17NamesAssembly.shared"))
        #expect(assembly.b.name == "by-shared")
        #expect(context.unusedSubstitutions == ["Attack17NamesAssembly.a-kye"])
        assembly.removeSubstitution(for: "a-key")
        #expect(assembly.a.name == "by-shared")
        assembly.removeSubstitution(for: "shared")
        #expect(assembly.a.name == "a" && assembly.b.name == "b")
    }

    /// Substitutions.md: a spy reads the original "of the same context ...; an objectGraph
    /// original is one object per graph"; CHANGELOG/README: one graph across contexts. A
    /// definition of another context reads the spied one twice: one spy, one original.
    @Test("spy: read twice from another context's definition, one spy around one original")
    func spyReadFromAnotherContext() {
        let spiedAssembly = Attack17SpiedAssembly.instance(from: DIContext())
        spiedAssembly.addSubstitution(for: \.x) { (a: Attack17SpiedAssembly) in
            Attack17Box("spy", inner: a.x)
        }
        let reader = Attack17SpyReaderAssembly.instance(from: DIContext())
        reader.spied.value = spiedAssembly
        let before = Attack17SpiedAssembly.originals.value
        let y = reader.y
        #expect(y.inner?.name == "spy" && y.inner === y.other)
        #expect(y.inner?.inner?.name == "x")
        #expect(Attack17SpiedAssembly.originals.value - before == 1)
        #expect(reader.context.unusedSubstitutions.isEmpty)
        #expect(spiedAssembly.context.unusedSubstitutions.isEmpty)
    }

    /// Substitutions.md: "Removing by key path reads nothing: it removes the substitution that
    /// this key path added" and "The key path must be the same, root type included". An assembly
    /// nobody holds is made again; the same key path on the new one removes it.
    @Test("key path: removed through a new assembly of the same type and context")
    func keyPathRemovedThroughANewAssembly() {
        let context = DIContext()
        Attack17AliasAssembly.instance(from: context).addSubstitution(for: \.primary) {
            Attack17Box("fake")
        }
        #expect(Attack17AliasAssembly.instance(from: context).primary.name == "fake")
        Attack17AliasAssembly.instance(from: context).removeSubstitution(for: \.primary)
        #expect(Attack17AliasAssembly.instance(from: context).primary.name == "primary")
        #expect(context.unusedSubstitutions.isEmpty)
    }

    // MARK: Overrides, placeholders, methods with arguments

    /// Substitutions.md: an override that reads `super` wraps "the superclass's definition";
    /// ScopesAndGraphs.md: each singleton is made once, also when several threads ask. Eight
    /// threads read the override's singleton, whose inject reads super's slow singleton.
    @Test("override: 8 threads read an override singleton that wraps super's: one of each")
    func overrideSingletonsOnThreads() {
        let context = DIContext()
        let seen = EdgeIdentities()
        let wrong = EdgeCounter()
        let finished = edgeOnThreads(8) { _ in
            let service = Attack17OverrideAssembly.instance(from: context).service
            if service.name != "override" || service.inner?.name != "base" {
                wrong.increment()
            }
            seen.add(service)
        }
        #expect(finished)
        #expect(wrong.value == 0)
        #expect(Set(seen.all).count == 1)
        #expect(Attack17OverrideAssembly.made.value == 1)
        #expect(Attack17BaseAssembly.baseMade.value == 1)
    }

    /// Placeholders.md: "Within one read a key names one object"; a placeholder returns "the
    /// object injected under its key in the current graph". Two modules injected in one read under
    /// two keys: each presenter has its own view, and each interactor its presenter.
    @Test("placeholder: two modules injected in one read under their own keys stay apart")
    func twoModulesInOneRead() {
        let assembly = Attack17ModuleAssembly.instance(from: DIContext())
        let first = Attack17View()
        let second = Attack17View()
        assembly.second.value = second
        assembly.inject(into: first, key: "1")
        #expect(first.presenter?.view === first)
        #expect(second.presenter?.view === second)
        #expect(first.presenter !== second.presenter)
        #expect(first.presenter?.interactor?.presenter === first.presenter)
        #expect(second.presenter?.interactor?.presenter === second.presenter)
    }

    /// ScopesAndGraphs.md: a method's key built from its arguments gives "different objects";
    /// each singleton is made once per context. Six threads read 30 keys of a slow method.
    @Test("method key: 6 threads read 30 keyed singletons of a slow method; each made once")
    func keyedSingletonsOnThreads() {
        let context = DIContext()
        let before = Attack17ItemAssembly.made.value
        let wrong = EdgeCounter()
        let finished = edgeOnThreads(6) { index in
            let assembly = Attack17ItemAssembly.instance(from: context)
            for step in 0..<30 {
                let n = (step + index * 5) % 30 + 1_000
                if assembly.item(n).name != "item-\(n)" || assembly.item(n) !== assembly.item(n) {
                    wrong.increment()
                }
            }
        }
        #expect(finished)
        #expect(wrong.value == 0)
        #expect(Attack17ItemAssembly.made.value - before == 30)
    }

    // MARK: Threads

    /// ThreadSafety.md: "Making singletons is serialised ... so singletons of two contexts that
    /// need each other cannot deadlock"; a read "is never half old, half new". Eight threads read,
    /// over two contexts, a graph whose weak singleton holds a slow lazy singleton that reads the
    /// other context's, while one thread toggles a substitution of `toggled` by name.
    @Test("threads: two contexts' slow singletons, weak ones, a substitution toggled: once each")
    func twoContextsSlowSingletonsAndToggles() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let one = DIContext()
            let two = DIContext()
            let keepOne = Attack17RingAssembly.instance(from: one)
            let keepTwo = Attack17RingAssembly.instance(from: two)
            keepOne.peer.value = two
            keepTwo.peer.value = one
            let wrong = EdgeCounter()
            let finished = edgeOnThreads(8) { index in
                let context = index % 2 == 0 ? one : two
                let assembly = Attack17RingAssembly.instance(from: context)
                for round in 0..<100 {
                    if index == 7 {
                        assembly.addSubstitution(for: "toggled") { Attack17Box("fake-\(round)") }
                        usleep(100)
                        assembly.removeSubstitution(for: "toggled")
                        continue
                    }
                    let graph = assembly.graph
                    let left = graph.inner?.inner
                    if left?.name != "L" || left?.inner?.name != "R"
                        || left !== assembly.left
                    {
                        wrong.increment()
                    }
                }
            }
            if !finished {
                edgeWrong("hung")
            }
            if wrong.value > 0 || Attack17RingAssembly.leftMade.value != 2
                || Attack17RingAssembly.rightMade.value != 2
            {
                edgeWrong(
                    "wrong \(wrong.value), left made \(Attack17RingAssembly.leftMade.value), "
                        + "right made \(Attack17RingAssembly.rightMade.value)")
            }
            withExtendedLifetime((keepOne, keepTwo)) {}
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Stack

    /// ThreadSafety.md: only a chain that would use more than about three quarters of the stack
    /// stops. A 300-deep finite chain on a 4 MiB thread (well under half of it, even in a debug
    /// build) completes; an endless one on the same thread stops with the message.
    @Test("stack: a 300-deep finite chain on a 4 MiB thread completes; an endless one stops")
    func finiteChainCompletesEndlessStops() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let done = AttackHeld<Attack17Box>()
            edgeHangGuard("the finite chain", stackKiB: 4096) {
                done.value = Attack17DeepAssembly.instance(from: DIContext()).chain(300)
            }
            var depth = 0
            var box = done.value
            while let next = box?.inner {
                depth += 1
                box = next
            }
            if depth != 300 {
                edgeWrong("the finite chain is \(depth) deep")
            }
            edgeHangGuard("the endless chain", stackKiB: 4096) {
                _ = Attack17DeepAssembly.instance(from: DIContext()).endless(0)
            }
            edgeWrong("the endless chain ended")
        }
        let text = edgeText(result)
        #expect(
            result?.exitStatus != .signal(SIGSEGV) && result?.exitStatus != .signal(SIGBUS)
                && text.contains("Wiring: definitions nested"), "\(text)")
    }

    // MARK: More

    /// Contexts.md: `withDefault` reaches "the tasks it starts"; `instance()` means the
    /// definition's context only on the thread making it. A `Task` started inside a definition of
    /// another context, inside `withDefault`, runs outside any definition: it gets the default.
    @Test("withDefault: a Task started inside a definition of another context gets the default")
    func taskStartedInsideADefinition() async {
        let scoped = DIContext()
        let other = DIContext()
        let task = DIContext.withDefault(scoped) {
            var started: Task<DIContext, Never>?
            Attack17RunAssembly.instance(from: other).run {
                started = Task { Attack17PlainAssembly.instance().context }
            }
            return started!
        }
        #expect(await task.value === scoped)
    }

    /// README: a substitution "within one graph ... still yields one instance, like the
    /// definition it replaces"; a prototype is "a new instance on every read, even inside one
    /// graph". A key-path substitute of a prototype runs on each read of one graph.
    @Test("prototype: a key-path substitute gives a new object on each read of one graph")
    func prototypeSubstituteInOneGraph() {
        let assembly = Attack17ProtoAssembly.instance(from: DIContext())
        let runs = EdgeCounter()
        assembly.addSubstitution(for: \.proto) {
            runs.increment()
            return Attack17Box("fake")
        }
        let before = runs.value
        let pair = assembly.pair
        #expect(pair.inner?.name == "fake" && pair.other?.name == "fake")
        #expect(pair.inner !== pair.other)
        #expect(runs.value - before == 2)
    }

    /// Substitutions.md: a substitute "names the assembly it reads as the closure's parameter,
    /// and Wiring passes in that assembly of the same context"; Contexts.md: a stored property
    /// `let x = X.instance()` of an assembly made inside a definition stays in its context.
    @Test("substitute parameter: an assembly whose stored property gets another, same context")
    func substituteParameterWithStoredProperty() {
        let assembly = Attack17AliasAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "primary") { (mocks: Attack17MocksAssembly) in
            let box = Attack17Box("fake", inner: mocks.helper.box)
            box.weakContext = mocks.helper.context
            return box
        }
        let primary = assembly.primary
        #expect(primary.name == "fake" && primary.inner?.name == "helper-box")
        #expect(primary.weakContext === assembly.context)
    }

    /// ThreadSafety.md: only a chain that would use most of the stack stops; Substitutions.md:
    /// a spy reads its original. A 151-link chain, every link decorated by its key with a spy
    /// that reads its original: 302 nested define calls, on a 4 MiB thread.
    @Test("stack: a 150-link chain, each link's spy reading its original, on a 4 MiB thread")
    func decoratedChainOnABigStack() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack17ProtoAssembly.instance(from: DIContext())
            for n in 0...150 {
                assembly.addSubstitution(for: "link-\(n)") { (a: Attack17ProtoAssembly) in
                    Attack17Box("spy-\(n)", inner: a.link(n))
                }
            }
            let context = assembly.context
            let top = AttackHeld<Attack17Box>()
            edgeHangGuard("the chain", stackKiB: 4096) {
                top.value = Attack17ProtoAssembly.instance(from: context).link(150)
            }
            var spies = 0
            var box = top.value
            while let spy = box, spy.name.hasPrefix("spy-") {
                spies += 1
                box = spy.inner?.inner
            }
            if spies != 151 || !context.unusedSubstitutions.isEmpty {
                edgeWrong("\(spies) spies, unused \(context.unusedSubstitutions.count)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Contexts.md: the hook "is called on the thread that reads"; a context goes when the last
    /// reference to it goes. A hook that lets go of the last reference to its own context while
    /// three other threads read the context through assemblies they hold: nothing crashes, and
    /// the context goes once they let go.
    @Test("trace: a hook that lets go of its own context while other threads read it")
    func hookLetsGoOfItsOwnContext() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let holder = AttackHeld<DIContext>()
            let gone = Attack17Weak<DIContext>()
            let shared = AttackHeld<NSArray>()
            do {
                // The hook holds `holder`, which holds the context, until the hook lets go.
                let context = DIContext(trace: { event in
                    if event.definition == "Attack17SlowAssembly.leaf" {
                        holder.value = nil
                    }
                })
                holder.value = context
                gone.value = context
                shared.value =
                    (0..<3).map { _ in Attack17SlowAssembly.instance(from: context) } as NSArray
            }
            let finished = edgeOnThreads(4) { index in
                if index == 3 {
                    _ = (shared.value?[0] as? Attack17SlowAssembly)?.leaf
                    return
                }
                let assembly = shared.value?[index] as? Attack17SlowAssembly
                for _ in 0..<500 {
                    _ = assembly?.graph
                }
            }
            if !finished {
                edgeWrong("hung")
            }
            shared.value = nil
            if holder.value != nil || gone.value != nil {
                edgeWrong("the context outlived every reference")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}
