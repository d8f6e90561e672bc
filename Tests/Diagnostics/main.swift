// The programs behind the messages in Sources/Wiring/Wiring.docc/Diagnostics.md. `.ci/diagnostics`
// builds this file with the library as module `msgs` (`swiftc -O`), runs each scenario in a
// process of its own and checks that the article shows the messages they print, and no other.
import Foundation

final class Node {
    init(_ next: Node?) {}
}
struct Item {
    let number: Int
}
protocol Feature {}
final class Counter {}

final class ABCAssembly: Assembly {
    var a: Node { define(init: Node(self.b)) }
    var b: Node { define(init: Node(self.a)) }
}

final class SpyAssembly: Assembly {
    var feature: Node { define(init: Node(nil)) }
    var box: Node { define(init: Node(self.feature)) }
}

final class ListAssembly: Assembly {
    func item(_ number: Int) -> Item { define(scope: .lazySingleton, init: Item(number: number)) }
}

final class ModuleAssembly: Assembly {
    var view: Node { definePlaceholder() }
}

final class FeatureAssembly: Assembly {
    var feature: Feature { define(init: Item(number: 1)) }
}

struct FeatureV1: Feature {}

final class SubAssembly: Assembly {
    var feature: Feature { define(init: FeatureV1()) }
}

final class WeakAssembly: Assembly {
    var item: Item { define(scope: .weakSingleton, init: Item(number: 1)) }
}

final class CounterAssembly: Assembly {
    var left: Counter { define(init: Counter()) }
    var right: Counter { define(init: Counter()) }
    var other: Counter { define(init: Counter()) }
    var plain: Counter { Counter() }
    var both: Counter {
        _ = left
        return right
    }
    var wrapped: Counter {
        _ = other
        return Counter()
    }
    var elsewhere: Counter { OtherCounterAssembly.instance(from: DIContext()).counter }
}

final class OtherCounterAssembly: Assembly {
    var counter: Counter { define(init: Counter()) }
}

class BaseCounterAssembly: Assembly {
    var counter: Counter { define(init: Counter()) }
}

/// Reads `super` outside its own define call, so the getter calls two define calls of one key.
final class DecoratingCounterAssembly: BaseCounterAssembly {
    override var counter: Counter {
        _ = super.counter
        return define(init: Counter())
    }
}

final class ShelfAssembly: Assembly {
    subscript(index: Int) -> Counter { define(key: "shelf-\(index)", init: Counter()) }
}

final class ChainAssembly: Assembly {
    func chain(_ number: Int) -> Node {
        define(key: "chain-\(number)", init: Node(self.chain(number + 1)))
    }
}

final class Echo {
    var onDeinit: () -> Void = {}

    deinit {
        onDeinit()
    }
}

final class EchoAssembly: Assembly {
    /// Each echo, let go at the end of the read that made it, reads the next one.
    func echo(_ number: Int) -> Echo {
        define(key: "echo-\(number)", init: Echo()) { echo in
            echo.onDeinit = { _ = self.relay(number + 1) }
        }
    }
    func relay(_ number: Int) -> Node {
        define(key: "relay-\(number)", init: Node(nil)) { _ in _ = self.echo(number) }
    }
}

final class LoopAssembly: Assembly {
    var a: Node { define(scope: .prototype, init: Node(self.b)) }
    var b: Node { define(scope: .prototype, init: Node(self.a)) }
}

final class LeftAssembly: Assembly {
    let right = RightAssembly.instance()
}

final class RightAssembly: Assembly {
    let left = LeftAssembly.instance()
}

/// Each scenario stops the program with one message.
let scenarios: [String: () -> Void] = [
    "cycle": { _ = ABCAssembly.instance().a },
    "substitute-cycle": {
        let assembly = SpyAssembly.instance()
        assembly.addSubstitution(for: "feature") { (a: SpyAssembly) in Node(a.box) }
        _ = assembly.feature
    },
    "method": { _ = ListAssembly.instance().item(1) },
    "placeholder": { _ = ModuleAssembly.instance().view },
    "definition-type": { _ = FeatureAssembly.instance().feature },
    "substitution-type": {
        let assembly = SubAssembly.instance()
        assembly.addSubstitution(for: "feature") { 42 }
        _ = assembly.feature
    },
    "weak-struct": { _ = WeakAssembly.instance().item },
    "key-path-none": { CounterAssembly.instance().addSubstitution(for: \.plain) { Counter() } },
    "key-path-two": { CounterAssembly.instance().addSubstitution(for: \.both) { Counter() } },
    "key-path-other-object": {
        CounterAssembly.instance().addSubstitution(for: \.wrapped) { Counter() }
    },
    "key-path-other-context": {
        CounterAssembly.instance().addSubstitution(for: \.elsewhere) { Counter() }
    },
    "key-path-override": {
        DecoratingCounterAssembly.instance().addSubstitution(for: \.counter) { Counter() }
    },
    "key-path-subscript": { ShelfAssembly.instance().addSubstitution(for: \.[1]) { Counter() } },
    "deep": { _ = ChainAssembly.instance().chain(1) },
    "deinit-loop": { _ = EchoAssembly.instance().relay(1) },
    "prototype-loop": { _ = LoopAssembly.instance().a },
    "stored-assemblies": { _ = LeftAssembly.instance() },
    "isolated-conformance": {
        let done = DispatchSemaphore(value: 0)
        Foundation.Thread.detachNewThread {
            _ = PriceAssembly.instance().feature
            done.signal()
        }
        done.wait()
    },
]

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let chosen = scenarios[name] else {
    print(scenarios.keys.sorted().joined(separator: "\n"))
    exit(arguments.isEmpty ? 0 : 64)
}
chosen()
print("\(name): no message")
exit(1)

/// Conforms on the main actor only, as a module that is MainActor by default makes a conformance.
final class Price {}

extension Price: @MainActor Feature {}

final class PriceAssembly: Assembly {
    var feature: Feature { define(init: Price()) }
}
