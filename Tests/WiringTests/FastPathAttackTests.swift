import Foundation
import Testing
import Wiring

#if canImport(Glibc)
    import Glibc
#endif

// The singleton read answered before any per-call state (`Read.kept`), weak-singleton
// sweeps that let go after unlocking, key-path removal under one lock and the key-path messages,
// tried as a hostile user would, in debug and release. Each test asserts what the README and the
// catalog promise (or what EasyDi does). A case that may stop or hang runs in a child process
// with EdgeTests' helpers: EDGE-WORKS when the library did what it promises, EDGE-WRONG for a
// silent wrong result, else a Wiring: stop.

// MARK: - Fixtures

/// Serial numbers, which tell a new object from an old one at the same address.
final class Attack6Serials: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0

    func next() -> Int {
        lock.withLock {
            last += 1
            return last
        }
    }

    static let shared = Attack6Serials()
}

protocol Attack6Named: AnyObject {
    var name: String { get }
}

/// A named object with a serial number that may hold two others, knows the thread that made it
/// and runs a closure when it goes.
class Attack6Box: Attack6Named {
    let name: String
    let serial = Attack6Serials.shared.next()
    let maker = pthread_self()
    var inner: Attack6Box?
    var other: Attack6Box?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack6Box? = nil) {
        self.name = name
        self.inner = inner
    }

    deinit { onDeinit?() }
}

final class Attack6SubBox: Attack6Box {}

/// Lets a value that is not Sendable cross to another thread.
struct Attack6Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// Objects that threads or hooks collect, held strongly.
final class Attack6Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [AnyObject] = []
    private var notes: [String] = []

    var all: [AnyObject] { lock.withLock { objects } }
    var wrong: [String] { lock.withLock { notes } }

    func add(_ object: AnyObject) {
        lock.withLock { objects.append(object) }
    }

    func note(_ text: String) {
        lock.withLock { notes.append(text) }
    }
}

/// An assembly set once its context exists, for that context's trace hook.
final class Attack6Later: @unchecked Sendable {
    var assembly: Attack6Assembly?
}

/// One thread runs `read` 40,000 times while two take and let go of their own weak singletons,
/// so that sweeps find live ones that another thread lets go of meanwhile; EDGE-WRONG on a hang.
private func attack6Sweeps(
    _ assembly: Attack6SweepAssembly,
    read: @escaping @Sendable (Attack6SweepAssembly, Int) -> Void
) {
    let shared = Attack6Unchecked(value: assembly)
    edgeHangGuard("sweeps") {
        _ = edgeOnThreads(3) { index in
            let assembly = shared.value
            for round in 0..<40_000 {
                if index == 0 {
                    read(assembly, round)
                } else {
                    let held = assembly.held(index * 4 + round % 4)
                    withExtendedLifetime(held) {}
                }
            }
        }
    }
}

final class Attack6Assembly: Assembly {
    let made = EdgeCounter()
    var giveWeak = false

    func box(_ name: String) -> Attack6Box {
        made.increment()
        return Attack6Box(name)
    }

    func subBox(_ name: String) -> Attack6SubBox {
        made.increment()
        return Attack6SubBox(name)
    }

    var lazy: Attack6Box { define(scope: .lazySingleton, init: self.box("lazy")) }
    var weak: Attack6Box { define(scope: .weakSingleton, init: self.box("weak")) }
    var other: Attack6Box { define(init: Attack6Box("other")) }

    /// One singleton, read as whatever type the caller asks for.
    func lazyAs<T>(_: T.Type) -> T {
        define(key: "lazyAs", scope: .lazySingleton, init: self.subBox("lazyAs"))
    }

    func weakAs<T>(_: T.Type) -> T {
        define(key: "weakAs", scope: .weakSingleton, init: self.subBox("weakAs"))
    }

    /// An optional weakSingleton, empty until `giveWeak` is set.
    var maybeWeak: Attack6Box? {
        define(scope: .weakSingleton, init: self.giveWeak ? self.box("maybe") : nil)
    }

