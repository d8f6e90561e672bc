import Foundation
import Testing
import Wiring

// An assembly's `init`, after `super.init()`, is its own: it may add a key-path substitution,
// whose substitute runs at once and may ask for this very assembly, or read a definition that
// reads the assembly back. And a placeholder that finds an object of the wrong type says so.

final class InitBox {
    let name: String
    var peer: InitBox?

    init(_ name: String) {
        self.name = name
    }
}

/// Adds a key-path spy of its own `feature` in its `init`; the spy reads the original.
final class InitSpyAssembly: Assembly {
    var feature: InitBox { define(init: InitBox("v1")) }

    required init() {
        super.init()
        addSubstitution(for: \.feature) { (assembly: InitSpyAssembly) in
            let spy = InitBox("spy")
            spy.peer = assembly.feature
            return spy
        }
    }
}

/// Switches `feature` to a variant in its `init`, by key path; the variant reads this assembly.
final class InitSwitchAssembly: Assembly {
    var feature: InitBox { define(init: InitBox("v1")) }
    var settings: InitBox { define(init: InitBox("settings")) }

    required init() {
        super.init()
        addSubstitution(for: \.feature) { (variant: InitVariantAssembly) in variant.feature }
    }
}

final class InitVariantAssembly: Assembly {
    var switched: InitSwitchAssembly { context.assembly() }
    var feature: InitBox { define(init: InitBox("v2")) { $0.peer = self.switched.settings } }
}

/// Reads, in its `init`, a definition whose `inject` asks for this assembly again.
final class InitReadingAssembly: Assembly {
    private(set) var first: InitBox?
    var again: InitReadingAssembly { context.assembly() }
    var box: InitBox { define(init: InitBox("box")) { $0.peer = self.again.other } }
    var other: InitBox { define(init: InitBox("other")) }

    required init() {
        super.init()
        first = box
    }
}

/// Stops in its `init`, after `super.init()`, until the test lets it go on.
final class InitGatedAssembly: Assembly {
    static let entered = DispatchSemaphore(value: 0)
    static let release = DispatchSemaphore(value: 0)
    private(set) var ready = false
    var feature: InitBox { define(init: InitBox("v1")) }

    required init() {
        super.init()
        InitGatedAssembly.entered.signal()
        InitGatedAssembly.release.wait()
        ready = true
        addSubstitution(for: \.feature) { InitBox("v2") }
    }
}

/// What the threads of a test saw, under a lock.
final class InitResults: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [(Bool, String)] = []

    var all: [(Bool, String)] { lock.withLock { seen } }

    func add(_ ready: Bool, _ name: String) {
        lock.withLock { seen.append((ready, name)) }
    }
}

/// Asks for itself in its `init` before and after another thread makes and keeps one of its own.
final class InitRacedAssembly: Assembly {
    static let asked = DispatchSemaphore(value: 0)
    static let kept = DispatchSemaphore(value: 0)
    nonisolated(unsafe) static var first = true
    /// The one the first thread made; the other thread's is the one kept.
    nonisolated(unsafe) static var original: InitRacedAssembly?
    private(set) var seen: [Bool] = []

    required init() {
        super.init()
        guard InitRacedAssembly.first else {
            return
        }
        InitRacedAssembly.first = false
        InitRacedAssembly.original = self
        seen.append(InitRacedAssembly.instance(from: context) === self)
        InitRacedAssembly.asked.signal()
        _ = InitRacedAssembly.kept.wait(timeout: .now() + 5)
        seen.append(InitRacedAssembly.instance(from: context) === self)
    }
}

final class InitPlainAssembly: Assembly {
    var box: InitBox { define(init: InitBox("plain")) }
}

protocol InitViewInput: AnyObject {}

final class InitWrongView {}

/// A placeholder whose key a define call filled with an object of another type.
final class InitPlaceholderAssembly: Assembly {
    var view: InitWrongView { define(key: "screen", init: InitWrongView()) { _ in _ = self.peer } }
    var screen: InitViewInput { definePlaceholder() }
    var peer: InitBox { define(init: InitBox("peer")) { _ in _ = self.screen } }
}

@Suite("An assembly's init, after super.init()")
struct AssemblyInitTests {
    @Test("a key-path spy added in init reads its own assembly's original")
    func keyPathSpyAddedInInit() {
        let assembly = InitSpyAssembly.instance(from: DIContext())
        let feature = assembly.feature
        #expect(feature.name == "spy")
        #expect(feature.peer?.name == "v1")
        #expect(assembly.context.unusedSubstitutions.isEmpty)
    }

    @Test("a key-path switch added in init to a variant that reads the assembly back")
    func keyPathSwitchAddedInInit() {
        let context = DIContext()
        let assembly = InitSwitchAssembly.instance(from: context)
        let feature = assembly.feature
        #expect(feature.name == "v2")
        #expect(feature.peer?.name == "settings")
        #expect(InitVariantAssembly.instance(from: context).switched === assembly)
    }

    @Test("a read in init whose inject asks for the assembly again gets this one")
    func readInInitFindsItsOwnAssembly() {
        let context = DIContext()
        let assembly = InitReadingAssembly.instance(from: context)
        #expect(assembly.first?.peer?.name == "other")
        #expect(assembly.again === assembly)
        #expect(InitReadingAssembly.instance(from: context) === assembly)
    }

    @Test("another thread asking while an init runs gets a finished assembly, not that one")
    func otherThreadWaitsForNoUnfinishedAssembly() {
        let context = DIContext()
        let results = InitResults()
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                let assembly = InitGatedAssembly.instance(from: context)
                results.add(assembly.ready, assembly.feature.name)
                group.leave()
            }
            // The first thread is inside its init, past super.init(), when the second asks; the
            // second makes its own (waiting at most 5 s for it to show).
            _ = InitGatedAssembly.entered.wait(timeout: .now() + 5)
        }
        InitGatedAssembly.release.signal()
        InitGatedAssembly.release.signal()
        group.wait()
        #expect(results.all.count == 2)
        #expect(results.all.allSatisfy { $0 == (true, "v2") }, "\(results.all)")
    }

    @Test("the thread making an assembly gets its own in its init, though another thread kept one")
    func ownAssemblyBeforeAnotherThreadsKeptOne() {
        let context = DIContext()
        let made = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var first: InitRacedAssembly?
        Thread.detachNewThread {
            first = InitRacedAssembly.instance(from: context)
            made.signal()
        }
        _ = InitRacedAssembly.asked.wait(timeout: .now() + hangLimit)
        let other = InitRacedAssembly.instance(from: context)
        InitRacedAssembly.kept.signal()
        made.wait()
        #expect(InitRacedAssembly.original?.seen == [true, true])
        #expect(first === other)  // once its init returned, it got the one kept, as documented
    }

    @Test("an assembly let go is made anew by instance(), not kept by its context")
    func releasedAssemblyIsMadeAnew() {
        let context = DIContext()
        weak var first: InitPlainAssembly?
        do {
            let made = InitPlainAssembly.instance(from: context)
            first = made
        }
        #expect(first == nil)
        #expect(InitPlainAssembly.instance(from: context).context === context)
    }

    @Test("a placeholder that finds an object of another type names both types")
    func placeholderFindsTheWrongType() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = InitPlaceholderAssembly.instance(from: DIContext()).view
            edgeWrong("the read ended")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "Wiring: InitPlaceholderAssembly.screen is declared as InitViewInput but its "
                    + "definition made InitWrongView"), "\(text)")
    }
}
