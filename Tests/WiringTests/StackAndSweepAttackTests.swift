import Foundation
import Testing
import Wiring

#if canImport(Glibc)
    import Glibc
#endif

// The stack guard's message (the first loop the path went round, from where the read entered it,
// else the last three calls), sweeps of released weak singletons (what a sweep finds alive is let
// go of when the reading thread's read ends) and the key-path probe's messages, tried with cases
// the earlier attack files did not list. Anything that may stop or hang runs in a child process.

// MARK: - Helpers

/// The stack guard's message in a child's output, from "definitions nested", if it stopped so.
private func attack7StackMessage(_ result: ExitTest.Result?, _ text: String) -> String? {
    guard result?.exitStatus != .signal(SIGSEGV), result?.exitStatus != .signal(SIGBUS),
        let range = text.range(of: "Wiring: definitions nested ")
    else {
        return nil
    }
    return String(text[range.lowerBound...].prefix { $0 != "\n" })
}

/// The depth a stack message gives ("nested N deep").
private func attack7Depth(_ message: String) -> Int? {
    message.components(separatedBy: "nested ").dropFirst().first?
        .components(separatedBy: " deep").first.flatMap { Int($0) }
}

/// The two names of a "reads two definitions of its type, X and Y;" message.
private func attack7TwoNames(_ text: String) -> [String] {
    guard let tail = text.components(separatedBy: "of its type, ").dropFirst().first,
        let names = tail.components(separatedBy: ";").first
    else {
        return []
    }
    return names.components(separatedBy: " and ")
}

/// What a child records, in order.
private final class Attack7Log: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }
}

/// A reference that closures share and may clear.
private final class Attack7Holder<Value>: @unchecked Sendable {
    var value: Value?

    init(_ value: Value?) {
        self.value = value
    }
}

// MARK: - Fixtures

/// A named box that may hold other things and runs `onDeinit` when it goes.
final class Attack7Box {
    let name: String
    var inner: Any?
    var leaves: [Attack7Leaf] = []
    var onDeinit: () -> Void = {}

    init(_ name: String, inner: Any? = nil) {
        self.name = name
        self.inner = inner
    }

    deinit {
        onDeinit()
    }
}

/// The object of the runtime-keyed weak singletons that fill a table of singletons.
final class Attack7Leaf {
    let name: String
    var onDeinit: () -> Void = {}

    init(_ name: String) {
        self.name = name
    }

    deinit {
        onDeinit()
    }
}

/// Another type, for the key-path probe.
final class Attack7Tag {
    let name: String

    init(_ name: String) {
        self.name = name
    }
}

/// Loops and chains for the stack guard.
class Attack7LoopAssembly: Assembly {
    /// Another context's assembly whose `hop` this one's `hop` reads, if set.
    var relay: Attack7LoopAssembly?

    /// A chain of `n` distinct objectGraph definitions before the ping-pong loop.
    func lead(_ n: Int) -> Attack7Box {
        define(key: "lead-\(n)", init: Attack7Box("lead")) {
            $0.inner = n == 0 ? self.ping : self.lead(n - 1)
        }
    }

    var ping: Attack7Box {
        define(scope: .prototype, init: Attack7Box("ping")) { $0.inner = self.pong }
    }

    var pong: Attack7Box {
        define(scope: .prototype, init: Attack7Box("pong")) { $0.inner = self.ping }
    }

    var one: Attack7Box {
        define(scope: .prototype, init: Attack7Box("one")) { $0.inner = self.one }
    }

    var c1: Attack7Box { define(scope: .prototype, init: Attack7Box("1")) { $0.inner = self.c2 } }
    var c2: Attack7Box { define(scope: .prototype, init: Attack7Box("2")) { $0.inner = self.c3 } }
    var c3: Attack7Box { define(scope: .prototype, init: Attack7Box("3")) { $0.inner = self.c4 } }
    var c4: Attack7Box { define(scope: .prototype, init: Attack7Box("4")) { $0.inner = self.c5 } }
    var c5: Attack7Box { define(scope: .prototype, init: Attack7Box("5")) { $0.inner = self.c1 } }

    /// A prototype that reads a lazySingleton of a new context, which reads this again there.
    var proto: Attack7Box {
        define(scope: .prototype, init: Attack7Box("proto")) {
            $0.inner = Attack7LoopAssembly.instance(from: DIContext()).kept
        }
    }