    /// A method with an argument but no key.
    func session(_ id: Int) -> Attack6Box {
        define(scope: .weakSingleton, init: Attack6Box("session-\(id)"))
    }

    /// An object whose deinit, at its read's end, reads both singletons.
    func dying(_ seen: Attack6Seen) -> Attack6Box {
        define(key: "dying", init: Attack6Box("dying")) { box in
            box.onDeinit = {
                seen.add(self.lazy)
                seen.add(self.weak)
            }
        }
    }

    /// Weak singletons of keys made at run time.
    func churn(_ number: Int) -> Attack6Box {
        define(key: "churn-\(number)", scope: .weakSingleton, init: Attack6Box("churn"))
    }
}

class Attack6BaseAssembly: Assembly {
    let made = EdgeCounter()

    var single: Attack6Box {
        define(scope: .lazySingleton, init: Attack6Box("base")) { _ in self.made.increment() }
    }
}

final class Attack6OverrideAssembly: Attack6BaseAssembly {
    override var single: Attack6Box {
        define(scope: .lazySingleton, init: Attack6SubBox("override")) {
            self.made.increment()
            $0.inner = super.single
        }
    }

    /// Super's singleton, read at the top level.
    var superSingle: Attack6Box { super.single }
}

final class Attack6ModuleAssembly: Assembly {
    let presenters = EdgeCounter()

    /// Injects the view, kept as a lazySingleton under "view".
    @discardableResult func inject(into view: Attack6Box) -> Attack6Box {
        defineInjection(key: "view", scope: .lazySingleton, into: view) {
            $0.inner = self.presenter
        }
    }

    var view: Attack6Box { definePlaceholder() }

    var presenter: Attack6Box {
        define(init: Attack6Box("presenter")) {
            self.presenters.increment()
            $0.inner = self.view
        }
    }

    /// A screen that injects a new view, then reads the presenter, in one graph.
    func screen(_ view: Attack6Box) -> Attack6Box {
        define(key: "screen", init: Attack6Box("screen")) {
            $0.other = self.inject(into: view)
            $0.inner = self.presenter
        }
    }
}

/// Reads `Attack6Assembly.lazy` of the context it is made in, in a stored property.
final class Attack6PinnedAssembly: Assembly {
    let pinned = Attack6Assembly.instance().lazy
}

/// Reads a singleton of another context in an object's init.
final class Attack6ReaderAssembly: Assembly {
    var source: DIContext?

    var reader: Attack6Box {
        define(init: Attack6Box("reader", inner: Attack6Assembly.instance(from: source).lazy))
    }
}

final class Attack6SweepAssembly: Assembly {
    let budget = EdgeCounter()
    let swept = EdgeCounter()
    let seen = Attack6Seen()
    /// What a swept object's deinit reads: "lazy" or "outer".
    var deinitReads = "lazy"

    var lazy: Attack6Box { define(scope: .lazySingleton, init: Attack6Box("lazy")) }

    /// Held by the thread that made it; its deinit reads when another thread lets it go.
    func held(_ number: Int) -> Attack6Box {
        define(key: "held-\(number)", scope: .weakSingleton, init: Attack6Box("held")) { box in
            box.onDeinit = { [unowned self, maker = box.maker] in
                guard pthread_equal(maker, pthread_self()) == 0 else {
                    return
                }
                self.swept.increment()
                guard self.budget.take(upTo: 200) else {
                    return
                }
                if self.deinitReads == "lazy" {
                    self.seen.add(self.lazy)
                } else {
                    self.seen.add(self.outer)
                }
            }
        }
    }

    func fresh(_ number: Int) -> Attack6Box {
        define(key: "fresh-\(number)", scope: .weakSingleton, init: Attack6Box("fresh"))
    }

    let counter = EdgeCounter()

    /// An objectGraph object whose init makes a new weak singleton, which may sweep.
    var outer: Attack6Box {
        define(init: Attack6Box("outer", inner: self.fresh(self.nextKey())))
    }

