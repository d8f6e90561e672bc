import Foundation
import Testing
import Wiring

#if canImport(Glibc)
    import Glibc
#endif

// Threads, tasks and lifetimes tried as a hostile user would, in debug and release: many threads
// reading mixed scopes of several contexts while others substitute, drop contexts or release weak
// singletons; `withDefault` in parallel tasks while `defaultInstance` changes; trace hooks that
// read or substitute; deinits that read on other threads; and the diagnostics raised off the main
// thread. Each test asserts what the README and the catalog promise (or what EasyDi does). A case
// that may stop or hang runs in a child process with EdgeTests' helpers: EDGE-WORKS when the
// library did what it promises, EDGE-WRONG for a silent wrong result, else a Wiring: stop.

// MARK: - Fixtures

/// A named box that may hold two others and runs a closure when it goes.
final class Attack5Box: @unchecked Sendable {
    let name: String
    var inner: Attack5Box?
    var other: Attack5Box?
    var onDeinit: (() -> Void)?

    init(_ name: String) {
        self.name = name
    }

    deinit { onDeinit?() }
}

/// Weak references that threads share.
final class Attack5Weak: @unchecked Sendable {
    private let lock = NSLock()
    private var refs: [() -> AnyObject?] = []

    /// How many of the objects are still alive.
    var alive: Int { lock.withLock { refs.filter { $0() != nil }.count } }

    func add(_ object: AnyObject) {
        lock.withLock { refs.append { [weak object] in object } }
    }
}

/// Names that threads collect.
final class Attack5Names: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    var all: [String] { lock.withLock { names } }

    func add(_ name: String) {
        lock.withLock { names.append(name) }
    }
}

/// A task that one thread starts and another awaits, behind a lock.
final class Attack5TaskSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var started: Task<Bool, Never>?

    var task: Task<Bool, Never>? {
        get { lock.withLock { started } }
        set { lock.withLock { started = newValue } }
    }
}

/// Hands a value that the test guards itself to other threads.
struct Attack5Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// Every scope, a closing cycle, a placeholder and a counted singleton.
final class Attack5MixedAssembly: Assembly {
    let made = EdgeCounter()
    let weakMade = EdgeCounter()

    var single: Attack5Box {
        define(scope: .lazySingleton, init: self.counted(made, "single"))
    }
    var shared: Attack5Box {
        define(scope: .weakSingleton, init: self.counted(weakMade, "shared"))
    }
    var target: Attack5Box { define(init: Attack5Box("real")) }
    var graph: Attack5Box {
        define(init: Attack5Box("graph")) {
            $0.inner = self.child
            $0.other = self.target
        }
    }
    var child: Attack5Box {
        define(init: Attack5Box("child")) {
            $0.inner = self.graph
            $0.other = self.single
        }
    }
    var fresh: Attack5Box {
        define(scope: .prototype, init: Attack5Box("fresh")) { $0.inner = self.target }
    }
    var screen: Attack5Box {
        define(init: Attack5Box("screen")) {
            self.defineInjection(key: "view", into: Attack5Box("view"))
            $0.inner = self.view
        }
    }
    var view: Attack5Box { definePlaceholder() }

    private func counted(_ counter: EdgeCounter, _ name: String) -> Attack5Box {
        counter.increment()
        return Attack5Box(name)
    }
}

/// Breaks the cycle of a graph read, so that its objects can go.
private func attack5Break(_ graph: Attack5Box) {
    graph.inner?.inner = nil
    graph.inner = nil
}

/// A definition that each test substitutes in its own context.
final class Attack5TenantAssembly: Assembly {
    var client: Attack5Box { define(init: Attack5Box("real")) }
    var store: Attack5Box { define(init: Attack5Box("store")) { $0.inner = self.client } }
}

/// Makes the default context of this task the one `instance()` would give.
private func attack5StoreClient() -> String {
    Attack5TenantAssembly.instance().store.inner?.name ?? "none"
}

/// Substitutes `client` in `context` by key path or name, as its own default, and reads it 50
/// times from this task, a nested withDefault, a Task and a task group; adds what differs.
private func attack5ReadOwnFake(_ index: Int, in context: DIContext, _ seen: Attack5Names) async {
    let fake = "fake-\(index)"
    await DIContext.withDefault(context) {
        let tenant = Attack5TenantAssembly.instance()
        if index.isMultiple(of: 2) {
            tenant.addSubstitution(for: \.client) { Attack5Box(fake) }
        } else {
            tenant.addSubstitution(for: "client") { Attack5Box(fake) }
        }
        for round in 0..<50 {
            var names = [attack5StoreClient()]
            names.append(DIContext.withDefault(context) { attack5StoreClient() })
            names.append(await Task { attack5StoreClient() }.value)
            names += await withTaskGroup(of: String.self) { inner in
                inner.addTask { attack5StoreClient() }
                inner.addTask {
                    await DIContext.withDefault(context) {
                        await Task.yield()
                        return attack5StoreClient()
                    }
                }
                return await inner.reduce(into: []) { $0.append($1) }
            }
            if names.contains(where: { $0 != fake }) {
                seen.add("task \(index) round \(round): \(names)")
            }
        }
    }
}