    var kept: Attack7Box {
        define(scope: .lazySingleton, init: Attack7Box("kept")) { $0.inner = self.proto }
    }

    /// A prototype chain whose keys never repeat.
    func chain(_ n: Int) -> Attack7Box {
        define(key: "chain-\(n)", scope: .prototype, init: Attack7Box("chain")) {
            $0.inner = self.chain(n + 1)
        }
    }

    /// This context's entry into the ping-pong loop.
    var entry: Attack7Box {
        define(init: Attack7Box("entry")) { $0.inner = self.ping }
    }

    /// Reads `relay`'s hop (another context's), else enters the loop.
    var hop: Attack7Box {
        define(init: Attack7Box("hop")) { $0.inner = self.relay?.hop ?? self.ping }
    }
}

/// Overrides `entry`, reading super's, which enters the ping-pong loop.
final class Attack7LoopSubAssembly: Attack7LoopAssembly {
    override var entry: Attack7Box {
        define(init: Attack7Box("sub entry")) { $0.inner = super.entry }
    }
}

/// The stack message for the ping-pong loop of `type`.
private func attack7PingPong(_ type: String) -> String {
    "repeating \(type).ping → \(type).pong → \(type).ping; prototypes always make new ones; "
        + "make one of them objectGraph"
}

/// Definitions for the key-path probe's messages.
final class Attack7CountersAssembly: Assembly {
    var relay: Attack7TheirsAssembly?

    var own: Attack7Box { define(init: Attack7Box("own")) }
    var sameA: Attack7Box { define(key: "same", init: Attack7Box("same a")) }
    var sameB: Attack7Box { define(key: "same", init: Attack7Box("same b")) }

    /// Reads its own `own`, another context's `theirs`, then its own again.
    var mixed: Attack7Box {
        _ = own
        _ = relay!.theirs
        return own
    }

    /// Reads two define calls that share a key.
    var twoOfOneKey: Attack7Box {
        _ = sameA
        return sameB
    }
}

final class Attack7TheirsAssembly: Assembly {
    var theirs: Attack7Box { define(init: Attack7Box("theirs")) }
}

enum Attack7Left {
    final class Counters: Assembly {
        var counter: Attack7Box { define(init: Attack7Box("left")) }

        /// Reads the right-hand assembly's `counter` of this context, then its own.
        var both: Attack7Box {
            let right: Attack7Right.Counters = context.assembly()
            _ = right.counter
            return counter
        }
    }
}

enum Attack7Right {
    final class Counters: Assembly {
        var counter: Attack7Box { define(init: Attack7Box("right")) }
    }
}

/// Weak singletons that fill tables of singletons, so that they are swept.
final class Attack7SweepAssembly: Assembly {
    /// Called by `sweeper` once it has made its leaves.
    var midRead: () -> Void = {}
    /// Runs when the `held` weak singleton goes.
    var onHeldDeinit: () -> Void = {}

    var held: Attack7Box {
        define(scope: .weakSingleton, init: Attack7Box("held")) { box in
            box.onDeinit = { [unowned self] in self.onHeldDeinit() }
        }
    }

    var lazy: Attack7Box { define(scope: .lazySingleton, init: Attack7Box("lazy")) }
    var plain: Attack7Box { define(init: Attack7Box("plain")) }
    var tagged: Attack7Tag { define(init: Attack7Tag("tagged")) }
    var otherTag: Attack7Tag { define(init: Attack7Tag("other tag")) }

    func fresh(_ n: Int) -> Attack7Leaf {
        define(key: "fresh-\(n)", scope: .weakSingleton, init: Attack7Leaf("fresh"))
    }

    /// Makes 64 runtime-keyed weak singletons from `from`, which fills the table at least once,
    /// then calls `midRead`.
    func sweeper(from: Int) -> Attack7Box {
        define(key: "sweeper-\(from)", init: Attack7Box("sweeper")) { box in
            for n in from..<from + 64 {
                box.leaves.append(self.fresh(n))
            }
            self.midRead()
        }
    }

    /// A getter that sweeps (dropping what `midRead` drops) before its one Tag definition.
    var sweptTag: Attack7Tag {
        _ = sweeper(from: 10_000)
        return tagged
    }

