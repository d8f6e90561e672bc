import Dispatch
import Foundation
import Testing
import Wiring

// Cases found by attacking the 1.1 design, in which a key-path probe inside a read is part of it.

final class Attack18Box {
    let name: String
    var inner: Attack18Box?
    var other: Attack18Box?

    init(_ name: String, inner: Attack18Box? = nil) {
        self.name = name
        self.inner = inner
    }
}

/// Holds one box.
final class Attack18Holder {
    var box: Attack18Box?
}

/// `x`'s getter reads `y`, whose `inject:` reads `x`: a probe of `x` made inside another
/// context's read makes a `y` that holds the original `x`.
final class Attack18SecondAssembly: Assembly {
    var y: Attack18Holder { define(init: Attack18Holder()) { $0.box = self.x } }
    var x: Attack18Box {
        _ = y
        return define(init: Attack18Box("x"))
    }
}

/// Substitutes `x` of another context inside its own definition, then reads `x` and `y` there.
final class Attack18FirstAssembly: Assembly {
    var second = DIContext()
    var top: Attack18Box {
        define(init: Attack18Box("top")) { top in
            let other = Attack18SecondAssembly.instance(from: self.second)
            other.addSubstitution(for: \.x) { Attack18Box("fake-x") }
            top.inner = other.x
            top.other = other.y.box
        }
    }
}

/// An assembly whose stored property reads a definition of the probed type when it is made.
final class Attack18SourceAssembly: Assembly {
    var thing: Attack18Box { define(init: Attack18Box("source")) }
}

final class Attack18CachingAssembly: Assembly {
    let cached = Attack18SourceAssembly.instance().thing
}

/// `thing`'s getter makes `caching` (first time only), whose stored property reads a box.
final class Attack18StoredAssembly: Assembly {
    var caching: Attack18CachingAssembly { context.assembly() }
    var thing: Attack18Box {
        _ = caching.cached
        return define(init: Attack18Box("thing"))
    }
}

/// `x`'s substitute reads `y`, substituted too.
final class Attack18UnusedAssembly: Assembly {
    var y: Attack18Box { define(init: Attack18Box("y")) }
    var x: Attack18Box { define(init: Attack18Box("x")) }
}

/// A subscript's argument whose `==` takes the context's lock (it lists unused substitutions).
struct Attack18Shelf: Hashable, @unchecked Sendable {
    nonisolated(unsafe) static var context: DIContext?
    let number: Int

    static func == (left: Attack18Shelf, right: Attack18Shelf) -> Bool {
        _ = context?.unusedSubstitutions
        return left.number == right.number
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(number)
    }
}

final class Attack18ShelfAssembly: Assembly {
    subscript(shelf: Attack18Shelf) -> Attack18Box {
        define(key: "shelf-\(shelf.number)", definitionKey: "shelves", init: Attack18Box("shelf"))
    }
}

@Suite("Attack 18: a probe inside a read, key-path removal, unused substitutions")
struct Attack18Tests {
    /// ThreadSafety.md: a read is "never half old, half new"; ScopesAndGraphs.md: one object per
    /// definition and graph. The probe's getter made `y` (holding the original `x`) under the
    /// substitutions the read had then; that `y` goes with the probe, so the read's `x` and the
    /// `x` in its `y` are one object.
    @Test("probe inside a read: what the getter made goes with it, so a graph stays one")
    func probeInsideAReadLeavesOneObjectPerDefinition() {
        let first = Attack18FirstAssembly.instance(from: DIContext())
        let keep = Attack18SecondAssembly.instance(from: first.second)
        let top = first.top
        #expect(top.inner?.name == "fake-x")
        #expect(top.other === top.inner, "y holds \(top.other?.name ?? "nil")")
        withExtendedLifetime(keep) {}
    }

    /// Substitutions.md: the probe learns "the one define of the property's type that the getter
    /// calls"; a define that an assembly's stored property calls while the getter makes it is
    /// not the getter's. Before: "reads two definitions of its type".
    @Test("probe: an assembly the getter makes reads in its stored properties unprobed")
    func assemblyMadeInTheGetterIsNotProbed() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = Attack18StoredAssembly.instance(from: DIContext())
            assembly.addSubstitution(for: \.thing) { Attack18Box("fake") }
            if assembly.thing.name != "fake" || assembly.caching.cached.name != "source" {
                edgeWrong("thing \(assembly.thing.name), cached \(assembly.caching.cached.name)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// README: a fake the code under test never reads shows up in `unusedSubstitutions`. Adding
    /// `x` by key path runs its substitute once, which reads `y`: that is set-up, not a use.
    @Test("unused: a substitute that a probe ran reads another fake without using it")
    func probeDoesNotUseTheFakesItsSubstituteReads() {
        let context = DIContext()
        let assembly = Attack18UnusedAssembly.instance(from: context)
        assembly.addSubstitution(for: \.y) { Attack18Box("fake-y") }
        assembly.addSubstitution(for: \.x) { (a: Attack18UnusedAssembly) in
            Attack18Box("fake-x", inner: a.y)
        }
        let expected = ["Attack18UnusedAssembly.x", "Attack18UnusedAssembly.y"]
        #expect(context.unusedSubstitutions == expected)
        #expect(assembly.x.inner?.name == "fake-y")
        #expect(context.unusedSubstitutions.isEmpty)
    }

    /// The context's lock is "never held while user code runs": removing by a subscript's key
    /// path compares the arguments with their `==`, which here takes that lock.
    @Test("remove by key path: a subscript argument's == that takes the context's lock")
    func removeComparesKeyPathsUnlocked() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let context = DIContext()
            let assembly = Attack18ShelfAssembly.instance(from: context)
            assembly.addSubstitution(for: \.[Attack18Shelf(number: 1)]) { Attack18Box("fake") }
            Attack18Shelf.context = context
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) let shelves = assembly
            Thread {
                shelves.removeSubstitution(for: \.[Attack18Shelf(number: 1)])
                done.signal()
            }.start()
            if done.wait(timeout: .now() + hangLimit) != .success {
                edgeWrong("removeSubstitution(for:) deadlocked")
            }
            Attack18Shelf.context = nil
            if assembly[Attack18Shelf(number: 1)].name != "shelf" {
                edgeWrong("not removed")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// Contexts.md: the hook hears of every definition read. A hook that reads a traced
    /// definition of its own context hears of that read too, once: it ran forever before.
    @Test("trace: a hook that reads its own context's definition hears of it once, then ends")
    func hookReadingItsOwnContextEnds() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let heard = AttackLog()
            nonisolated(unsafe) var assembly: Attack18UnusedAssembly?
            let context = DIContext(trace: { event in
                heard.add(event)
                _ = assembly?.y
            })
            assembly = Attack18UnusedAssembly.instance(from: context)
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) let reader = assembly!
            Thread {
                _ = reader.x
                done.signal()
            }.start()
            if done.wait(timeout: .now() + hangLimit) != .success {
                edgeWrong("the hook ran \(heard.lines.count) times and on")
            }
            let expected = [
                "Attack18UnusedAssembly.x 0 - made", "Attack18UnusedAssembly.y 0 - made",
            ]
            if heard.lines != expected {
                edgeWrong("heard \(heard.lines)")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }
}
