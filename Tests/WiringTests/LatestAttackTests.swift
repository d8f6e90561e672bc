import Foundation
import Testing
import Wiring

// The latest internals (slots and singleton entries by define call site, prototypes without a
// slot, replaced objects kept by a generic identity check, per-context substitution snapshots,
// weak singletons unwrapped through Mirror, trace events told after a read lets go) tried as a
// hostile user would, in debug and release. Each test asserts what the README and the catalog
// promise (or what EasyDi does). A case that may stop or hang runs in a child process with
// EdgeTests' helpers: EDGE-WORKS when the library did what it promises, EDGE-WRONG for a silent
// wrong result, else a Wiring: stop.

// MARK: - Fixtures

/// A named box that may hold two others and runs a closure when it goes.
class Attack4Box {
    let name: String
    var inner: Attack4Box?
    var other: Attack4Box?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack4Box? = nil) {
        self.name = name
        self.inner = inner
    }

    deinit { onDeinit?() }
}

final class Attack4SubBox: Attack4Box {}

protocol Attack4Named {
    var name: String { get }
}

extension Attack4Box: Attack4Named {}

struct Attack4Label: Attack4Named {
    let name: String
}

/// A struct that holds a class instance.
struct Attack4Holder {
    var box: Attack4Box
}

/// A struct that reflects as an optional of the box it holds, as a lazy wrapper might.
struct Attack4Handle: CustomReflectable {
    let box: Attack4Box

    var customMirror: Mirror { Mirror(self, children: ["some": box], displayStyle: .optional) }
}

/// Names that threads collect.
final class Attack4Names: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    var all: [String] { lock.withLock { names } }

    func add(_ name: String) {
        lock.withLock { names.append(name) }
    }
}

/// Holds an assembly weakly, for a trace hook made before it.
final class Attack4Ref<A: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: A?

    var object: A? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Objects that an `inject:` replaces, of every kind of type, each made with a deinit that reads
/// once: the parent whose `init:` reads the child, or another definition.
final class Attack4ReentryAssembly: Assembly {
    let budget = EdgeCounter()
    let seen = AttackWeak()

    var structParent: Attack4Box {
        define(init: Attack4Box("parent", inner: self.structChild.box))
    }
    var structChild: Attack4Holder {
        define(init: Attack4Holder(box: dying { _ = $0.structParent })) { _ in
            return Attack4Holder(box: Attack4Box("replacement"))
        }
    }

    var optionalParent: Attack4Box {
        define(init: Attack4Box("parent", inner: self.optionalChild))
    }
    var optionalChild: Attack4Box? {
        define(init: Attack4Box?.some(dying { _ = $0.optionalParent })) { _ in
            return Attack4Box?.some(Attack4Box("replacement"))
        }
    }

    var closureParent: Attack4Box { define(init: Attack4Box(self.closureChild())) }
    var closureChild: () -> String {
        define(init: dyingClosure { _ = $0.closureParent }) { _ in
            let replacement: () -> String = { "replacement" }
            return replacement
        }
    }

    var shapeParent: Attack4Box { define(init: Attack4Box(self.shapeChild.name)) }
    var shapeChild: any Attack4Named {
        define(init: dying { _ = $0.shapeParent } as any Attack4Named) { _ in
            return Attack4Label(name: "replacement") as any Attack4Named
        }
    }

    var classShapeParent: Attack4Box { define(init: Attack4Box(self.classShapeChild.name)) }
    var classShapeChild: any Attack4Named {
        define(init: dying { _ = $0.classShapeParent } as any Attack4Named) { _ in
            return Attack4Box("replacement") as any Attack4Named
        }
    }

    var subclassParent: Attack4Box {
        define(init: Attack4Box("parent", inner: self.subclassChild))
    }
    var subclassChild: Attack4Box {
        define(init: dying { _ = $0.subclassParent }) { _ in return Attack4SubBox("replacement") }
    }

    var shared: Attack4Box { define(init: Attack4Box("shared")) }
    /// Keeps `shared` and returns another optional; the replaced one's deinit reads `shared`.
    var swapping: Attack4Box? {
        define(init: Attack4Box?.some(dying { $0.seen.object = $0.shared })) { _ in
            return Attack4Box?.some(Attack4Box("replacement", inner: self.shared))
        }
    }

