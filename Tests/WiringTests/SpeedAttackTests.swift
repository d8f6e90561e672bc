import Foundation
import Testing
import Wiring

#if canImport(Glibc)
    import Glibc
#endif

// The three speed-ups of the read: run-time exclusivity checks skipped on a read's state, a
// call's variables and the context's tables; a slot that hashes its key's name only; a read's
// substitution snapshots in a list searched by context. Tried as a hostile user would, in debug
// and release; `.ci/exclusivity` runs them with the checks back in, where user code that runs
// inside a change of one of those variables traps ("Simultaneous accesses"). A case that may
// stop, trap or hang runs in a child process with EdgeTests' helpers: EDGE-WORKS when the library
// did what it promises, EDGE-WRONG for a silent wrong result.

// MARK: - Fixtures

/// Serial numbers, which tell a new object from an old one at the same address.
enum Attack9Serial {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last = 0

    static func next() -> Int {
        lock.withLock {
            last += 1
            return last
        }
    }
}

/// A named object with a serial number that may hold others and runs a closure when it goes.
/// Threads that share a weak singleton each set its closure, so a lock guards it.
final class Attack9Box {
    let name: String
    let serial = Attack9Serial.next()
    var inner: Attack9Box?
    var other: Attack9Box?
    var seen: [Attack9Box] = []
    private let lock = NSLock()
    private var lastOnDeinit: (() -> Void)?
    var onDeinit: (() -> Void)? {
        get { lock.withLock { lastOnDeinit } }
        set { lock.withLock { lastOnDeinit = newValue } }
    }

    init(_ name: String, inner: Attack9Box? = nil) {
        self.name = name
        self.inner = inner
    }

    deinit { onDeinit?() }
}

/// Another type of object, so that a key-path getter may read it beside its one definition.
final class Attack9Token {
    var onDeinit: (() -> Void)?

    deinit { onDeinit?() }
}

/// Notes and objects that hooks, deinits and threads leave, held strongly.
final class Attack9Notes: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [String: Attack9Box] = [:]
    private var texts: [String] = []

    subscript(name: String) -> Attack9Box? {
        get { lock.withLock { objects[name] } }
        set { lock.withLock { objects[name] = newValue } }
    }

    var all: [String] { lock.withLock { texts } }

    func add(_ text: String) {
        lock.withLock { texts.append(text) }
    }
}

/// An assembly set once its context exists, for that context's trace hook.
final class Attack9Later: @unchecked Sendable {
    var assembly: Attack9HostileAssembly?
    var context: DIContext?
    var done = false
}

/// Holds an object weakly.
final class Attack9Weak<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object?) {
        self.object = object
    }
}

/// Reads everything across contexts in one read: a definition whose init reads the others.
final class Attack9HubAssembly: Assembly {
    var theme: Attack9Box { define(init: Attack9Box("theme")) }

    /// `count` rows, each in a new context of its own; each reads `theme` if `shared`.
    func rows(_ count: Int, shared: Bool) -> [Attack9Box] {
        define(
            key: "rows-\(count)-\(shared)",
            init: (0..<count).map { _ in
                Attack9RowAssembly.instance(from: DIContext()).row(shared ? self : nil)
            })
    }

    /// Runs `body` inside a read of this context, as the init of an objectGraph definition.
    func inside<T>(_ key: String, _ body: () -> T) -> T {
        define(key: "inside-\(key)", init: body())
    }
}

final class Attack9RowAssembly: Assembly {
    var part: Attack9Box { define(init: Attack9Box("part")) }
    var fresh: Attack9Box { define(scope: .prototype, init: Attack9Box("fresh")) }
    var lazy: Attack9Box { define(scope: .lazySingleton, init: Attack9Box("lazy")) }
    var weak: Attack9Box { define(scope: .weakSingleton, init: Attack9Box("weak")) }
    var token: Attack9Token { define(init: Attack9Token()) }

