import Foundation
import Testing
import Wiring

// The speed-ups after 50470b1 were to change no behaviour but what CHANGELOG's "Unreleased"
// names. Each case here ran against the library file of 50470b1 and of the speed-ups, in debug and
// with -O, and asserts what 50470b1 did. A case that may stop runs in a child process with
// EdgeTests' helpers: EDGE-WORKS when it did what 50470b1 did.
//
// The seven differences found had one cause: a define call kept what its init made only when
// `inject:` returned a value, and then kept the object as `inject:` left it. What an `inject:`
// replaced in place (`$0 = Other()`, or a struct's field set anew) went in the middle of the
// read, when the define call took its result, instead of waiting for the read's end like every
// object the read made: a deinit that read joined the read under way, getting its half-made
// objects, or stopped on a false cycle. A define call keeps what its init made again.

// MARK: - Fixtures

/// Notes that deinits and injects leave, in order, with the objects they read.
final class Attack10Notes: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []
    private var objects: [String: Attack10Box] = [:]

    var all: [String] { lock.withLock { texts } }

    func add(_ text: String) {
        lock.withLock { texts.append(text) }
    }

    subscript(name: String) -> Attack10Box? {
        get { lock.withLock { objects[name] } }
        set { lock.withLock { objects[name] = newValue } }
    }
}

/// A named object that may hold another and runs a closure when it goes.
final class Attack10Box {
    let name: String
    var inner: Attack10Box?
    var onDeinit: (() -> Void)?

    init(_ name: String, inner: Attack10Box? = nil) {
        self.name = name
        self.inner = inner
    }

    deinit { onDeinit?() }
}

/// A value with an object inside, which an `inject:` may set anew.
struct Attack10Holder {
    var box: Attack10Box
}

/// Definitions whose `inject:` replaces the object its init made; the first made object's deinit
/// notes that it went and reads the definition that read it.
final class Attack10ReplacingAssembly: Assembly {
    let notes = Attack10Notes()

    /// Arms `made`'s deinit once: it notes "gone" and keeps what `read` gives as "deinit".
    func arm(_ made: Attack10Box, reading read: @escaping () -> Attack10Box) {
        guard notes.all.isEmpty else {
            return
        }
        notes.add("armed")
        made.onDeinit = {
            self.notes.add("gone")
            self.notes["deinit"] = read()
        }
    }

    /// An `inject:` that returns nothing and replaces the object in place.
    var voidParent: Attack10Box { define(init: Attack10Box("parent", inner: self.voidChild)) }
    var voidChild: Attack10Box {
        define(init: Attack10Box("made")) {
            self.arm($0) { self.voidParent }
            $0 = Attack10Box("replacement")
        }
    }

    /// EasyDi's style: replaces the object in place and returns it.
    var returningParent: Attack10Box {
        define(init: Attack10Box("parent", inner: self.returningChild))
    }
    var returningChild: Attack10Box {
        define(init: Attack10Box("made")) {
            self.arm($0) { self.returningParent }
            $0 = Attack10Box("replacement")
            return $0
        }
    }

    /// A singleton whose `inject:` replaces it in place, read inside another definition's inject.
    func singletonParent(_ scope: Scope) -> Attack10Box {
        define(key: "singletonParent-\(scope)", init: Attack10Box("parent")) {
            $0.inner = self.singleton(scope)
            self.notes.add("parent injected")
        }
    }
    func singleton(_ scope: Scope) -> Attack10Box {
        define(key: "singleton-\(scope)", scope: scope, init: Attack10Box("made")) {
            self.arm($0) { self.singletonParent(scope) }
            $0 = Attack10Box("replacement")
        }
    }

    /// An object made elsewhere that `defineInjection` replaces in place.
    var injectionParent: Attack10Box {
        define(init: Attack10Box("parent")) {
            $0.inner = self.inject(into: Attack10Box("given"))
            self.notes.add("parent injected")
        }
    }
    func inject(into given: Attack10Box) -> Attack10Box {
        defineInjection(key: "given", into: given) {
            self.arm($0) { self.injectionParent }
            $0 = Attack10Box("replacement")
        }
    }

    /// A value whose `inject:` sets its object anew: the one its init made goes.
    var holderParent: Attack10Box {
        define(init: Attack10Box("parent")) {
            $0.inner = self.holder.box
            self.notes.add("parent injected")
        }
    }
    var holder: Attack10Holder {
        define(init: Attack10Holder(box: Attack10Box("made"))) {
            self.arm($0.box) { self.holderParent }
            $0.box = Attack10Box("replacement")
        }
    }

    /// An `inject:` that replaces the object in place and returns something else, a count.
    var countingParent: Attack10Box {
        define(init: Attack10Box("parent")) {
            $0.inner = self.counting
            self.notes.add("parent injected")
        }
    }
    var counting: Attack10Box {
        define(init: Attack10Box("made")) { (box: inout Attack10Box) -> Int in
            self.arm(box) { self.countingParent }
            box = Attack10Box("replacement")
            return 1
        }
    }
}