    /// A box whose deinit runs `read` once.
    private func dying(_ read: @escaping (Attack4ReentryAssembly) -> Void) -> Attack4Box {
        let box = Attack4Box("replaced")
        box.onDeinit = { [weak self] in
            guard let self, self.budget.take(upTo: 1) else {
                return
            }
            read(self)
        }
        return box
    }

    /// A closure that holds a box whose deinit runs `read` once.
    private func dyingClosure(_ read: @escaping (Attack4ReentryAssembly) -> Void) -> () -> String {
        let box = dying(read)
        return { box.name }
    }
}

/// A singleton of optional type whose inject replaces the object, whose deinit waits for
/// another thread that makes a singleton of another context.
final class Attack4LockAssembly: Assembly {
    var single: Attack4Box? {
        define(scope: .lazySingleton, init: Attack4Box?.some(waiting())) { _ in
            return Attack4Box?.some(Attack4Box("kept"))
        }
    }
    var other: Attack4Box { define(scope: .lazySingleton, init: Attack4Box("other")) }

    private func waiting() -> Attack4Box {
        let box = Attack4Box("replaced")
        box.onDeinit = {
            let done = DispatchSemaphore(value: 0)
            Thread {
                _ = Attack4LockAssembly.instance(from: DIContext()).other
                done.signal()
            }.start()
            if done.wait(timeout: .now() + hangLimit) == .timedOut {
                edgeWrong("the replaced object's deinit ran under the creation lock")
            }
        }
        return box
    }
}

final class Attack4TraceAssembly: Assembly {
    let budget = EdgeCounter()
    var canary: AttackWeak?

    /// Reads `swapped`, whose inject replaces a struct that holds a box whose deinit reads.
    var holder: Attack4Box { define(init: Attack4Box("holder")) { $0.inner = self.swapped.box } }
    var swapped: Attack4Holder {
        define(init: Attack4Holder(box: dropping())) { _ in
            return Attack4Holder(box: Attack4Box("replacement"))
        }
    }
    var late: Attack4Box { define(init: Attack4Box("late")) }

    /// Reads a weakSingleton and keeps nothing of it.
    var user: Attack4Box { define(init: Attack4Box("user")) { _ in _ = self.fleeting } }
    var fleeting: Attack4Box { define(scope: .weakSingleton, init: marked()) }

    var parent: Attack4Box {
        define(init: Attack4Box("parent")) {
            $0.inner = self.child
            $0.other = self.sibling
        }
    }
    var child: Attack4Box { define(init: Attack4Box("child")) }
    var sibling: Attack4Box { define(init: Attack4Box("sibling")) }
    var extra: Attack4Box { define(init: Attack4Box("extra")) }

    private func dropping() -> Attack4Box {
        let box = Attack4Box("dropping")
        box.onDeinit = { [weak self] in
            guard let self, self.budget.take(upTo: 1) else {
                return
            }
            _ = self.late
        }
        return box
    }
    private func marked() -> Attack4Box {
        let box = Attack4Box("fleeting")
        canary?.object = box
        return box
    }
}

final class Attack4WeakAssembly: Assembly {
    var handle: Attack4Handle {
        define(scope: .weakSingleton, init: Attack4Handle(box: Attack4Box("handled")))
    }
    var doubled: Attack4Box?? {
        define(scope: .weakSingleton, init: Attack4Box??.some(Attack4Box("doubled")))
    }
    var shape: (any Attack4Named)? {
        define(scope: .weakSingleton, init: (any Attack4Named)?.some(Attack4Box("shape")))
    }
    var holder: Attack4Holder? {
        define(
            scope: .weakSingleton, init: Attack4Holder?.some(Attack4Holder(box: Attack4Box("h"))))
    }
}

final class Attack4ProbeAssembly: Assembly {
    var plain: Attack4Box? { define(init: Attack4Box?.some(Attack4Box("plain"))) }
    /// Reads `plain`, then returns another object.
    var wrapper: Attack4Box? {
        _ = plain
        return Attack4Box("wrapper")
    }
    var maybe: Attack4Box? { define(init: Attack4Box?.some(Attack4Box("real"))) }
    var twice: [Attack4Box?] { define(init: [Attack4Box?]()) { $0 = [self.maybe, self.maybe] } }
}