    /// Reads `part` twice, and the hub's `theme` if given.
    func row(_ hub: Attack9HubAssembly?) -> Attack9Box {
        define(key: "row", init: Attack9Box("row")) {
            $0.seen = [self.part, self.part] + (hub.map { [$0.theme] } ?? [])
        }
    }
}

/// Assemblies of one shape, a type for each `T`, all with the same definition names.
protocol Attack9Sharing: AnyObject {
    var shared: Attack9Box { get }
    var weak: Attack9Box { get }
    var graph: Attack9Box { get }
}

final class Attack9Wrap<T> {}

final class Attack9GenericAssembly<T>: Assembly, Attack9Sharing {
    var shared: Attack9Box { define(scope: .lazySingleton, init: Attack9Box("shared")) }
    var weak: Attack9Box { define(scope: .weakSingleton, init: Attack9Box("weak")) }
    var graph: Attack9Box { define(init: Attack9Box("graph")) }
}

/// `count` distinct assembly types of one shape, made at run time.
func attack9Types(_ count: Int) -> [Assembly.Type] {
    func wrapped<T>(_: T.Type) -> Any.Type { Attack9Wrap<T>.self }
    func assembly<T>(_: T.Type) -> Assembly.Type { Attack9GenericAssembly<T>.self }
    var argument: Any.Type = Int.self
    var types: [Assembly.Type] = []
    for _ in 0..<count {
        types.append(assembly(argument))
        argument = wrapped(argument)
    }
    return types
}

/// The same definition overridden three times, each override reading super twice.
class Attack9Level0: Assembly {
    var thing: Attack9Box { define(init: Attack9Box("0")) }
}

class Attack9Level1: Attack9Level0 {
    override var thing: Attack9Box {
        define(init: Attack9Box("1")) { $0.seen = [super.thing, super.thing] }
    }
}

class Attack9Level2: Attack9Level1 {
    override var thing: Attack9Box {
        define(init: Attack9Box("2")) { $0.seen = [super.thing, super.thing] }
    }
}

final class Attack9Level3: Attack9Level2 {
    override var thing: Attack9Box {
        define(init: Attack9Box("3")) { $0.seen = [super.thing, super.thing] }
    }
}

/// Reads what a hostile user's code does while a read is under way.
final class Attack9HostileAssembly: Assembly {
    let notes = Attack9Notes()

    var shared: Attack9Box { define(init: Attack9Box("shared")) }
    var fresh: Attack9Box { define(scope: .prototype, init: Attack9Box("fresh")) }
    var lazy: Attack9Box { define(scope: .lazySingleton, init: Attack9Box("lazy")) }
    var view: Attack9Box { definePlaceholder() }

    func inject(into view: Attack9Box) {
        defineInjection(key: "view", into: view) { $0.inner = self.shared }
    }

    /// A prototype whose inject returns another object: what its init made goes as soon as its
    /// read returns, in the middle of the read around it, and runs `onDeinit` then.
    func dropped(_ onDeinit: @escaping () -> Void) -> Attack9Box {
        define(key: "dropped", scope: .prototype, init: Attack9Box("made")) {
            (box: inout Attack9Box) -> Attack9Box in
            box.onDeinit = onDeinit
            return Attack9Box("returned")
        }
    }

    /// A getter that reads a definition of another type in a new context (whose object's deinit
    /// reads) before its one definition.
    var probed: Attack9Box {
        let row = Attack9RowAssembly.instance(from: DIContext())
        let token = row.token
        token.onDeinit = { self.notes.add("token:\(type(of: row.token))") }
        return fresh
    }
}

/// EasyDi's style, an `inject:` that returns the object it was given, on a prototype that a
/// definition reads and drops three times.
final class Attack9EasyDiStyleAssembly: Assembly {
    let notes = Attack9Notes()

    var item: Attack9Box {
        define(scope: .prototype, init: Attack9Box("item")) {
            $0.onDeinit = { self.notes.add("gone") }
            return $0
        }
    }