/// Typed `inject:` closures over optionals, which return an empty one or fill one.
final class Attack10OptionalAssembly: Assembly {
    var emptied: Attack10Box? {
        define(init: Attack10Box?.some(Attack10Box("made"))) { (_: Attack10Box?) -> Attack10Box? in
            nil
        }
    }
    var filled: Attack10Box? {
        define(init: Attack10Box?.none) { (_: Attack10Box?) -> Attack10Box? in
            Attack10Box("filled")
        }
    }
    var innerEmptied: Attack10Box?? {
        define(init: Attack10Box??.some(Attack10Box("made"))) {
            (_: Attack10Box??) -> Attack10Box?? in .some(.none)
        }
    }
    func given(_ box: Attack10Box?) -> Attack10Box? {
        defineInjection(key: "given", into: box) { (_: Attack10Box?) -> Attack10Box? in nil }
    }
    var returnedEmpty: Attack10Box? {
        define(init: Attack10Box?.some(Attack10Box("made"))) {
            (_: inout Attack10Box?) -> Attack10Box? in nil
        }
    }
}

// MARK: - Tests

@Suite("Same as before the speed-ups (50470b1)")
struct SameAsBeforeTests {
    /// 50470b1: the replaced object went at the read's end; its deinit read a parent of its own.
    /// With the speed-ups it went when the child's read returned, and its read of the parent
    /// under way stopped: "cycle that cannot close: ….voidParent → ….voidParent".
    @Test("an inout inject: that returns nothing: what it replaced waits for the read's end")
    func voidInoutReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack10ReplacingAssembly.instance(from: DIContext())
            let parent = assembly.voidParent
            guard parent.inner?.name == "replacement", let other = assembly.notes["deinit"],
                other !== parent, assembly.notes.all == ["armed", "gone"]
            else {
                edgeWrong("the replaced object's deinit did not read in a read of its own")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// 50470b1: as above, for EasyDi's `{ $0 = …; return $0 }`. With the speed-ups: the false
    /// cycle.
    @Test("an inout inject: that returns the object: what it replaced waits for the read's end")
    func returningInoutReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack10ReplacingAssembly.instance(from: DIContext())
            let parent = assembly.returningParent
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

    /// In a child: reads `parent`, whose child's inject replaced its object in place, and checks
    /// that the replaced object went once the parent was injected, its deinit reading a parent
    /// of its own.
    static func replacement(_ parent: (Attack10ReplacingAssembly) -> Attack10Box) -> Never {
        let assembly = Attack10ReplacingAssembly.instance(from: DIContext())
        let read = parent(assembly)
        let notes = assembly.notes.all
        guard read.inner?.name == "replacement",
            notes.prefix(3) == ["armed", "parent injected", "gone"],
            let other = assembly.notes["deinit"], other !== read
        else {
            edgeWrong(
                "notes \(notes), the deinit's parent is the one under way: "
                    + "\(assembly.notes["deinit"] === read)")
        }
        edgeWorked()
    }

    /// 50470b1: what a singleton's inject replaced went after the read, and its deinit got a
    /// parent of its own. With the speed-ups it went before the parent's inject ended, and got
    /// the parent under way, half-injected.
    @Test("a lazy singleton's inout inject: what it replaced waits for the read's end")
    func lazySingletonInoutReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            SameAsBeforeTests.replacement { $0.singletonParent(.lazySingleton) }
        }
        #expect(edgeText(result).contains("EDGE-WORKS"), "\(edgeText(result))")
    }

    @Test("a weak singleton's inout inject: what it replaced waits for the read's end")
    func weakSingletonInoutReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            SameAsBeforeTests.replacement { $0.singletonParent(.weakSingleton) }
        }
        #expect(edgeText(result).contains("EDGE-WORKS"), "\(edgeText(result))")
    }

    /// 50470b1: the object given to `defineInjection` and replaced went after the read. With the
    /// speed-ups: in the middle of it, its deinit getting the parent under way.
    @Test("defineInjection's inout inject: what it replaced waits for the read's end")
    func injectionInoutReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            SameAsBeforeTests.replacement { $0.injectionParent }
        }
        #expect(edgeText(result).contains("EDGE-WORKS"), "\(edgeText(result))")
    }

    /// 50470b1: a value's object that its `inject:` set anew went after the read. With the
    /// speed-ups: when the value's read returned, its deinit getting the parent under way.
    @Test("a value's inject: that sets its object anew: the old one waits for the read's end")
    func valueFieldReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            SameAsBeforeTests.replacement { $0.holderParent }
        }
        #expect(edgeText(result).contains("EDGE-WORKS"), "\(edgeText(result))")
    }

    /// 50470b1: an `inject:` returning a count after replacing its object in place: what it
    /// replaced went after the read. With the speed-ups: mid-read, its deinit getting the parent
    /// under way.
    @Test("an inout inject: returning a non-object: what it replaced waits for the read's end")
    func countingInoutReplacementWaitsForTheReadsEnd() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            SameAsBeforeTests.replacement { $0.countingParent }
        }
        #expect(edgeText(result).contains("EDGE-WORKS"), "\(edgeText(result))")
    }

    /// Same as 50470b1: a typed closure over an optional that returns an empty one empties the
    /// result, though the typed overloads now hand resolve the closure's value (a generic cast
    /// of an empty optional to its own type).
    @Test("typed inject: over optionals: an empty one returned is the result")
    func typedOptionalInjectReturningEmpty() {
        let assembly = Attack10OptionalAssembly.instance(from: DIContext())
        #expect(assembly.emptied == nil)
        #expect(assembly.filled?.name == "filled")
        let innerEmptied = assembly.innerEmptied
        #expect(innerEmptied != nil && innerEmptied! == nil)
        #expect(assembly.given(Attack10Box("given")) == nil)
        #expect(assembly.returnedEmpty == nil)
    }
}