/// Optional definitions: `other` reads `main` back, `pair` reads `main` twice.
final class Attack4StandInAssembly: Assembly {
    var main: Attack4Box? { define(init: Attack4Box?.some(Attack4Box("main"))) }
    var other: Attack4Box? {
        define(init: Attack4Box?.some(Attack4Box("other"))) { $0?.inner = self.main }
    }
    var pair: [Attack4Box?] {
        define(init: [Attack4Box?]()) { $0 = [self.main, self.other?.inner] }
    }
}

final class Attack4SnapshotAssembly: Assembly {
    let budget = EdgeCounter()
    let seen = Attack4Names()

    var single: Attack4Box { define(scope: .lazySingleton, init: Attack4Box("real")) }
    /// Reads `single`, removes its substitution, reads it again; keeps neither.
    var remover: Attack4Box {
        define(init: Attack4Box("remover")) { _ in
            self.seen.add(self.single.name)
            self.removeSubstitution(for: "single")
            self.seen.add(self.single.name)
        }
    }

    let started = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    var target: Attack4Box { define(init: Attack4Box("real")) }
    /// Waits after its first call in the context, then reads `target`.
    var paused: Attack4Box {
        define(init: Attack4Box("paused")) {
            self.started.signal()
            _ = self.resume.wait(timeout: .now() + 20)
            $0.inner = self.target
        }
    }
}

// MARK: - Tests

@Suite("Attacks on the latest internals")
struct LatestAttackTests {
    // MARK: Replaced objects of every kind of type