    /// Notes how many items had gone when each of three was read (and dropped).
    var list: Attack9Box {
        define(init: Attack9Box("list")) {
            for _ in 0..<3 {
                _ = self.item
                self.notes.add("\(self.notes.all.count)")
            }
            return $0
        }
    }
}

/// Typed `inject:` closures (`(Object) -> Object`) that return another object than their init
/// made; the first made object's deinit reads the definition that is reading it.
final class Attack9TypedAssembly: Assembly {
    let notes = Attack9Notes()

    var parent: Attack9Box { define(init: Attack9Box("parent", inner: self.child)) }
    var child: Attack9Box {
        define(init: Attack9Box("made")) { (made: Attack9Box) -> Attack9Box in
            if self.notes.all.isEmpty {
                self.notes.add("armed")
                made.onDeinit = { self.notes["deinit"] = self.parent }
            }
            return Attack9Box("replacement")
        }
    }

    var injectionParent: Attack9Box {
        define(init: Attack9Box("parent")) { $0.inner = self.inject(into: Attack9Box("given")) }
    }

    func inject(into given: Attack9Box) -> Attack9Box {
        defineInjection(key: "given", into: given) { (made: Attack9Box) -> Attack9Box in
            if self.notes.all.isEmpty {
                self.notes.add("armed")
                made.onDeinit = { self.notes["deinit"] = self.injectionParent }
            }
            return Attack9Box("replacement")
        }
    }
}

/// An assembly whose stored property reads a definition and whose deinit reads one.
final class Attack9StoredAssembly: Assembly {
    let part = Attack9RowAssembly.instance().part
    nonisolated(unsafe) static var deinitRead: Attack9Box?

    deinit {
        Attack9StoredAssembly.deinitRead = Attack9RowAssembly.instance(from: context).part
    }
}

/// Whether `objects` are all distinct objects.
func attack9Distinct(_ objects: [Attack9Box]) -> Bool {
    Set(objects.map(ObjectIdentifier.init)).count == objects.count
}

// MARK: - Tests

@Suite("Speed attacks: unchecked exclusivity, name-only slot hashes, snapshot lists")
struct SpeedAttackTests {
    // MARK: User code inside a read (run with the checks back in by .ci/exclusivity)