// MARK: Races on substitutions

final class Attack5RaceAssembly: Assembly {
    var target: Attack5Box { define(init: Attack5Box("real")) }
}

// MARK: Singletons across contexts

/// Three contexts in a ring: each lazySingleton's init reads the next context's weakSingleton,
/// whose inject reads that context's lazySingleton of another key.
final class Attack5RingAssembly: Assembly {
    nonisolated(unsafe) static var ring: [DIContext] = []
    let made = EdgeCounter()

    var next: Attack5RingAssembly {
        let position = Attack5RingAssembly.ring.firstIndex { $0 === context }!
        return Attack5RingAssembly.instance(
            from: Attack5RingAssembly.ring[(position + 1) % Attack5RingAssembly.ring.count])
    }

    var head: Attack5Box {
        define(scope: .lazySingleton, init: self.make("head", inner: self.next.link))
    }
    var link: Attack5Box {
        define(scope: .weakSingleton, init: self.make("link", inner: nil)) {
            $0.other = self.tail
        }
    }
    var tail: Attack5Box { define(scope: .lazySingleton, init: self.make("tail", inner: nil)) }

    private func make(_ name: String, inner: Attack5Box?) -> Attack5Box {
        made.increment()
        Thread.sleep(forTimeInterval: 0.001)
        let box = Attack5Box(name)
        box.inner = inner
        return box
    }
}

// MARK: Waiting inside a singleton

/// A singleton whose init waits for another thread to get assemblies, read objectGraph
/// definitions and existing singletons, and add and remove substitutions.
final class Attack5WaitingAssembly: Assembly {
    var mixed: Attack5MixedAssembly { context.assembly() }

    var waiting: Attack5Box {
        define(scope: .lazySingleton, init: Attack5Box("waiting")) { _ in
            let context = self.context
            let done = DispatchSemaphore(value: 0)
            let names = Attack5Names()
            Thread {
                let mixed = Attack5MixedAssembly.instance(from: context)
                mixed.addSubstitution(for: "target") { Attack5Box("fake") }
                let graph = mixed.graph
                names.add(graph.other?.name ?? "none")
                attack5Break(graph)
                names.add(mixed.single.name)
                names.add(mixed.shared.name)
                mixed.removeSubstitution(for: "target")
                names.add(mixed.target.name)
                names.add("\(context.unusedSubstitutions)")
                done.signal()
            }.start()
            if done.wait(timeout: .now() + hangLimit) == .timedOut {
                edgeWrong("the singleton's init waited \(hangLimit) s for a thread that made none")
            }
            if names.all != ["fake", "single", "shared", "real", "[]"] {
                edgeWrong("the other thread saw \(names.all)")
            }
        }
    }
}

/// Singletons made before the waiting one, so that the other thread only finds them.
nonisolated(unsafe) private var attack5HeldShared: Attack5Box?

// MARK: Lifetimes

/// Every kind of object a read makes, each counted while alive.
final class Attack5LifetimeAssembly: Assembly {
    let born = Attack5Weak()

    var single: Attack5Box { define(scope: .lazySingleton, init: self.track("single")) }
    var shared: Attack5Box { define(scope: .weakSingleton, init: self.track("shared")) }
    var target: Attack5Box { define(init: self.track("target")) }
    var graph: Attack5Box {
        define(init: self.track("graph")) {
            $0.inner = self.child
            $0.other = self.fresh
        }
    }
    var child: Attack5Box {
        define(init: self.track("child")) {
            $0.inner = self.single
            $0.other = self.shared
        }
    }
    var fresh: Attack5Box {
        define(scope: .prototype, init: self.track("fresh")) { $0.inner = self.target }
    }
    var screen: Attack5Box {
        define(init: self.track("screen")) {
            self.defineInjection(key: "view", into: self.track("view"))
            $0.inner = self.view
        }
    }
    var view: Attack5Box { definePlaceholder() }
    var replaced: Attack5Box {
        define(init: self.track("made")) { _ in
            return self.track("returned")
        }
    }

    func token(_ n: Int) -> Attack5Box {
        define(key: "token-\(n)", scope: .weakSingleton, init: Attack5Box("token"))
    }

    func track(_ name: String) -> Attack5Box {
        let box = Attack5Box(name)
        born.add(box)
        return box
    }
}