    /// The documented rule (Thread Safety): a read lets go of what its graph held only once it
    /// has ended, so a deinit that reads starts a read of its own.
    @Test("replaced: a struct holding a class, replaced inside another's init, reads that other")
    func replacedStructReadsTheOuterDefinition() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4ReentryAssembly.instance(from: DIContext())
                let parent = assembly.structParent
                if parent.inner?.name != "replacement" || assembly.budget.value != 1 {
                    edgeWrong("inner \(parent.inner?.name ?? "nil"), \(assembly.budget.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("replaced: an optional object, replaced inside another's init, reads that other")
    func replacedOptionalReadsTheOuterDefinition() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4ReentryAssembly.instance(from: DIContext())
                let parent = assembly.optionalParent
                if parent.inner?.name != "replacement" || assembly.budget.value != 1 {
                    edgeWrong("inner \(parent.inner?.name ?? "nil"), \(assembly.budget.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("replaced: a closure holding a class, replaced inside another's init, reads that other")
    func replacedClosureReadsTheOuterDefinition() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4ReentryAssembly.instance(from: DIContext())
                let parent = assembly.closureParent
                if parent.name != "replacement" || assembly.budget.value != 1 {
                    edgeWrong("parent \(parent.name), \(assembly.budget.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("replaced: a protocol-typed object replaced by a struct inside another's init")
    func replacedExistentialByAStructReadsTheOuterDefinition() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4ReentryAssembly.instance(from: DIContext())
                let parent = assembly.shapeParent
                if parent.name != "replacement" || assembly.budget.value != 1 {
                    edgeWrong("parent \(parent.name), \(assembly.budget.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("replaced: a protocol-typed object replaced by another object inside another's init")
    func replacedExistentialByAnObjectReadsTheOuterDefinition() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4ReentryAssembly.instance(from: DIContext())
                let parent = assembly.classShapeParent
                if parent.name != "replacement" || assembly.budget.value != 1 {
                    edgeWrong("parent \(parent.name), \(assembly.budget.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("replaced: an object replaced by a subclass instance inside another's init")
    func replacedBySubclassReadsTheOuterDefinition() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4ReentryAssembly.instance(from: DIContext())
                let parent = assembly.subclassParent
                if !(parent.inner is Attack4SubBox) || assembly.budget.value != 1 {
                    edgeWrong("inner \(parent.inner?.name ?? "nil"), \(assembly.budget.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("replaced: a replaced optional's deinit reads a definition in a read of its own")
    func replacedOptionalReadsInAReadOfItsOwn() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4ReentryAssembly.instance(from: DIContext())
                let result = assembly.swapping
                if assembly.budget.value != 1 || result?.inner?.name != "shared" {
                    edgeWrong("budget \(assembly.budget.value), \(result?.inner?.name ?? "nil")")
                }
                if let seen = assembly.seen.object, seen === result?.inner {
                    edgeWrong("the deinit's read shared the ended read's graph")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Thread Safety: nothing but making the singleton runs under the creation lock; the
    /// object an inject replaced is let go when the read ends.
    @Test("replaced: an optional singleton's replaced object is let go after the creation lock")
    func replacedOptionalSingletonIsLetGoOutsideTheLock() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4LockAssembly.instance(from: DIContext())
                if assembly.single?.name != "kept" {
                    edgeWrong("single is \(assembly.single?.name ?? "nil")")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Trace timing

    @Test("trace: a replaced struct's deinit read is told as a top-level read after the read")
    func replacedStructsDeinitReadIsTopLevel() {
        let log = AttackLog()
        let assembly = Attack4TraceAssembly.instance(from: DIContext(trace: { log.add($0) }))
        _ = assembly.holder
        let t = "Attack4TraceAssembly"
        #expect(assembly.budget.value == 1)
        #expect(
            log.lines == [
                "\(t).holder 0 - made", "\(t).swapped 1 \(t).holder made", "\(t).late 0 - made",
            ])
    }

    /// Contexts: events come in reading order, parents before children.
    @Test("trace: a hook that reads on a read's first event hears the rest of that read first")
    func hookReadIsToldAfterTheReadItFollows() {
        let ref = Attack4Ref<Attack4TraceAssembly>()
        let log = AttackLog()
        let context = DIContext(trace: { event in
            log.add(event)
            if event.definition.hasSuffix(".parent"), let assembly = ref.object {
                _ = assembly.extra
            }
        })
        let assembly = Attack4TraceAssembly.instance(from: context)
        ref.object = assembly
        _ = assembly.parent
        let t = "Attack4TraceAssembly"
        #expect(
            log.lines == [
                "\(t).parent 0 - made", "\(t).child 1 \(t).parent made",
                "\(t).sibling 1 \(t).parent made", "\(t).extra 0 - made",
            ])
    }

    @Test("trace: a weakSingleton a read dropped is gone when its event is told")
    func droppedWeakSingletonIsGoneWhenTold() {
        let canary = AttackWeak()
        let alive = EdgeCounter()
        let told = EdgeCounter()
        let context = DIContext(trace: { event in
            if event.definition.hasSuffix(".fleeting") {
                told.increment()
                if canary.object != nil {
                    alive.increment()
                }
            }
        })
        let assembly = Attack4TraceAssembly.instance(from: context)
        assembly.canary = canary
        _ = assembly.user
        #expect(told.value == 1)
        #expect(alive.value == 0, "the weakSingleton was alive when its event was told")
    }

    // MARK: Weak singletons

    @Test("weak: a struct that reflects as an optional stops as not a class, or is shared")
    func weakSingletonOfAStructThatReflectsAsOptional() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4WeakAssembly.instance(from: DIContext())
                let first = assembly.handle
                let second = assembly.handle
                if second.box !== first.box {
                    edgeWrong("a second one was made while the first was held")
                }
                edgeWorked()
            })
        #expect(
            text.contains("EDGE-WORKS")
                || text.contains(
                    "Wiring: Attack4WeakAssembly.handle is a weakSingleton but made"),
            "\(text)")
    }

    @Test("weak: an optional of an optional object is shared while held")
    func weakSingletonOfADoubleOptional() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4WeakAssembly.instance(from: DIContext())
                let held = assembly.doubled
                guard let object = held ?? nil else {
                    edgeWrong("nothing made")
                }
                let again = assembly.doubled
                if (again ?? nil) !== object {
                    edgeWrong("a second one was made while the first was held")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("weak: an optional protocol-typed object is shared while held, made anew once let go")
    func weakSingletonOfAnOptionalExistential() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4WeakAssembly.instance(from: DIContext())
                var held = assembly.shape as? Attack4Box
                if held == nil || (assembly.shape as? Attack4Box) !== held {
                    edgeWrong("not shared while held")
                }
                held = nil
                if !(assembly.shape is Attack4Box) {
                    edgeWrong("nothing made again")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("weak: an optional struct that holds an object stops as not a class")
    func weakSingletonOfAnOptionalStruct() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4WeakAssembly.instance(from: DIContext())
                _ = assembly.holder
                edgeWrong("no stop")
            })
        #expect(
            text.contains("Wiring: Attack4WeakAssembly.holder is a weakSingleton but made"),
            "\(text)")
    }

    // MARK: Identity checks on optionals

    /// Diagnostics: a getter that reads a definition but returns another object stops.
    @Test("key path: an optional getter that reads its definition but returns another stops")
    func optionalGetterReturningAnotherObjectStops() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4ProbeAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: \.wrapper) { Attack4Box("fake") }
                edgeWrong(
                    "no stop: wrapper gives \(assembly.wrapper?.name ?? "nil"), "
                        + "plain gives \(assembly.plain?.name ?? "nil")")
            })
        #expect(
            text.contains("reads Attack4ProbeAssembly.plain but returns another"), "\(text)")
    }

    @Test("spy: a key-path spy on an optional definition is one per graph around one original")
    func spyOnAnOptionalDefinition() {
        let assembly = Attack4ProbeAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.maybe) { (a: Attack4ProbeAssembly) -> Attack4Box? in
            Attack4Box("spy", inner: a.maybe)
        }
        let twice = assembly.twice
        #expect(twice[0]?.name == "spy")
        #expect(twice[0] === twice[1])
        #expect(twice[0]?.inner?.name == "real")
    }