    func nextKey() -> Int {
        counter.increment()
        return counter.value
    }
}

final class Attack6KeyPathAssembly: Assembly {
    var first: Attack6Box { define(scope: .lazySingleton, init: Attack6Box("first")) }
    var second: Attack6Box { define(scope: .lazySingleton, init: Attack6Box("second")) }
}

final class Attack6FrontAssembly: Assembly {
    var back: Attack6BackAssembly { context.assembly() }
    /// Back's definition, read through this assembly.
    var service: Attack6Box { back.service }
}

final class Attack6BackAssembly: Assembly {
    var service: Attack6Box { define(scope: .lazySingleton, init: Attack6Box("real")) }
    /// The same definition under another property.
    var alias: Attack6Box { service }
}

final class Attack6CounterAssembly: Assembly {
    var counter: Attack6Box { define(init: Attack6Box("counter")) }
    /// The same definition of this assembly type in another context, then in this one.
    var twice: Attack6Box {
        _ = Attack6CounterAssembly.instance(from: DIContext()).counter
        return counter
    }
    /// A protocol-typed property that calls no define.
    var plainNamed: any Attack6Named { Attack6Box("plain") }
    /// An optional property whose getter reads a definition and returns nothing.
    var none: Attack6Box? {
        let _: Attack6Box? = define(key: "optional", init: Attack6Box("optional"))
        return nil
    }
}

// MARK: - Tests

@Suite("Attacks on the fast singleton read, sweeps and key-path removal")
struct FastPathAttackTests {
    // MARK: The type asked for

    @Test("kept: a lazySingleton read as its protocol, class, base, optionals, Any, is one object")
    func lazySingletonReadAsOtherTypes() {
        let assembly = Attack6Assembly.instance(from: DIContext())
        let first = assembly.lazyAs((any Attack6Named).self)
        let reads: [AnyObject?] = [
            assembly.lazyAs(Attack6SubBox.self), assembly.lazyAs(Attack6Box.self),
            assembly.lazyAs(Attack6Box?.self), assembly.lazyAs(Attack6Box??.self) ?? nil,
            assembly.lazyAs(Any.self) as AnyObject, assembly.lazyAs(AnyObject.self),
            assembly.lazyAs((any Attack6Named)?.self), assembly.lazyAs((any Attack6Named).self),
        ]
        #expect(reads.allSatisfy { $0 === first }, "\(reads.map { $0.map { "\($0)" } })")
        #expect(assembly.made.value == 1)
    }

    @Test("kept: a weakSingleton read as other types is one while held, then made anew")
    func weakSingletonReadAsOtherTypes() {
        let assembly = Attack6Assembly.instance(from: DIContext())
        var first: Attack6Box? = assembly.weakAs(Attack6Box?.self)
        let serial = first?.serial
        do {
            let reads: [AnyObject?] = [
                assembly.weakAs(Attack6SubBox.self), assembly.weakAs(Attack6Box??.self) ?? nil,
                assembly.weakAs(Any.self) as AnyObject, assembly.weakAs(AnyObject.self),
                assembly.weakAs((any Attack6Named).self),
                assembly.weakAs((any Attack6Named)?.self),
            ]
            #expect(reads.allSatisfy { $0 === first })
            #expect(assembly.made.value == 1)
        }
        first = nil
        let again = assembly.weakAs(Attack6Box??.self) ?? nil
        #expect(again != nil && again?.serial != serial)
        #expect(assembly.made.value == 2)
    }