// MARK: Deinits on other threads

/// A singleton whose init holds the creation lock until told to go on.
final class Attack5SlowAssembly: Assembly {
    nonisolated(unsafe) static var entered = DispatchSemaphore(value: 0)
    nonisolated(unsafe) static var resume = DispatchSemaphore(value: 0)

    var slow: Attack5Box {
        define(scope: .lazySingleton, init: Attack5Box("slow")) { _ in
            Attack5SlowAssembly.entered.signal()
            _ = Attack5SlowAssembly.resume.wait(timeout: .now() + holdLimit)
        }
    }
    var quick: Attack5Box { define(init: Attack5Box("quick")) }
    var other: Attack5Box { define(scope: .lazySingleton, init: Attack5Box("other")) }
}

/// The one reference to an assembly, dropped on another thread.
nonisolated(unsafe) private var attack5Leaving: Attack5LeavingAssembly?

/// A context's singletons whose deinits read definitions of another context.
final class Attack5LeavingAssembly: Assembly {
    nonisolated(unsafe) static var elsewhere: DIContext?
    static let seen = Attack5Names()

    var single: Attack5Box {
        define(scope: .lazySingleton, init: Attack5Box("leaving")) {
            $0.onDeinit = {
                guard let elsewhere = Attack5LeavingAssembly.elsewhere else {
                    return
                }
                let slow = Attack5SlowAssembly.instance(from: elsewhere)
                Attack5LeavingAssembly.seen.add(slow.quick.name)
                Attack5LeavingAssembly.seen.add(slow.other.name)
                Attack5LeavingAssembly.seen.add(slow.slow.name)
            }
        }
    }
}

// MARK: Trace hooks

/// Tells a hook which assembly to read and substitute on, once it exists.
final class Attack5HookTarget: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Attack5MixedAssembly?
    private var substituted = false

    var assembly: Attack5MixedAssembly? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// True the first time only.
    func takeSubstitution() -> Bool {
        lock.withLock {
            defer { substituted = true }
            return !substituted
        }
    }
}

// MARK: Diagnostics

final class Attack5Counter {}

final class Attack5KeyPathAssembly: Assembly {
    static let elsewhere = DIContext()

    var loose: Attack5Counter { Attack5Counter() }
    var left: Attack5Counter { define(init: Attack5Counter()) }
    var right: Attack5Counter { define(init: Attack5Counter()) }
    var both: Attack5Counter {
        _ = left
        return right
    }
    var plain: Attack5Counter { define(init: Attack5Counter()) }
    var swapped: Attack5Counter {
        _ = plain
        return Attack5Counter()
    }
    var foreign: Attack5Counter {
        Attack5ForeignAssembly.instance(from: Attack5KeyPathAssembly.elsewhere).counter
    }
}

final class Attack5ForeignAssembly: Assembly {
    var counter: Attack5Counter { define(init: Attack5Counter()) }
}

/// A singleton whose init reads itself through another definition.
final class Attack5CycleAssembly: Assembly {
    var first: Attack5Box {
        define(scope: .lazySingleton, init: self.started(self.second))
    }
    var second: Attack5Box { define(init: Attack5Box(self.first.name)) }
    var waiter: Attack5Box { define(scope: .lazySingleton, init: Attack5Box("waiter")) }

    static let entered = DispatchSemaphore(value: 0)

    private func started(_ box: @autoclosure () -> Attack5Box) -> Attack5Box {
        Attack5CycleAssembly.entered.signal()
        Thread.sleep(forTimeInterval: 0.2)
        return box()
    }
}

protocol Attack5Shape {}
struct Attack5Square: Attack5Shape {}

final class Attack5WrongAssembly: Assembly {
    var square: any Attack5Shape { define(scope: .weakSingleton, init: Attack5Square()) }
    var box: Attack5Box { define(init: Attack5Box("box")) }
}

final class Attack5LeftAssembly: Assembly {
    let right = Attack5RightAssembly.instance()
}

final class Attack5RightAssembly: Assembly {
    let left = Attack5LeftAssembly.instance()
}

// MARK: - Helpers

/// The bytes malloc has handed out and not had back (glibc's `mallinfo2().uordblks`), or -1.
private func attack5HeapInUse() -> Int {
    #if canImport(Glibc) && arch(x86_64)
        typealias MallInfo2 = @convention(c) (UnsafeMutablePointer<Int>) -> Void
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2") else {
            return -1
        }
        var fields = [Int](repeating: 0, count: 10)
        fields.withUnsafeMutableBufferPointer {
            unsafeBitCast(symbol, to: MallInfo2.self)($0.baseAddress!)
        }
        return fields[7]
    #else
        return -1
    #endif
}

// MARK: - Tests