    /// README: within one graph a substitution still yields one instance.
    @Test("stand-in: an optional substitute's stand-in read back is the one object of its graph")
    func optionalStandInIsTheOneObject() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack4StandInAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: "main") {
                    (a: Attack4StandInAssembly) -> Attack4Box? in
                    Attack4Box("spy", inner: a.other)
                }
                let pair = assembly.pair
                if pair[0] !== pair[1] {
                    edgeWrong(
                        "main is \(pair[0]?.name ?? "nil") and, read back by other, "
                            + "\(pair[1]?.name ?? "nil")")
                }
                edgeWorked()
            })
        #expect(
            text.contains("EDGE-WORKS") || text.contains("Wiring: cycle that cannot close"),
            "\(text)")
    }

    // MARK: Substitution snapshots

    @Test("snapshot: a substitution removed mid-read lives to its end; its fake's deinit reads")
    func removedSubstitutionLivesToTheReadsEnd() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let done = DispatchSemaphore(value: 0)
                Thread {
                    let assembly = Attack4SnapshotAssembly.instance(from: DIContext())
                    assembly.addSubstitution(for: "single") {
                        (a: Attack4SnapshotAssembly) -> Attack4Box in
                        let box = Attack4Box("fake")
                        box.onDeinit = { [weak a] in
                            guard let a, a.budget.take(upTo: 1) else {
                                return
                            }
                            a.seen.add(a.single.name)
                        }
                        return box
                    }
                    _ = assembly.remover
                    if assembly.seen.all != ["fake", "fake", "real"] || assembly.budget.value != 1
                        || assembly.single.name != "real"
                    {
                        edgeWrong("saw \(assembly.seen.all), budget \(assembly.budget.value)")
                    }
                    done.signal()
                }.start()
                if done.wait(timeout: .now() + hangLimit) == .timedOut {
                    edgeWrong("hung")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("snapshot: a substitution another thread adds mid-read is seen from the next read")
    func substitutionAddedByAnotherThreadMidRead() {
        let context = DIContext()
        let assembly = Attack4SnapshotAssembly.instance(from: context)
        let names = Attack4Names()
        let done = DispatchSemaphore(value: 0)
        Thread {
            let paused = Attack4SnapshotAssembly.instance(from: context).paused
            names.add(paused.inner?.name ?? "nil")
            done.signal()
        }.start()
        #expect(assembly.started.wait(timeout: .now() + hangLimit) == .success)
        assembly.addSubstitution(for: "target") { Attack4Box("fake") }
        assembly.resume.signal()
        #expect(done.wait(timeout: .now() + hangLimit) == .success)
        #expect(names.all == ["real"])
        #expect(assembly.target.name == "fake")
    }
}