    @Test("kept: a lazySingleton read as Int once made stops with the mismatch message")
    func lazySingletonReadAsAnUnrelatedType() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack6Assembly.instance(from: DIContext())
                let kept = assembly.lazyAs(Attack6Box.self)
                let number = assembly.lazyAs(Int.self)
                edgeWrong("\(kept.name) read as Int gave \(number)")
            })
        #expect(
            text.contains(
                "Wiring: Attack6Assembly.lazyAs is declared as Int but its definition made "
                    + "Attack6SubBox"), "\(text)")
    }

    @Test("kept: a weakSingleton held, then read as String?, stops with the mismatch message")
    func weakSingletonReadAsAnUnrelatedOptional() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack6Assembly.instance(from: DIContext())
                let held = assembly.weakAs(Attack6Box.self)
                let text = assembly.weakAs(String?.self)
                withExtendedLifetime(held) {}
                edgeWrong("read as String? gave \(text as Any)")
            })
        #expect(
            text.contains(
                "Wiring: Attack6Assembly.weakAs is declared as Optional<String> but its definition "
                    + "made Attack6SubBox"), "\(text)")
    }

    @Test("kept: an empty optional weakSingleton is made on every read, then shared once given")
    func emptyOptionalWeakSingletonIsNotKept() {
        let assembly = Attack6Assembly.instance(from: DIContext())
        let empties = (0..<3).map { _ in assembly.maybeWeak }
        #expect(empties.allSatisfy { $0 == nil })
        #expect(assembly.made.value == 0)
        assembly.giveWeak = true
        let given = assembly.maybeWeak
        #expect(given != nil && assembly.maybeWeak === given && assembly.maybeWeak === given)
        #expect(assembly.made.value == 1)
    }

    // MARK: Overrides, injections, keys

    @Test("override: super's singleton read first at the top level is the override's inner")
    func overrideAndSuperSingletonsInBothOrders() {
        let superFirst = Attack6OverrideAssembly.instance(from: DIContext())
        let base = superFirst.superSingle
        let override = superFirst.single
        #expect(base.name == "base" && override.name == "override" && override.inner === base)
        #expect(superFirst.single === override && superFirst.superSingle === base)
        #expect(superFirst.made.value == 2)

        let overrideFirst = Attack6OverrideAssembly.instance(from: DIContext())
        let single = overrideFirst.single
        #expect(overrideFirst.superSingle === single.inner && overrideFirst.single === single)
        #expect(overrideFirst.made.value == 2)

        // A plain base assembly of the same context is another assembly type: its own singleton.
        let plain = Attack6BaseAssembly.instance(from: superFirst.context)
        #expect(plain.single !== base && plain.single === plain.single)
    }

    @Test(
        "injection: a lazySingleton injection keeps the first view; its read's placeholders find it"
    )
    func singletonInjectionThenPlaceholders() {
        let module = Attack6ModuleAssembly.instance(from: DIContext())
        let first = Attack6Box("first view")
        #expect(module.inject(into: first) === first)
        #expect(first.inner?.name == "presenter" && first.inner?.inner === first)
        let second = Attack6Box("second view")
        #expect(module.inject(into: second) === first)
        #expect(second.inner == nil && module.presenters.value == 1)
    }

    /// As in EasyDi, a singleton kept before the read is found where it is kept, not in the
    /// read's graph, where the presenter's placeholder looks.
    @Test("injection: a later read's placeholder does not find the kept lazySingleton injection")
    func singletonInjectionThenPlaceholderInALaterRead() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let module = Attack6ModuleAssembly.instance(from: DIContext())
                module.inject(into: Attack6Box("first view"))
                edgeWrong("\(module.screen(Attack6Box("third view")).other?.name ?? "none")")
            })
        #expect(text.contains("Wiring: placeholder Attack6ModuleAssembly.view at "), "\(text)")
    }

    @Test("no key: a weakSingleton method with an argument stops on its first read")
    func weakSingletonMethodWithoutAKey() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack6Assembly.instance(from: DIContext())
                let one = assembly.session(1)
                let two = assembly.session(2)
                let again = assembly.session(2)
                edgeWrong("\(one.name), \(two.name), \(again.name)")
            })
        #expect(
            text.contains(
                "Wiring: Attack6Assembly.session(_:) is a method with arguments but no key:"),
            "\(text)")
    }

    // MARK: Substitutions added and removed

    @Test("substitution: a singleton made while another key was substituted is found once removed")
    func singletonMadeWhileAnUnrelatedSubstitutionStood() {
        let assembly = Attack6Assembly.instance(from: DIContext())
        assembly.addSubstitution(for: "other") { Attack6Box("fake other") }
        let lazy = assembly.lazy
        let weak = assembly.weak
        assembly.removeSubstitution(for: "other")
        #expect(assembly.lazy === lazy && assembly.weak === weak)
        assembly.addSubstitution(for: \.other) { Attack6Box("fake other") }
        #expect(assembly.other.name == "fake other")
        #expect(assembly.lazy === lazy && assembly.weak === weak)
        assembly.removeSubstitution(for: \.other)
        #expect(assembly.lazy === lazy && assembly.weak === weak && assembly.other.name == "other")
        #expect(assembly.made.value == 2)
    }

    @Test("substitution: a held weak fake is not the original once removed, nor the next fake")
    func heldWeakFakeAfterRemoval() {
        let assembly = Attack6Assembly.instance(from: DIContext())
        let original = assembly.weak
        assembly.addSubstitution(for: "weak") { Attack6Box("fake") }
        let fake = assembly.weak
        #expect(fake.name == "fake" && assembly.weak === fake)
        assembly.removeSubstitution(for: "weak")
        #expect(assembly.weak === original)
        assembly.addSubstitution(for: \.weak) { Attack6Box("fake by key path") }
        let next = assembly.weak
        #expect(next.name == "fake by key path" && next !== fake && assembly.weak === next)
        assembly.removeSubstitution(for: \.weak)
        #expect(assembly.weak === original && assembly.made.value == 1)
        withExtendedLifetime((fake, next)) {}
    }

    // MARK: Reads from deinits, hooks and inits

    @Test("deinit: singletons first made by a deinit at a read's end are the ones read later")
    func singletonsFirstMadeInADeinit() {
        let assembly = Attack6Assembly.instance(from: DIContext())
        let seen = Attack6Seen()
        _ = assembly.dying(seen)
        let found = seen.all
        #expect(found.count == 2)
        #expect(found.first === assembly.lazy && found.last === assembly.weak)
        #expect(assembly.made.value == 2)
        _ = assembly.dying(seen)
        let again = seen.all.map(ObjectIdentifier.init)
        #expect(again == (found + found).map(ObjectIdentifier.init))
        #expect(assembly.made.value == 2)
    }

    @Test("trace: a hook reads an untraced context's singletons and its own; each is one")
    func hookReadsSingletonsOfTwoContexts() {
        let plain = Attack6Assembly.instance(from: DIContext())
        let seen = Attack6Seen()
        let shared = Attack6Unchecked(value: plain)
        let own = Attack6Later()
        let traced = DIContext { event in
            guard event.definition == "Attack6Assembly.other", let own = own.assembly else {
                return
            }
            seen.add(shared.value.lazy)
            seen.add(shared.value.weak)
            seen.add(own.lazy)
        }
        let assembly = Attack6Assembly.instance(from: traced)
        own.assembly = assembly
        _ = assembly.other
        _ = assembly.other
        let found = seen.all.map(ObjectIdentifier.init)
        let expected = [
            plain.lazy, plain.weak, assembly.lazy, plain.lazy, plain.weak, assembly.lazy,
        ]
        #expect(found == expected.map(ObjectIdentifier.init))
        #expect(plain.made.value == 2 && assembly.made.value == 1)
    }

    @Test("inits: another context's init and a stored property read the one singleton")
    func singletonsReadInInitsOfOtherContexts() {
        let context = DIContext()
        let source = Attack6Assembly.instance(from: context)
        let reader = Attack6ReaderAssembly.instance(from: DIContext())
        reader.source = context
        let first = reader.reader.inner
        #expect(first != nil && source.lazy === first)
        #expect(reader.reader.inner === first)
        #expect(Attack6PinnedAssembly.instance(from: context).pinned === first)
        #expect(source.made.value == 1)
        let elsewhere = DIContext()
        #expect(Attack6PinnedAssembly.instance(from: elsewhere).pinned !== first)
    }

    // MARK: Threads

    @Test("threads: 6 threads read singletons while 3 substitute by name and key path")
    func fastReadsWhileOthersSubstitute() {
        let assembly = Attack6Assembly.instance(from: DIContext())
        let lazy = assembly.lazy
        let weak = assembly.weak
        let shared = Attack6Unchecked(value: (assembly, lazy, weak))
        let seen = Attack6Seen()
        let ended = edgeOnThreads(9) { index in
            let (assembly, lazy, weak) = shared.value
            switch index {
            case 0:
                for _ in 0..<300 {
                    assembly.addSubstitution(for: "lazy") { Attack6Box("fake lazy") }
                    assembly.removeSubstitution(for: "lazy")
                }
            case 1:
                for _ in 0..<150 {
                    assembly.addSubstitution(for: \.weak) { Attack6Box("fake weak") }
                    assembly.removeSubstitution(for: \.weak)
                }
            case 2:
                for _ in 0..<300 {
                    assembly.addSubstitution(for: "other") { Attack6Box("fake other") }
                    assembly.removeSubstitution(for: \.other)
                    assembly.removeSubstitution(for: "other")
                }
            default:
                for _ in 0..<3_000 {
                    let readLazy = assembly.lazy
                    if readLazy !== lazy, readLazy.name != "fake lazy" {
                        seen.note("lazy: \(readLazy.name)")
                    }
                    let readWeak = assembly.weakAs(Attack6Box?.self)
                    if readWeak == nil {
                        seen.note("weakAs: nil")
                    }
                    let held = assembly.weak
                    if held !== weak, held.name != "fake weak" {
                        seen.note("weak: \(held.name)")
                    }
                }
            }
        }
        #expect(ended)
        #expect(seen.wrong.isEmpty, "\(Set(seen.wrong))")
        #expect(assembly.lazy === lazy && assembly.weak === weak)
        #expect(assembly.context.unusedSubstitutions.isEmpty)
        withExtendedLifetime(weak) {}
    }

    @Test("threads: a held weakSingleton read by 4 threads while 2 others make 20,000 keys")
    func heldWeakSingletonThroughSweeps() {
        let assembly = Attack6Assembly.instance(from: DIContext())
        let held = assembly.weakAs((any Attack6Named).self)
        let shared = Attack6Unchecked(value: (assembly, held))
        let seen = Attack6Seen()
        let ended = edgeOnThreads(6) { index in
            let (assembly, held) = shared.value
            for round in 0..<10_000 {
                if index < 2 {
                    _ = assembly.churn(index * 10_000 + round)
                } else if assembly.weakAs(Attack6Box.self) !== held {
                    seen.note("another weakAs")
                }
            }
        }
        #expect(ended)
        #expect(seen.wrong.isEmpty, "\(seen.wrong.count) wrong reads")
        #expect(assembly.made.value == 1)
        withExtendedLifetime(held) {}
    }

    @Test("sweep: weak singletons another thread lets go mid-sweep read a singleton, no hang")
    func sweptDeinitReadsASingleton() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack6SweepAssembly.instance(from: DIContext())
                let lazy = assembly.lazy
                attack6Sweeps(assembly) { _ = $0.fresh($1) }
                if assembly.seen.all.contains(where: { $0 !== lazy }) {
                    edgeWrong("a swept deinit read another lazy singleton")
                }
                FileHandle.standardError.write(Data("swept \(assembly.swept.value)\n".utf8))
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("sweep: a deinit run by a sweep inside a read reads the outer definition afresh")
    func sweptDeinitInsideAReadStartsAReadOfItsOwn() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack6SweepAssembly.instance(from: DIContext())
                assembly.deinitReads = "outer"
                attack6Sweeps(assembly) { assembly, _ in _ = assembly.outer }
                FileHandle.standardError.write(Data("swept \(assembly.swept.value)\n".utf8))
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Removing by key path

    @Test("key path: removing one whose fake's deinit removes another key path, no hang")
    func keyPathRemovalWhoseFakeRemovesAnother() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack6KeyPathAssembly.instance(from: DIContext())
                let shared = Attack6Unchecked(value: assembly)
                let seen = Attack6Seen()
                edgeHangGuard("removal") {
                    nonisolated(unsafe) let assembly = shared.value
                    assembly.addSubstitution(for: \.second) { Attack6Box("fake second") }
                    assembly.addSubstitution(for: \.first) {
                        let fake = Attack6Box("fake first")
                        fake.onDeinit = { [unowned assembly] in
                            assembly.removeSubstitution(for: \.second)
                            seen.add(assembly.first)
                            seen.add(assembly.second)
                        }
                        return fake
                    }
                    if assembly.first.name != "fake first" || assembly.second.name != "fake second"
                    {
                        edgeWrong("not substituted")
                    }
                    assembly.removeSubstitution(for: \.first)
                }
                let names = seen.all.map { ($0 as! Attack6Box).name }
                if names != ["first", "second"] || assembly.second.name != "second" {
                    edgeWrong("deinit read \(names), then \(assembly.second.name)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("key path: one that names another assembly's definition is removed through it")
    func keyPathNamingAnotherAssemblysDefinition() {
        let front = Attack6FrontAssembly.instance(from: DIContext())
        let back = front.back
        let real = back.service
        front.addSubstitution(for: \.service) { Attack6Box("fake") }
        #expect(back.service.name == "fake" && front.service === back.service)
        back.removeSubstitution(for: \.service)
        #expect(back.service.name == "fake")
        front.removeSubstitution(for: \.service)
        #expect(back.service === real && front.service === real)
        #expect(front.context.unusedSubstitutions.isEmpty)
    }

    @Test("key path: an alias's substitution replaces the property's; only the alias removes it")
    func keyPathAliasReplacesAndRemoves() {
        let back = Attack6BackAssembly.instance(from: DIContext())
        let real = back.service
        back.addSubstitution(for: \.service) { Attack6Box("by service") }
        back.addSubstitution(for: \.alias) { Attack6Box("by alias") }
        #expect(back.service.name == "by alias")
        back.removeSubstitution(for: \.service)
        #expect(back.service.name == "by alias")
        back.removeSubstitution(for: \.alias)
        #expect(back.service === real && back.alias === real)
    }

    // MARK: The key-path messages

    @Test("message: a getter reading one definition in two contexts names two things apart")
    func keyPathMessageForOneKeyInTwoContexts() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                Attack6CounterAssembly.instance(from: DIContext()).addSubstitution(for: \.twice) {
                    Attack6Box("x")
                }
                edgeWrong("added")
            })
        #expect(text.contains("Wiring: the key path given to addSubstitution(for:) at "), "\(text)")
        let names = text.components(separatedBy: "of its type, ").last?
            .components(separatedBy: ";").first?.components(separatedBy: " and ")
        #expect(
            names?.count == 2 && names?.first != names?.last || text.contains("context"), "\(text)")
    }

    @Test("message: a protocol-typed getter with no define names the call's file and its type")
    func keyPathMessageForAProtocolType() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack6CounterAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: \.plainNamed) { Attack6Box("x") }
                edgeWrong("added")
            })
        #expect(
            text.contains(
                "Wiring: the key path given to addSubstitution(for:) at "
                    + "WiringTests/FastPathAttackTests.swift:"), "\(text)")
        #expect(
            text.contains("is not a definition: its getter calls no define(...) that returns"),
            "\(text)")
        #expect(text.contains("Attack6Named"), "\(text)")
    }

    @Test("message: an optional getter that reads its definition and returns nil says what to do")
    func keyPathMessageForAGetterReturningNil() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                Attack6CounterAssembly.instance(from: DIContext()).addSubstitution(for: \.none) {
                    Attack6Box("x")
                }
                edgeWrong("added")
            })
        #expect(
            text.contains(
                "reads Attack6CounterAssembly.optional but returns another object; substitute "
                    + "Attack6CounterAssembly.optional itself"), "\(text)")
    }
}
