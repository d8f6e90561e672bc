import Foundation
import Wiring

/// Counts instances made of each fixture type; each assembly instance owns one.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    func add(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }
    func count(_ name: String) -> Int { lock.withLock { counts[name, default: 0] } }
}

// The A → B → C → A property cycle.
final class A {
    var b: B?
    init(_ counter: Counter) { counter.add("A") }
}
final class B {
    var c: C?
    init(_ counter: Counter) { counter.add("B") }
}
final class C {
    var a: A?
    init(_ counter: Counter) { counter.add("C") }
}

class ABCAssembly: Assembly {
    let counter = Counter()
    var aScope: Assembly.Scope { .objectGraph }
    var a: A { define(scope: aScope, init: A(counter)) { $0.b = self.b } }
    var b: B { define(init: B(counter)) { $0.c = self.c } }
    var c: C { define(init: C(counter)) { $0.a = self.a } }
}

/// The same cycle with `a` as a prototype.
final class PrototypeABCAssembly: ABCAssembly {
    override var aScope: Assembly.Scope { .prototype }
}

/// Breaks the A → B → C → A reference cycle so weak checks can see objects go.
func breakCycle(_ a: A?) { a?.b?.c?.a = nil }