    /// A getter that makes 64 weak singletons, each a top-level read, before its one Box.
    var sweptBox: Attack7Box {
        for n in 20_000..<20_064 {
            _ = fresh(n)
        }
        return plain
    }
}

/// A context's lazySingleton whose deinit runs `onDeinit`.
final class Attack7KeeperAssembly: Assembly {
    var onDeinit: () -> Void = {}

    var keeper: Attack7Box {
        define(scope: .lazySingleton, init: Attack7Box("keeper")) { box in
            box.onDeinit = self.onDeinit
        }
    }
}

// MARK: - Tests

@Suite("Attacks on the stack message, sweeps and the key-path probe")
struct StackAndSweepAttackTests {
    // MARK: The stack message

    @Test(
        "stack: a ping-pong entered after 2, 30 or 300 definitions on 64 KiB, 1 or 8 MiB stacks",
        arguments: [(64, 2), (1024, 30), (8192, 300)])
    func loopAfterALongPrefix(kibibytes: Int, prefix: Int) async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) { [kibibytes, prefix] in
            edgeHangGuard("the read", stackKiB: kibibytes) {
                _ = Attack7LoopAssembly.instance(from: DIContext()).lead(prefix)
            }
            edgeWrong("the loop ended")
        }
        let text = edgeText(result)
        let message = attack7StackMessage(result, text)
        #expect(message?.contains(attack7PingPong("Attack7LoopAssembly")) == true, "\(text)")
        #expect(message.flatMap(attack7Depth).map { $0 > prefix + 2 } == true, "\(text)")
    }

    @Test("stack: a prototype that reads itself names a loop of one, with the prototype advice")
    func loopOfOne() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            edgeHangGuard("the read", stackKiB: 1024) {
                _ = Attack7LoopAssembly.instance(from: DIContext()).one
            }
            edgeWrong("the loop ended")
        }
        let text = edgeText(result)
        let message = attack7StackMessage(result, text)
        #expect(
            message?.contains(
                "repeating Attack7LoopAssembly.one → Attack7LoopAssembly.one; prototypes always "
                    + "make new ones") == true, "\(text)")
    }

    @Test("stack: a loop of five prototypes names all five from where the read entered it")
    func loopOfFive() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            edgeHangGuard("the read", stackKiB: 512) {
                _ = Attack7LoopAssembly.instance(from: DIContext()).c3
            }
            edgeWrong("the loop ended")
        }
        let text = edgeText(result)
        let names = ["c3", "c4", "c5", "c1", "c2", "c3"].map { "Attack7LoopAssembly.\($0)" }
        let message = attack7StackMessage(result, text)
        #expect(
            message?.contains(
                "repeating " + names.joined(separator: " → ") + "; prototypes always") == true,
            "\(text)")
    }

    @Test("stack: a prototype ↔ lazySingleton round across new contexts gets no prototype advice")
    func mixedLoopAcrossContexts() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            edgeHangGuard("the read", stackKiB: 1024) {
                _ = Attack7LoopAssembly.instance(from: DIContext()).proto
            }
            edgeWrong("the loop ended")
        }
        let text = edgeText(result)
        let message = attack7StackMessage(result, text)
        // Each round is in a new context, so no definition comes round again: the message names
        // the last three calls, which end with either, as deep as the stack goes.
        #expect(message?.contains("ending …") == true, "\(text)")
        #expect(
            message?.contains("Attack7LoopAssembly.proto → Attack7LoopAssembly.kept") == true,
            "\(text)")
        #expect(message?.contains("or a deinit read itself forever?") == true, "\(text)")
        #expect(message?.contains("prototypes always") == false, "\(text)")
    }

    @Test("stack: runtime keys that never repeat end with the last three, numbered as the depth")
    func runtimeKeysThatNeverRepeat() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            edgeHangGuard("the read", stackKiB: 1024) {
                _ = Attack7LoopAssembly.instance(from: DIContext()).chain(1)
            }
            edgeWrong("the chain ended")
        }
        let text = edgeText(result)
        let message = attack7StackMessage(result, text)
        let depth = message.flatMap(attack7Depth) ?? -1
        let last = (depth - 1...depth + 1).map { "Attack7LoopAssembly.chain-\($0)" }
        #expect(
            message?.contains(
                "ending …" + last.joined(separator: " → ")
                    + "; does a definition, a substitution or a deinit read itself forever?")
                == true,
            "\(text)")
    }

    @Test("stack: an override that reads super before a ping-pong names the ping-pong")
    func overrideBeforeTheLoop() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            edgeHangGuard("the read", stackKiB: 1024) {
                _ = Attack7LoopSubAssembly.instance(from: DIContext()).entry
            }
            edgeWrong("the loop ended")
        }
        let text = edgeText(result)
        let message = attack7StackMessage(result, text)
        #expect(
            message?.contains(attack7PingPong("Attack7LoopSubAssembly")) == true, "\(text)")
    }

    @Test("stack: a substitute that reads its original before a ping-pong names the ping-pong")
    func substituteOriginalBeforeTheLoop() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack7LoopAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "entry") { (loop: Attack7LoopAssembly) in
                Attack7Box("spy", inner: loop.entry)
            }
            let context = assembly.context
            edgeHangGuard("the read", stackKiB: 1024) {
                _ = Attack7LoopAssembly.instance(from: context).entry
            }
            edgeWrong("the loop ended")
        }
        let text = edgeText(result)
        let message = attack7StackMessage(result, text)
        #expect(message?.contains(attack7PingPong("Attack7LoopAssembly")) == true, "\(text)")
    }

    @Test("stack: one definition read in two contexts before a ping-pong names the ping-pong")
    func twoContextsBeforeTheLoop() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let first = Attack7LoopAssembly.instance(from: DIContext())
            first.relay = Attack7LoopAssembly.instance(from: DIContext())
            let shared = Attack7Holder(first)
            edgeHangGuard("the read", stackKiB: 1024) {
                _ = shared.value!.hop
            }
            edgeWrong("the loop ended")
        }
        let text = edgeText(result)
        let message = attack7StackMessage(result, text)
        #expect(message?.contains(attack7PingPong("Attack7LoopAssembly")) == true, "\(text)")
    }

    @Test("stack: a substitute that reads the prototype that reads it names both")
    func loopThroughASubstitute() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack7LoopAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: "ping") { (loop: Attack7LoopAssembly) in
                Attack7Box("fake ping", inner: loop.pong)
            }
            let context = assembly.context
            edgeHangGuard("the read", stackKiB: 1024) {
                _ = Attack7LoopAssembly.instance(from: context).ping
            }
            edgeWrong("the loop ended")
        }
        let text = edgeText(result)
        let message = attack7StackMessage(result, text)
        #expect(
            message?.contains(
                "repeating Attack7LoopAssembly.ping → Attack7LoopAssembly.pong → "
                    + "Attack7LoopAssembly.ping; ") == true, "\(text)")
    }

    // MARK: The key-path messages

    @Test("key path: a getter reading its own, another context's, then its own names the other")
    func keyPathReadingSeveralContexts() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack7CountersAssembly.instance(from: DIContext())
                assembly.relay = Attack7TheirsAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: \.mixed) { Attack7Box("fake") }
                edgeWrong("added")
            })
        #expect(
            text.contains(
                "names Attack7TheirsAssembly.theirs of another context; substitute on an "
                    + "assembly of that context"), "\(text)")
    }

    @Test("key path: a getter reading two same-named nested assemblies' definitions names both")
    func keyPathReadingTwoSameNamedAssemblies() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                Attack7Left.Counters.instance(from: DIContext()).addSubstitution(for: \.both) {
                    Attack7Box("fake")
                }
                edgeWrong("added")
            })
        let names = attack7TwoNames(text)
        #expect(text.contains("reads two definitions of its type, "), "\(text)")
        #expect(names.count == 2 && names.first != names.last, "\(text)")
        #expect(names.allSatisfy { $0.contains("Attack7") }, "\(text)")
    }

    @Test("key path: a getter reading two define calls that share a key stops naming both")
    func keyPathReadingTwoDefinesOfOneKey() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack7CountersAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: \.twoOfOneKey) { Attack7Box("fake") }
                edgeWrong(
                    "added; now sameA is \(assembly.sameA.name), sameB is \(assembly.sameB.name)")
            })
        let names = attack7TwoNames(text)
        #expect(text.contains("reads two definitions of its type, "), "\(text)")
        #expect(names.count == 2 && names.first != names.last, "\(text)")
    }

    @Test("trace: a hook that reads a definition of the probed type while a key path is added")
    func traceHookReadsDuringTheProbe() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let slot = Attack7Holder<Attack7SweepAssembly>(nil)
                let log = Attack7Log()
                let context = DIContext { event in
                    if event.definition == "Attack7SweepAssembly.tagged" {
                        log.add(slot.value!.otherTag.name)
                    }
                }
                let assembly = Attack7SweepAssembly.instance(from: context)
                slot.value = assembly
                assembly.addSubstitution(for: \.tagged) { Attack7Tag("fake") }
                let tagged = assembly.tagged.name
                if log.all.first != "other tag" || tagged != "fake"
                    || assembly.otherTag.name != "other tag"
                {
                    edgeWrong("hook read \(log.all), tagged is \(tagged)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    // MARK: Sweeps

    @Test("sweep: a swept weak singleton let go mid-read goes at the read's end and reads there")
    func sweptDeinitAtTheReadsEnd() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack7SweepAssembly.instance(from: DIContext())
                let lazy = assembly.lazy
                let holder = Attack7Holder(assembly.held)
                let log = Attack7Log()
                assembly.onHeldDeinit = { [unowned assembly] in
                    log.add("deinit")
                    log.add(assembly.lazy === lazy ? "same lazy" : "another lazy")
                    log.add(assembly.plain.name)
                    // Sweeps again, in a read of its own.
                    log.add(assembly.sweeper(from: 1_000).leaves.count == 64 ? "swept" : "short")
                }
                assembly.midRead = { [unowned assembly] in
                    assembly.midRead = {}
                    holder.value = nil
                    log.add("dropped")
                }
                _ = assembly.sweeper(from: 0)
                log.add("returned")
                let again = assembly.held
                let expected = ["dropped", "deinit", "same lazy", "plain", "swept", "returned"]
                if log.all != expected || again.name != "held" {
                    edgeWrong("\(log.all)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("sweep: a swept deinit adds a key-path substitution whose getter sweeps too")
    func sweptDeinitAddsAKeyPathSubstitution() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack7SweepAssembly.instance(from: DIContext())
                let holder = Attack7Holder(assembly.held)
                let log = Attack7Log()
                assembly.onHeldDeinit = { [unowned assembly] in
                    assembly.addSubstitution(for: \.sweptBox) { Attack7Box("fake") }
                    log.add(assembly.plain.name)
                }
                assembly.midRead = { [unowned assembly] in
                    assembly.midRead = {}
                    holder.value = nil
                }
                _ = assembly.sweeper(from: 0)
                let unused = assembly.context.unusedSubstitutions
                if log.all != ["fake"] || assembly.plain.name != "fake" || !unused.isEmpty {
                    edgeWrong("\(log.all), unused \(unused)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("sweep: a swept object holding another context's last assembly frees that context")
    func sweptDeinitDropsAnotherContext() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack7SweepAssembly.instance(from: DIContext())
                let lazy = assembly.lazy
                let log = Attack7Log()
                weak var gone: DIContext?
                let holder = Attack7Holder(assembly.held)
                do {
                    let keeper = Attack7KeeperAssembly.instance(from: DIContext())
                    gone = keeper.context
                    keeper.onDeinit = { [unowned assembly] in
                        log.add(assembly.lazy === lazy ? "keeper read lazy" : "another lazy")
                        log.add(assembly.sweeper(from: 3_000).name)
                    }
                    _ = keeper.keeper
                    holder.value?.inner = keeper
                }
                assembly.midRead = { [unowned assembly] in
                    assembly.midRead = {}
                    holder.value = nil
                    log.add("dropped")
                }
                _ = assembly.sweeper(from: 0)
                log.add("returned")
                if log.all != ["dropped", "keeper read lazy", "sweeper", "returned"]
                    || gone != nil
                {
                    edgeWrong("\(log.all), context freed: \(gone == nil)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("sweep: a substitution's table is swept; its held fake goes at the read's end")
    func sweepInASubstitutionsTable() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack7SweepAssembly.instance(from: DIContext())
                nonisolated(unsafe) let lazy = assembly.lazy
                let log = Attack7Log()
                let first = Attack7Holder<Bool>(true)
                assembly.addSubstitution(for: "fresh(_:)") {
                    (sweep: Attack7SweepAssembly) -> Attack7Leaf in
                    let fake = Attack7Leaf("fake")
                    if first.value == true {
                        first.value = false
                        fake.onDeinit = { [unowned sweep] in
                            log.add(sweep.lazy === lazy ? "deinit, same lazy" : "another lazy")
                            log.add(sweep.fresh(999).name)
                        }
                    }
                    return fake
                }
                let holder = Attack7Holder(assembly.fresh(0))
                assembly.midRead = { [unowned assembly] in
                    assembly.midRead = {}
                    holder.value = nil
                    log.add("dropped")
                }
                let leaves = assembly.sweeper(from: 1).leaves
                log.add("returned")
                if log.all != ["dropped", "deinit, same lazy", "fake", "returned"]
                    || leaves.contains(where: { $0.name != "fake" })
                {
                    edgeWrong("\(log.all)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("sweep: inside a key-path probe, a swept deinit's read of the probed type is not probed")
    func sweptDeinitInsideAProbe() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack7SweepAssembly.instance(from: DIContext())
                let holder = Attack7Holder(assembly.held)
                let log = Attack7Log()
                assembly.onHeldDeinit = { [unowned assembly] in
                    log.add(assembly.otherTag.name)
                }
                assembly.midRead = { [unowned assembly] in
                    assembly.midRead = {}
                    holder.value = nil
                }
                assembly.addSubstitution(for: \.sweptTag) { Attack7Tag("fake") }
                if log.all != ["other tag"] || assembly.tagged.name != "fake"
                    || assembly.otherTag.name != "other tag"
                {
                    edgeWrong("\(log.all), tagged \(assembly.tagged.name)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    #if canImport(Glibc) && arch(x86_64)
        @Test("memory: 40,000 reads that each sweep a substitution's table grow the heap < 8 MB")
        func sweepingReadsStayBounded() async {
            let text = edgeText(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    let assembly = Attack7SweepAssembly.instance(from: DIContext())
                    assembly.addSubstitution(for: "fresh(_:)") { Attack7Leaf("fake") }
                    let held = (0..<8).map { assembly.fresh(-1 - $0) }
                    for n in 0..<2_000 {
                        _ = assembly.fresh(n)
                    }
                    let before = edgeHeapInUse()
                    for n in 2_000..<42_000 {
                        _ = assembly.fresh(n)
                    }
                    let growth = edgeHeapInUse() - before
                    withExtendedLifetime(held) {}
                    if growth > 8_000_000 {
                        edgeWrong("the heap grew by \(growth) bytes")
                    }
                    edgeWorked()
                })
            #expect(text.contains("EDGE-WORKS"), "\(text)")
        }
    #endif

    @Test("threads: fakes swept in a substitution's table while another re-adds it all go once")
    func sweepsWhileAnotherThreadReplacesTheSubstitution() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = Attack7SweepAssembly.instance(from: DIContext())
                nonisolated(unsafe) let lazy = assembly.lazy
                let made = EdgeCounter()
                let gone = EdgeCounter()
                let wrong = EdgeCounter()
                let install = Attack7Holder<() -> Void> { [unowned assembly] in
                    assembly.addSubstitution(for: "fresh(_:)") {
                        (sweep: Attack7SweepAssembly) -> Attack7Leaf in
                        made.increment()
                        let fake = Attack7Leaf("fake")
                        fake.onDeinit = { [unowned sweep] in
                            gone.increment()
                            if sweep.lazy !== lazy {
                                wrong.increment()
                            }
                        }
                        return fake
                    }
                }
                install.value!()
                let shared = Attack7Holder(assembly)
                let done = DispatchSemaphore(value: 0)
                Thread {
                    let ended = edgeOnThreads(3) { index in
                        let assembly = shared.value!
                        for round in 0..<600 {
                            if index == 0 {
                                if round % 10 == 0 {
                                    install.value!()
                                }
                            } else {
                                let held = assembly.fresh(index * 100_000 + round % 50)
                                _ = assembly.sweeper(from: index * 1_000_000 + round * 64)
                                withExtendedLifetime(held) {}
                            }
                        }
                    }
                    if !ended {
                        edgeWrong("threads hung")
                    }
                    done.signal()
                }.start()
                if done.wait(timeout: .now() + hangLimit) == .timedOut {
                    edgeWrong("hung")
                }
                assembly.removeSubstitution(for: "fresh(_:)")
                if made.value != gone.value || wrong.value != 0 {
                    edgeWrong("made \(made.value), gone \(gone.value), wrong \(wrong.value)")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}