@Suite("Thread attack: threads, tasks and lifetimes tried as a hostile user would")
struct ThreadAttackTests {
    // MARK: withDefault

    @Test("withDefault: 16 parallel tasks each see only their own fake while the default changes")
    func parallelTasksSeeTheirOwnFakes() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let seen = Attack5Names()
                let changer = Task.detached {
                    for _ in 0..<300 {
                        DIContext.defaultInstance = DIContext()
                        await Task.yield()
                    }
                }
                let unused = await withTaskGroup(of: [String].self) { group in
                    for index in 0..<16 {
                        group.addTask {
                            let context = DIContext()
                            await attack5ReadOwnFake(index, in: context, seen)
                            return context.unusedSubstitutions
                        }
                    }
                    return await group.reduce(into: []) { $0 += $1 }
                }
                await changer.value
                if !seen.all.isEmpty || !unused.isEmpty {
                    edgeWrong("\(seen.all.prefix(5)), unused \(unused)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("withDefault: nested in a task group, the inner one wins and the outer comes back")
    func nestedWithDefaultInTaskGroups() async {
        let outer = DIContext()
        let inners = (0..<8).map { _ in DIContext() }
        let wrong = Attack5Names()
        await DIContext.withDefault(outer) {
            await withTaskGroup(of: Void.self) { group in
                for (index, inner) in inners.enumerated() {
                    group.addTask {
                        for _ in 0..<100 {
                            if Attack5TenantAssembly.instance().context !== outer {
                                wrong.add("\(index): outer lost before")
                            }
                            let innerSeen = await DIContext.withDefault(inner) {
                                await withTaskGroup(of: Bool.self) { children in
                                    for _ in 0..<3 {
                                        children.addTask {
                                            Attack5TenantAssembly.instance().context === inner
                                        }
                                    }
                                    return await children.reduce(true) { $0 && $1 }
                                }
                            }
                            if !innerSeen {
                                wrong.add("\(index): a child missed the inner context")
                            }
                            if Attack5TenantAssembly.instance().context !== outer {
                                wrong.add("\(index): outer lost after")
                            }
                        }
                    }
                }
            }
        }
        #expect(wrong.all.isEmpty, "\(wrong.all.prefix(5))")
    }

    /// The test awaits the task rather than block a thread on it: with every thread of the
    /// concurrency pool blocked by other tests, a blocked wait for it timed out.
    @Test("withDefault: a Task started inside the synchronous form on a plain thread inherits it")
    func taskStartedInsideSyncWithDefaultOnAThread() async {
        let context = DIContext()
        let started = Attack5TaskSlot()
        let handed = DispatchSemaphore(value: 0)
        Thread {
            DIContext.withDefault(context) {
                started.task = Task { Attack5TenantAssembly.instance().context === context }
            }
            handed.signal()
        }.start()
        #expect(handed.wait(timeout: .now() + hangLimit) == .success)
        #expect(await started.task?.value == true)
    }

    @Test(
        "withDefault: a detached task started inside gets the process-wide default, as documented")
    func detachedTaskStartedInside() async {
        let context = DIContext()
        let seen = await DIContext.withDefault(context) {
            await Task.detached { Attack5TenantAssembly.instance().context }.value
        }
        #expect(seen !== context)
    }

    @Test("defaultInstance: set 500 times while 4 threads read, the replaced contexts are freed")
    func defaultInstanceSetWhileThreadsRead() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let replaced = Attack5Weak()
                let singletons = Attack5Weak()
                let wrong = Attack5Names()
                let ended = edgeOnThreads(5) { index in
                    if index == 0 {
                        for _ in 0..<500 {
                            let context = DIContext()
                            replaced.add(context)
                            DIContext.defaultInstance = context
                        }
                        return
                    }
                    for _ in 0..<500 {
                        let mixed = Attack5MixedAssembly.instance()
                        let single = mixed.single
                        singletons.add(single)
                        if mixed.single !== single || single.name != "single" {
                            wrong.add("a context gave two singletons")
                        }
                    }
                }
                DIContext.defaultInstance = DIContext()
                if !ended || !wrong.all.isEmpty || replaced.alive != 0 || singletons.alive != 0 {
                    edgeWrong(
                        "ended \(ended), \(Set(wrong.all)), \(replaced.alive) replaced contexts "
                            + "and \(singletons.alive) of their singletons alive")
                }
                edgeWorked()
            })
        // Under ThreadSanitizer (CI), `edgeText` fails on a race reported in the child.
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("defaultInstance: set inside withDefault while threads of that call read it")
    func scopedDefaultSetWhileThreadsRead() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let processWide = DIContext.defaultInstance
                let set = Attack5Weak()
                let wrong = Attack5Names()
                await DIContext.withDefault(DIContext()) {
                    await withTaskGroup(of: Void.self) { group in
                        for index in 0..<4 {
                            group.addTask {
                                for _ in 0..<2000 {
                                    await Task.yield()
                                    if index == 0 {
                                        let context = DIContext()
                                        set.add(context)
                                        DIContext.defaultInstance = context
                                    } else if DIContext.defaultInstance === processWide {
                                        wrong.add("a task read the process-wide default")
                                    }
                                }
                            }
                        }
                    }
                }
                if !wrong.all.isEmpty || set.alive != 0 || DIContext.defaultInstance !== processWide
                {
                    edgeWrong("\(Set(wrong.all)), \(set.alive) replaced contexts alive")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Mixed scopes and substitutions

    @Test("mixed: 6 threads read every scope of 3 contexts while 2 substitute by name and key path")
    func mixedScopesWhileSubstituting() {
        let contexts = (0..<3).map { _ in DIContext() }
        let assemblies = contexts.map { Attack5MixedAssembly.instance(from: $0) }
        let wrong = Attack5Names()
        let ended = edgeOnThreads(8) { index in
            let own = index % 3
            let mixed = Attack5MixedAssembly.instance(from: contexts[own])
            for round in 0..<300 {
                if index < 2 {
                    let fake = "fake-\(round % 3)"
                    let target = Attack5MixedAssembly.instance(from: contexts[round % 3])
                    if index == 0 {
                        target.addSubstitution(for: "target") { Attack5Box(fake) }
                        target.removeSubstitution(for: "target")
                    } else {
                        target.addSubstitution(for: \.target) { Attack5Box(fake) }
                        target.removeSubstitution(for: \.target)
                    }
                    continue
                }
                let graph = mixed.graph
                let allowed = ["real", "fake-\(own)"]
                if graph.inner?.inner !== graph || graph.inner?.other !== mixed.single {
                    wrong.add("graph not closed")
                }
                if !allowed.contains(graph.other?.name ?? "") {
                    wrong.add("graph got \(graph.other?.name ?? "none")")
                }
                if let inner = mixed.fresh.inner?.name, !allowed.contains(inner) {
                    wrong.add("prototype got \(inner)")
                }
                if mixed.screen.inner?.name != "view" {
                    wrong.add("placeholder lost")
                }
                let shared = mixed.shared
                if mixed.shared !== shared {
                    wrong.add("weakSingleton not shared while held")
                }
                attack5Break(graph)
            }
        }
        #expect(ended)
        #expect(wrong.all.isEmpty, "\(Set(wrong.all))")
        #expect(assemblies.map(\.made.value) == [1, 1, 1])
        #expect(assemblies.map(\.target.name) == ["real", "real", "real"])
        #expect(contexts.allSatisfy { $0.unusedSubstitutions.isEmpty })
    }

    @Test("lost: a key-path removal racing an add by name keeps the one added by name")
    func keyPathRemovalRacingAnAddByName() {
        let race = Attack5Unchecked(value: Attack5RaceAssembly.instance(from: DIContext()))
        let assembly = race.value
        let lost = EdgeCounter()
        let start = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let finish = DispatchSemaphore(value: 0)
        let rounds = 3_000
        Thread {
            for round in 0..<rounds {
                start.0.wait()
                for _ in 0..<(round % 40) { _ = Thread.current }
                race.value.addSubstitution(for: "target") { Attack5Box("by name") }
                finish.signal()
            }
        }.start()
        Thread {
            for round in 0..<rounds {
                start.1.wait()
                for _ in 0..<(round % 37) { _ = Thread.current }
                race.value.removeSubstitution(for: \.target)
                finish.signal()
            }
        }.start()
        for _ in 0..<rounds {
            assembly.addSubstitution(for: \.target) { Attack5Box("by key path") }
            start.0.signal()
            start.1.signal()
            finish.wait()
            finish.wait()
            if assembly.target.name != "by name" {
                lost.increment()
            }
        }
        #expect(lost.value == 0, "the substitution added by name was lost \(lost.value) times")
    }

    // MARK: Trace hooks

    @Test("trace: hooks on 4 threads read definitions and add a key-path substitution, no hang")
    func hooksThatReadAndSubstitute() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let target = Attack5HookTarget()
                let threads = Attack5Names()
                let context = DIContext(trace: { event in
                    guard event.depth == 0, event.definition.hasSuffix(".graph"),
                        let mixed = target.assembly
                    else {
                        return
                    }
                    threads.add("\(event.definition) on \(Thread.current.name ?? "?")")
                    _ = mixed.single.name
                    if target.takeSubstitution() {
                        mixed.addSubstitution(for: \.target) { Attack5Box("hooked") }
                    }
                })
                let mixed = Attack5MixedAssembly.instance(from: context)
                target.assembly = mixed
                let wrong = Attack5Names()
                edgeHangGuard("the threads") {
                    let ended = edgeOnThreads(4) { index in
                        Thread.current.name = "reader-\(index)"
                        for _ in 0..<100 {
                            let graph = Attack5MixedAssembly.instance(from: context).graph
                            if graph.inner?.inner !== graph {
                                wrong.add("graph not closed")
                            }
                            attack5Break(graph)
                        }
                    }
                    if !ended {
                        edgeWrong("readers hung")
                    }
                }
                let onReaders = threads.all.allSatisfy { $0.contains("on reader-") }
                if !wrong.all.isEmpty || threads.all.count != 400 || !onReaders
                    || mixed.target.name != "hooked" || mixed.made.value != 1
                {
                    edgeWrong(
                        "wrong \(Set(wrong.all)), \(threads.all.count) graph events, "
                            + "on readers \(onReaders), target \(mixed.target.name)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Singletons

    @Test("singletons: 6 threads start a ring of 3 contexts' singletons; each is made once")
    func ringOfContextsSingletons() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                for _ in 0..<10 {
                    let ring = (0..<3).map { _ in DIContext() }
                    Attack5RingAssembly.ring = ring
                    let assemblies = ring.map { Attack5RingAssembly.instance(from: $0) }
                    let heads = Attack5Names()
                    let identities = EdgeIdentities()
                    edgeHangGuard("the threads") {
                        let ended = edgeOnThreads(6) { index in
                            let assembly = Attack5RingAssembly.instance(from: ring[index % 3])
                            let head = index < 3 ? assembly.head : assembly.next.head
                            identities.add(head)
                            heads.add("\(head.name)>\(head.inner?.name ?? "-")")
                        }
                        if !ended {
                            edgeWrong("threads hung")
                        }
                    }
                    let made = assemblies.map(\.made.value)
                    // Each context makes head, link (which its head holds) and tail once.
                    if Set(identities.all).count != 3 || Set(heads.all) != ["head>link"]
                        || made != [3, 3, 3]
                    {
                        edgeWrong("heads \(Set(heads.all)), made \(made)")
                    }
                    for assembly in assemblies
                    where assembly.head.inner?.other !== assembly.next.tail {
                        edgeWrong("a link holds another tail than its context's")
                    }
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("waiting: a singleton's init waits on a thread that reads and substitutes, no deadlock")
    func singletonWaitsOnAThreadThatReads() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let context = DIContext()
                let waiting = Attack5Unchecked(
                    value: Attack5WaitingAssembly.instance(from: context))
                _ = waiting.value.mixed.single
                attack5HeldShared = waiting.value.mixed.shared
                edgeHangGuard("the threads") {
                    _ = waiting.value.waiting
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Lifetimes

    @Test("lifetime: after 8 pool threads read and substitute, the context and all it kept go")
    func contextFreedAfterPoolThreadsRead() {
        let refs = Attack5Weak()
        do {
            let context = DIContext(trace: { _ in })
            let fake = Attack5Unchecked(value: Attack5Box("captured fake"))
            refs.add(context)
            refs.add(fake.value)
            let assembly = Attack5LifetimeAssembly.instance(from: context)
            refs.add(assembly)
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let mine = Attack5LifetimeAssembly.instance(from: context)
                for round in 0..<100 {
                    if index == 0, round == 50 {
                        mine.addSubstitution(for: "target") { [fake] in fake.value }
                        mine.addSubstitution(for: \.shared) { Attack5Box("fake shared") }
                    }
                    _ = mine.graph.inner?.inner
                    _ = mine.screen
                    _ = mine.replaced
                }
                refs.add(mine.single)
            }
            #expect(assembly.born.alive == 1, "only the lazySingleton may outlive the reads")
        }
        #expect(refs.alive == 0, "the context, its assembly, a singleton or a substitute lived on")
    }

    @Test("lifetime: removeSubstitution frees the singletons 4 threads' substitute made")
    func removalFreesTheSubstitutesSingletons() {
        let context = DIContext()
        let assembly = Attack5LifetimeAssembly.instance(from: context)
        let original = assembly.single
        let fakes = Attack5Weak()
        let wrong = Attack5Names()
        do {
            let captured = Attack5Unchecked(value: Attack5Box("captured"))
            fakes.add(captured.value)
            assembly.addSubstitution(for: "single") { [captured] () -> Attack5Box in
                let box = Attack5Box("fake single")
                box.inner = captured.value
                return box
            }
        }
        assembly.addSubstitution(for: \.shared) { Attack5Box("fake shared") }
        let held = AttackObjects()
        let ended = edgeOnThreads(4) { _ in
            let mine = Attack5LifetimeAssembly.instance(from: context)
            for _ in 0..<200 {
                let single = mine.single
                let shared = mine.shared
                if single.name != "fake single" || shared.name != "fake shared" {
                    wrong.add("\(single.name), \(shared.name)")
                }
                fakes.add(single)
                held.add(shared)
            }
        }
        #expect(ended)
        #expect(wrong.all.isEmpty)
        #expect(held.identities.count == 1, "one fake weakSingleton while held")
        assembly.removeSubstitution(for: "single")
        assembly.removeSubstitution(for: \.shared)
        #expect(assembly.single === original, "removal restores the original singleton")
        #expect(assembly.shared.name == "shared")
        #expect(fakes.alive == 0, "the fake lazySingleton or what its substitute captured lived on")
    }

    @Test("lifetime: nothing 4 threads' reads made outlives them but the lazySingleton")
    func nothingOutlivesTheReads() {
        let context = DIContext(trace: { _ in })
        let assembly = Attack5LifetimeAssembly.instance(from: context)
        let ended = edgeOnThreads(4) { index in
            let mine = Attack5LifetimeAssembly.instance(from: context)
            for round in 0..<200 {
                _ = mine.graph.inner?.other
                _ = mine.screen.inner
                _ = mine.replaced
                _ = mine.fresh
                if index == 0, round.isMultiple(of: 20) {
                    mine.addSubstitution(for: \.target) { (own: Attack5LifetimeAssembly) in
                        own.track("fake")
                    }
                    mine.removeSubstitution(for: \.target)
                }
            }
        }
        #expect(ended)
        #expect(assembly.born.alive == 1)
    }

    @Test("memory: 4 threads × 50,000 released runtime-key weakSingletons grow the heap < 20 MB")
    func runtimeKeyWeakSingletonsOnThreadsStayBounded() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let contexts = [DIContext(trace: { _ in }), DIContext()]
                let assemblies = contexts.map { Attack5LifetimeAssembly.instance(from: $0) }
                assemblies[1].addSubstitution(for: "token(_:)") { Attack5Box("fake") }
                _ = assemblies.map { $0.token(-1) }
                let before = attack5HeapInUse()
                let ended = edgeOnThreads(4) { index in
                    let mine = Attack5LifetimeAssembly.instance(from: contexts[index / 2])
                    let held = (0..<50).map { mine.token(index * 1_000_000 + $0) }
                    for n in 0..<50_000 {
                        _ = mine.token(index * 1_000_000 + 100 + n)
                    }
                    if !held.indices.allSatisfy({ held[$0] === mine.token(index * 1_000_000 + $0) })
                    {
                        edgeWrong("a held weakSingleton was made anew")
                    }
                }
                let growth = attack5HeapInUse() - before
                if !ended || before < 0 {
                    edgeWrong("ended \(ended), heap \(before)")
                }
                if growth > 20 << 20 {
                    edgeWrong("heap grew by \(growth) bytes")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("deinit: a dropped context's singleton reads another context on another thread")
    func deinitReadsWhileAnotherThreadMakesASingleton() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let elsewhere = DIContext()
                Attack5LeavingAssembly.elsewhere = elsewhere
                // Made before the slow singleton takes the creation lock; dropped on a thread.
                let leaving = Attack5Unchecked(value: Attack5Weak())
                do {
                    let assembly = Attack5LeavingAssembly.instance(from: DIContext())
                    _ = assembly.single
                    leaving.value.add(assembly)
                    attack5Leaving = assembly
                }
                let maker = DispatchSemaphore(value: 0)
                Thread {
                    _ = Attack5SlowAssembly.instance(from: elsewhere).slow
                    maker.signal()
                }.start()
                if Attack5SlowAssembly.entered.wait(timeout: .now() + hangLimit) == .timedOut {
                    edgeWrong("the slow singleton never started")
                }
                let dropped = DispatchSemaphore(value: 0)
                Thread {
                    attack5Leaving = nil
                    dropped.signal()
                }.start()
                // The objectGraph read of the deinit goes ahead; its singleton reads wait.
                let deadline = Date().addingTimeInterval(hangLimit)
                while Attack5LeavingAssembly.seen.all.isEmpty, Date() < deadline {
                    usleep(10_000)
                }
                let early = Attack5LeavingAssembly.seen.all
                Attack5SlowAssembly.resume.signal()
                if dropped.wait(timeout: .now() + hangLimit) == .timedOut
                    || maker.wait(timeout: .now() + hangLimit) == .timedOut
                {
                    edgeWrong("hung; the deinit saw \(Attack5LeavingAssembly.seen.all)")
                }
                if early != ["quick"]
                    || Attack5LeavingAssembly.seen.all != ["quick", "other", "slow"]
                    || leaving.value.alive != 0
                {
                    edgeWrong("saw \(early) early, then \(Attack5LeavingAssembly.seen.all)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Diagnostics off the main thread

    @Test(
        "diagnostics: a bad key path's message, raised in a detached task, says what to do",
        arguments: [0, 1, 2, 3])
    func keyPathMessagesSayWhatToDo(kind: Int) async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) { [kind] in
            await Task.detached {
                let assembly = Attack5KeyPathAssembly.instance(from: DIContext())
                switch kind {
                case 0: assembly.addSubstitution(for: \.loose) { Attack5Counter() }
                case 1: assembly.addSubstitution(for: \.both) { Attack5Counter() }
                case 2: assembly.addSubstitution(for: \.swapped) { Attack5Counter() }
                default: assembly.addSubstitution(for: \.foreign) { Attack5Counter() }
                }
            }.value
            edgeWrong("added")
        }
        let text = edgeText(result)
        // The endings Diagnostics.md shows for each message.
        let documented = [
            "is not a definition: its getter calls no define(...) that returns Attack5Counter",
            "reads two definitions of its type, Attack5KeyPathAssembly.left and "
                + "Attack5KeyPathAssembly.right; substitute one by name",
            "reads Attack5KeyPathAssembly.plain but returns another object; substitute "
                + "Attack5KeyPathAssembly.plain itself",
            "names Attack5ForeignAssembly.counter of another context; substitute on an assembly "
                + "of that context",
        ][kind]
        #expect(text.contains("Wiring: the key path given to addSubstitution(for:) at "))
        #expect(text.contains("ThreadAttackTests.swift:"), "\(text)")
        #expect(text.contains(documented), "\(text)")
    }

    @Test("diagnostics: a cycle in a singleton's init stops with the path while 4 threads wait")
    func cycleInASingletonWhileOthersWait() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let context = DIContext()
                for _ in 0..<4 {
                    Thread { _ = Attack5CycleAssembly.instance(from: context).waiter }.start()
                }
                edgeHangGuard("the threads") {
                    let ended = edgeOnThreads(5) { index in
                        let assembly = Attack5CycleAssembly.instance(from: context)
                        if index == 0 {
                            _ = assembly.first
                        } else {
                            _ = Attack5CycleAssembly.entered.wait(timeout: .now() + 20)
                            Attack5CycleAssembly.entered.signal()
                            _ = assembly.first
                        }
                    }
                    edgeWrong("the cycle was not told; threads ended: \(ended)")
                }
            })
        #expect(
            text.contains(
                "Wiring: cycle that cannot close: Attack5CycleAssembly.first → "
                    + "Attack5CycleAssembly.second → Attack5CycleAssembly.first is asked for again "
                    + "before it is made; set one side in inject: instead of init:"), "\(text)")
    }

    @Test(
        "diagnostics: a weakSingleton struct and a wrong substitute stop in a task group child",
        arguments: [0, 1])
    func wrongTypesInATaskGroupChild(kind: Int) async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) { [kind] in
            let context = DIContext()
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<4 {
                    group.addTask {
                        let assembly = Attack5WrongAssembly.instance(from: context)
                        if index == 3 {
                            if kind == 0 {
                                _ = assembly.square
                            } else {
                                assembly.addSubstitution(for: "box") { 42 }
                            }
                        }
                        for _ in 0..<1_000 {
                            _ = assembly.box
                        }
                    }
                }
            }
            edgeWrong("no stop")
        }
        let text = edgeText(result)
        let documented = [
            "Wiring: Attack5WrongAssembly.square is a weakSingleton but made Attack5Square, not a "
                + "class",
            "Wiring: Attack5WrongAssembly.box is declared as Attack5Box but its substitution made Int",
        ][kind]
        #expect(text.contains(documented), "\(text)")
    }

    @Test("diagnostics: two threads make assemblies that make each other in stored properties")
    func storedPropertyAssembliesOnTwoThreads() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let context = DIContext()
                edgeHangGuard("the threads") {
                    _ = edgeOnThreads(2) { index in
                        if index == 0 {
                            _ = Attack5LeftAssembly.instance(from: context)
                        } else {
                            _ = Attack5RightAssembly.instance(from: context)
                        }
                    }
                }
                edgeWrong("no stop")
            })
        let left = "Attack5LeftAssembly → Attack5RightAssembly → Attack5LeftAssembly"
        let right = "Attack5RightAssembly → Attack5LeftAssembly → Attack5RightAssembly"
        #expect(
            text.contains("Wiring: assemblies made in each other's stored properties: ")
                && (text.contains(left) || text.contains(right))
                && text.contains(
                    "; get one with a computed property, such as `var other: Other { "
                        + "context.assembly() }`"),
            "\(text)")
    }
}