    @Test("exclusivity: a dropped object's deinit mid-read reads, probes and finds the view")
    func deinitMidReadDoesEverything() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let assembly = Attack9HostileAssembly.instance(from: context)
            // A default context whose lazySingleton reads `shared` when it goes, mid-read.
            do {
                let old = DIContext()
                DIContext.defaultInstance = old
                let oldLazy = Attack9HostileAssembly.instance(from: old).lazy
                oldLazy.onDeinit = { assembly.notes["old"] = assembly.shared }
            }
            let view = Attack9Box("view")
            let hub = Attack9HubAssembly.instance(from: context)
            let top = hub.inside("top") { () -> Attack9Box in
                let top = Attack9Box("top")
                top.inner = assembly.shared
                assembly.inject(into: view)
                _ = assembly.dropped {
                    assembly.notes["deinit"] = assembly.shared
                    assembly.notes["view"] = assembly.view
                    assembly.addSubstitution(for: \.fresh) { Attack9Box("probed") }
                    DIContext.defaultInstance = DIContext()
                    assembly.notes["default"] = DIContext.withDefault(DIContext()) {
                        Attack9HostileAssembly.instance(from: .defaultInstance).shared
                    }
                }
                top.other = assembly.fresh
                return top
            }
            let next = assembly.fresh
            let notes = assembly.notes
            guard notes["deinit"] === top.inner, notes["old"] === top.inner else {
                let names = [notes["deinit"], notes["old"]].map { $0.map { "\($0.serial)" } }
                edgeWrong("mid-read deinits got \(names), not \(top.inner?.serial ?? 0)")
            }
            guard notes["view"] === view, view.inner === top.inner else {
                edgeWrong("the placeholder read in a deinit did not find the injected view")
            }
            guard top.other?.name == "fresh", next.name == "probed" else {
                edgeWrong("fresh in the read \(top.other?.name ?? "nil"), after \(next.name)")
            }
            guard let other = notes["default"], other !== top.inner, other.name == "shared" else {
                edgeWrong("withDefault inside a deinit read the read's own context")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("exclusivity: a trace hook reads, probes a key path and frees a context that reads")
    func traceHookDoesEverything() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let later = Attack9Later()
            let context = DIContext { event in
                guard event.definition.hasSuffix(".shared"), !later.done,
                    let assembly = later.assembly
                else {
                    return
                }
                later.done = true
                assembly.notes["hook"] = assembly.shared
                assembly.addSubstitution(for: \.fresh) { Attack9Box("probed") }
                var dropped: DIContext? = DIContext()
                let lazy = Attack9HostileAssembly.instance(from: dropped!).lazy
                lazy.onDeinit = { assembly.notes["dropped"] = assembly.lazy }
                dropped = nil
                assembly.notes["hook-fresh"] = assembly.fresh
            }
            let assembly = Attack9HostileAssembly.instance(from: context)
            later.assembly = assembly
            let first = assembly.shared
            let notes = assembly.notes
            guard let hook = notes["hook"], hook !== first, hook.name == "shared" else {
                edgeWrong("the hook's read was not a read of its own")
            }
            guard notes["hook-fresh"]?.name == "probed", assembly.fresh.name == "probed" else {
                edgeWrong("the hook's key-path substitution did not apply")
            }
            guard notes["dropped"] === assembly.lazy else {
                edgeWrong(
                    "a freed context's singleton read another lazySingleton than the one kept")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("exclusivity: a substitute reads its original in withDefault and frees an assembly")
    func substituteDoesEverything() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let assembly = Attack9RowAssembly.instance(from: context)
            let elsewhere = DIContext()
            assembly.addSubstitution(for: "part") { (rows: Attack9RowAssembly) -> Attack9Box in
                let spy = Attack9Box("spy", inner: rows.part)
                spy.other = DIContext.withDefault(elsewhere) {
                    Attack9RowAssembly.instance(from: .defaultInstance).part
                }
                var stored: Attack9StoredAssembly? = DIContext().assembly()
                spy.seen = [rows.part, stored!.part]
                stored = nil
                spy.seen.append(Attack9StoredAssembly.deinitRead ?? Attack9Box("none"))
                return spy
            }
            let row = assembly.row(nil)
            let spy = row.seen[0]
            guard spy.name == "spy", spy === row.seen[1], spy.inner?.name == "part" else {
                edgeWrong("the spy was not one object around the original")
            }
            guard spy.seen[0] === spy.inner, spy.other?.name == "part", spy.other !== spy.inner
            else {
                edgeWrong("the substitute's reads of its original or of another context differ")
            }
            guard spy.seen[1].name == "part", spy.seen[2] === spy.seen[1] else {
                edgeWrong("a freed assembly's deinit read another part than its stored property")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("exclusivity: a key path added in a deinit at a read's end, whose getter's reads read")
    func keyPathFromAReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack9HostileAssembly.instance(from: DIContext())
            let hub = Attack9HubAssembly.instance(from: assembly.context)
            let rows = hub.inside("rows") { () -> [Attack9Box] in
                let rows = (0..<20).map { _ in
                    Attack9RowAssembly.instance(from: DIContext()).row(hub)
                }
                rows[0].onDeinit = {
                    assembly.addSubstitution(for: \.probed) { Attack9Box("probed") }
                }
                return rows
            }
            let theme = rows[0].seen[2]
            guard rows.allSatisfy({ $0.seen[2] === theme }) else {
                edgeWrong("rows of one read got two themes")
            }
            guard assembly.notes.all.isEmpty else {
                edgeWrong("the probe ran before the read ended: \(assembly.notes.all)")
            }
            // The rows go with the read's result here; the first one's deinit adds the probe.
            _ = consume rows
            guard assembly.fresh.name == "probed", assembly.probed.name == "probed" else {
                edgeWrong("the key path added in a deinit did not apply")
            }
            // One token from the probe's getter, one from the read of `probed` above.
            guard assembly.notes.all == ["token:Attack9Token", "token:Attack9Token"] else {
                edgeWrong("the getter's token's deinit read \(assembly.notes.all)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("exclusivity: weak singletons that another thread lets go read there, 3 threads")
    func weakSingletonsLetGoOnOtherThreads() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let contexts = (0..<8).map { _ in DIContext() }
            let hub = Attack9HubAssembly.instance(from: DIContext())
            let wrong = Attack9Notes()
            let shared = Attack6Unchecked(value: (contexts, hub, wrong))
            edgeHangGuard("threads") {
                let ended = edgeOnThreads(3) { index in
                    let (contexts, hub, wrong) = shared.value
                    for round in 0..<3_000 {
                        let weaks = hub.inside("weak-\(index)-\(round % 3)") {
                            contexts.map { context -> Attack9Box in
                                let rows = Attack9RowAssembly.instance(from: context)
                                let weak = rows.weak
                                weak.onDeinit = {
                                    if rows.part.name != "part" { wrong.add("part") }
                                }
                                return weak
                            }
                        }
                        if weaks.contains(where: { $0.name != "weak" }) || !attack9Distinct(weaks) {
                            wrong.add("weaks")
                        }
                    }
                }
                if !ended { wrong.add("threads did not end") }
            }
            guard wrong.all.isEmpty else {
                edgeWrong("\(Set(wrong.all))")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("exclusivity: an assembly made in an inject reads in a stored property and deinit")
    func assemblyMadeAndFreedInsideARead() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let hub = Attack9HubAssembly.instance(from: context)
            let parts = hub.inside("stored") { () -> [Attack9Box] in
                var stored: Attack9StoredAssembly? = Attack9StoredAssembly.instance(from: context)
                let part = stored!.part
                stored = nil
                return [
                    part, Attack9StoredAssembly.deinitRead!, Attack9RowAssembly.instance().part,
                ]
            }
            guard parts[0].name == "part", parts[0] === parts[1], parts[1] === parts[2] else {
                edgeWrong("three reads of one context's part in one read gave more than one")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Many slots of one name

    @Test("slots: one definition read twice in 2,000 contexts in one read, one per context")
    func oneDefinitionInManyContexts() {
        let hub = Attack9HubAssembly.instance(from: DIContext())
        let rows = hub.rows(2_000, shared: true)
        #expect(rows.allSatisfy { $0.seen[0] === $0.seen[1] && $0.seen[0].name == "part" })
        #expect(attack9Distinct(rows.map { $0.seen[0] }))
        #expect(rows.allSatisfy { $0.seen[2] === rows[0].seen[2] })
        #expect(hub.theme !== rows[0].seen[2], "a new read makes a new theme")
    }

    @Test("slots: one name in 300 assembly types of one context keeps every scope apart")
    func oneNameInManyAssemblyTypes() {
        let types = attack9Types(300)
        let context = DIContext()
        let hub = Attack9HubAssembly.instance(from: context)
        let read = hub.inside("types") {
            types.map { type -> [Attack9Box] in
                let assembly = context.instance(for: type) as! any Attack9Sharing
                return [
                    assembly.shared, assembly.weak, assembly.graph, assembly.graph,
                    assembly.shared, assembly.weak,
                ]
            }
        }
        #expect(read.allSatisfy { $0[0] === $0[4] && $0[1] === $0[5] && $0[2] === $0[3] })
        #expect(attack9Distinct(read.map { $0[0] }))
        #expect(attack9Distinct(read.map { $0[1] }))
        #expect(attack9Distinct(read.map { $0[2] }))
        let assemblies = types.map { context.instance(for: $0) as! any Attack9Sharing }
        #expect(zip(assemblies, read).allSatisfy { $0.shared === $1[0] && $0.weak === $1[1] })
        (assemblies[150] as! Assembly).addSubstitution(for: "shared") { Attack9Box("fake") }
        let after = assemblies.map(\.shared)
        #expect(after[150].name == "fake")
        #expect(
            after.enumerated().allSatisfy { $0.offset == 150 || $0.element === read[$0.offset][0] })
    }

    @Test("slots: three overrides reading super twice, in 3 contexts in one read, one a level")
    func overrideChainsInManyContexts() {
        let contexts = (0..<3).map { _ in DIContext() }
        let hub = Attack9HubAssembly.instance(from: DIContext())
        let read = hub.inside("levels") {
            contexts.map { context -> [Attack9Box] in
                let assembly = Attack9Level3.instance(from: context)
                return [assembly.thing, assembly.thing]
            }
        }
        for pair in read {
            #expect(pair[0] === pair[1])
            var level = pair[0]
            for name in ["2", "1", "0"] {
                #expect(level.seen.count == 2 && level.seen[0] === level.seen[1])
                guard let next = level.seen.first else { break }
                #expect(next.name == name)
                level = next
            }
        }
        #expect(attack9Distinct(read.map { $0[0] }))
        #expect(attack9Distinct(read.map { $0[0].seen[0].seen[0].seen[0] }))
    }

    @Test("slots: spies that read their originals twice in 200 contexts wrap their own")
    func spiesInManyContexts() {
        let contexts = (0..<200).map { _ in DIContext() }
        for context in contexts {
            Attack9Level3.instance(from: context).addSubstitution(for: "thing") {
                (levels: Attack9Level3) -> Attack9Box in
                let spy = Attack9Box("spy")
                spy.seen = [levels.thing, levels.thing]
                return spy
            }
        }
        let hub = Attack9HubAssembly.instance(from: DIContext())
        let read = hub.inside("spies") {
            contexts.map { context -> [Attack9Box] in
                let assembly = Attack9Level3.instance(from: context)
                return [assembly.thing, assembly.thing]
            }
        }
        #expect(read.allSatisfy { $0[0] === $0[1] && $0[0].name == "spy" })
        #expect(read.allSatisfy { $0[0].seen[0] === $0[0].seen[1] && $0[0].seen[0].name == "3" })
        #expect(read.allSatisfy { $0[0].seen[0].seen[0].name == "2" })
        #expect(attack9Distinct(read.map { $0[0].seen[0] }))
    }

    @Test("slots: weakSingletons of one name in 500 contexts are 500 while held, then new")
    func weakSingletonsOfOneNameInManyContexts() {
        let contexts = (0..<500).map { _ in DIContext() }
        let hub = Attack9HubAssembly.instance(from: DIContext())
        var read = hub.inside("weak") {
            contexts.map { context -> [Attack9Box] in
                let assembly = Attack9RowAssembly.instance(from: context)
                return [assembly.weak, assembly.weak]
            }
        }
        #expect(read.allSatisfy { $0[0] === $0[1] })
        #expect(attack9Distinct(read.map { $0[0] }))
        let again = contexts.map { Attack9RowAssembly.instance(from: $0).weak }
        #expect(zip(again, read).allSatisfy { $0 === $1[0] })
        let serials = Set(read.map { $0[0].serial })
        read = []
        _ = consume again
        let fresh = contexts.map { Attack9RowAssembly.instance(from: $0).weak }
        #expect(fresh.allSatisfy { !serials.contains($0.serial) })
    }

    // MARK: Snapshot lists

    @Test("snapshot: 300 contexts made in one read, each with its fake, dropped ones between")
    func manyContextsMadeInARead() {
        var weak: [Attack9Weak<DIContext>] = []
        do {
            let hub = Attack9HubAssembly.instance(from: DIContext())
            let parts = hub.inside("fakes") {
                (0..<300).map { index -> Attack9Box in
                    // A context let go unread, so that the next may take its address.
                    _ = Attack9RowAssembly.instance(from: DIContext()).context
                    let context = DIContext()
                    weak.append(Attack9Weak(context))
                    let assembly = Attack9RowAssembly.instance(from: context)
                    if index % 2 == 0 {
                        assembly.addSubstitution(for: "part") { Attack9Box("fake-\(index)") }
                    }
                    return assembly.part
                }
            }
            for (index, part) in parts.enumerated() {
                #expect(part.name == (index % 2 == 0 ? "fake-\(index)" : "part"))
            }
        }
        #expect(weak.allSatisfy { $0.object == nil }, "the read's contexts outlived it")
    }

    @Test("snapshot: adds and removals mid-read among 100 contexts apply from where each is met")
    func substitutionsChangedMidReadAmongManyContexts() {
        let contexts = (0..<100).map { _ in DIContext() }
        let assemblies = contexts.map { Attack9RowAssembly.instance(from: $0) }
        for (index, assembly) in assemblies.enumerated() {
            assembly.addSubstitution(for: "fresh") { Attack9Box("old-\(index)") }
        }
        let hub = Attack9HubAssembly.instance(from: DIContext())
        let read = hub.inside("changes") { () -> [String] in
            for assembly in assemblies[..<50] {
                _ = assembly.fresh
            }
            for (index, assembly) in assemblies.enumerated() {
                if index % 2 == 0 {
                    assembly.removeSubstitution(for: "fresh")
                } else {
                    assembly.addSubstitution(for: "fresh") { Attack9Box("new-\(index)") }
                }
            }
            return assemblies.map(\.fresh.name)
        }
        for index in 0..<100 {
            let expected =
                index < 50 ? "old-\(index)" : index % 2 == 0 ? "fresh" : "new-\(index)"
            #expect(read[index] == expected, "context \(index)")
            let next = index % 2 == 0 ? "fresh" : "new-\(index)"
            #expect(assemblies[index].fresh.name == next, "context \(index) after the read")
        }
    }

    @Test("snapshot: a key-path probe mid-read sees the tables of now, the read keeps its own")
    func probeMidReadAmongManyContexts() {
        let contexts = (0..<50).map { _ in DIContext() }
        let assemblies = contexts.map { Attack9RowAssembly.instance(from: $0) }
        assemblies[25].addSubstitution(for: "part") { Attack9Box("before") }
        let hub = Attack9HubAssembly.instance(from: DIContext())
        let read = hub.inside("probe") { () -> [String] in
            let first = assemblies.map(\.fresh.name)
            assemblies[25].addSubstitution(for: "part") { Attack9Box("during") }
            assemblies[25].addSubstitution(for: \.fresh) { Attack9Box("probed") }
            return first + [assemblies[25].fresh.name, assemblies[25].part.name]
        }
        #expect(read[..<50].allSatisfy { $0 == "fresh" })
        #expect(read[50] == "fresh", "the probe's substitution applied inside the read")
        #expect(read[51] == "before", "a substitution added mid-read applied to a met context")
        #expect(assemblies[25].fresh.name == "probed")
        #expect(assemblies[25].part.name == "during")
    }

    @Test("trace: 200 traced contexts in one read; each hook hears its own, in reading order")
    func manyTracedContexts() {
        let heard = Attack9Notes()
        let contexts = (0..<200).map { index in
            DIContext { event in heard.add("\(index):\(event.definition):\(event.created)") }
        }
        let hub = Attack9HubAssembly.instance(from: DIContext())
        _ = hub.inside("traced") {
            contexts.map { Attack9RowAssembly.instance(from: $0).row(nil) }
        }
        let expected = (0..<200).flatMap { index in
            ["row:true", "part:true", "part:false"].map { "\(index):Attack9RowAssembly.\($0)" }
        }
        #expect(heard.all == expected)
    }

    @Test("threads: 4 threads each read 500 row contexts around one theme, each its own graph")
    func threadsReadManyContexts() {
        let shared = Attack6Unchecked(value: Attack9HubAssembly.instance(from: DIContext()))
        let wrong = Attack9Notes()
        let ended = edgeOnThreads(4) { _ in
            let hub = shared.value
            for _ in 0..<5 {
                let rows = hub.rows(500, shared: true)
                let theme = rows[0].seen[2]
                if !rows.allSatisfy({ $0.seen[2] === theme && $0.seen[0] === $0.seen[1] })
                    || !attack9Distinct(rows.map { $0.seen[0] })
                {
                    wrong.add("graph")
                }
            }
        }
        #expect(ended)
        #expect(wrong.all.isEmpty)
    }

    // MARK: Lifetimes

    /// Holding what an `inject:` replaced until the read's end must not hold an object that the
    /// `inject:` returned as it was: EasyDi lets a dropped prototype go at once.
    @Test("lifetimes: EasyDi-style prototypes (inject returns $0) dropped mid-read go at once")
    func easyDiStylePrototypesGoAtOnce() {
        let assembly = Attack9EasyDiStyleAssembly.instance(from: DIContext())
        #expect(assembly.list.name == "list")
        #expect(assembly.notes.all == ["gone", "1", "gone", "3", "gone", "5"])
    }

    /// What an `inject:` replaced waits for the read's end, with a typed closure too, so that a
    /// deinit that reads starts a read of its own instead of asking for a definition under way.
    @Test("lifetimes: what a typed inject (Object) -> Object replaced waits for the read's end")
    func typedInjectReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack9TypedAssembly.instance(from: DIContext())
            let parent = assembly.parent
            guard parent.inner?.name == "replacement", let other = assembly.notes["deinit"],
                other !== parent, other.inner?.name == "replacement"
            else {
                edgeWrong("the replaced object's deinit did not read in a read of its own")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("lifetimes: what a typed defineInjection closure replaced waits for the read's end")
    func typedInjectionReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack9TypedAssembly.instance(from: DIContext())
            let parent = assembly.injectionParent
            guard parent.inner?.name == "replacement", let other = assembly.notes["deinit"],
                other !== parent
            else {
                edgeWrong("the replaced object's deinit did not read in a read of its own")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Time (a real app's worst cases; the bound is the hang guard's 25 s)

    /// A list whose rows each live in a context of their own and read one of the list's: the
    /// read meets 30,000 contexts. With the read's substitution snapshots in a list, and slots
    /// hashed by name alone, each context met searched all met before, and the graph's slots of
    /// one name collided: the guard stopped it in debug builds (0.2 s with a table by context).
    @Test("time: one read of 30,000 rows, each in its own context reading the list's theme")
    func manyContextsReadingTheRoot() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            edgeHangGuard("30,000 rows") {
                let rows = Attack9HubAssembly.instance(from: DIContext()).rows(
                    30_000, shared: true)
                if rows.count != 30_000 || !rows.allSatisfy({ $0.seen[2] === rows[0].seen[2] }) {
                    edgeWrong("rows of one read got two themes")
                }
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("time: one read of 30,000 rows, each in its own context reading only its own")
    func manyContextsReadingTheirOwn() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            edgeHangGuard("30,000 rows") {
                let rows = Attack9HubAssembly.instance(from: DIContext()).rows(
                    30_000, shared: false)
                if rows.count != 30_000 {
                    edgeWrong("\(rows.count) rows")
                }
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Singletons of one name in 15,000 assembly types (generic specialisations) of one context:
    /// 0.13 s in a debug build while a slot's hash takes its whole key; with the name alone,
    /// every slot of the shelf and of the read's graph was in one run of colliding buckets, and
    /// the guard stopped it in debug builds.
    @Test("time: one read of one name's singletons in 15,000 assembly types of one context")
    func oneNameInThousandsOfAssemblyTypes() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let types = attack9Types(15_000)
            edgeHangGuard("15,000 types") {
                let context = DIContext()
                let read = Attack9HubAssembly.instance(from: context).inside("types") {
                    types.map { type -> Attack9Box in
                        let assembly = context.instance(for: type) as! any Attack9Sharing
                        return assembly.shared
                    }
                }
                if !attack9Distinct(read) {
                    edgeWrong("two assembly types shared a singleton")
                }
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}
