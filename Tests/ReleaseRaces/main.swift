// Readers of three contexts while another thread adds and removes substitutions, by name and by
// key path. `.ci/release-races` builds this file with the library in a release build under
// ThreadSanitizer, where the optimiser changes a table in place as soon as no read holds a copy of
// it: the run must end with no report.
import Foundation

final class Leaf: Sendable {}

final class Pair {
    var near: Leaf?
    var far: Leaf?
}

final class TableAssembly: Assembly {
    /// Each context's next one, set before any thread starts.
    nonisolated(unsafe) static var next: [ObjectIdentifier: DIContext] = [:]

    var leaf: Leaf { define(scope: .prototype, init: Leaf()) }
    var plain: Leaf { define(init: Leaf()) }
    var pair: Pair {
        define(init: Pair()) {
            $0.near = self.leaf
            $0.far = self.onward.plain
        }
    }
    var onward: TableAssembly { .instance(from: TableAssembly.next[ObjectIdentifier(context)]) }
}

let contexts = (0..<3).map { _ in DIContext() }
for (index, context) in contexts.enumerated() {
    TableAssembly.next[ObjectIdentifier(context)] = contexts[(index + 1) % contexts.count]
}
nonisolated(unsafe) let assemblies = contexts.map { TableAssembly.instance(from: $0) }
DispatchQueue.concurrentPerform(iterations: 4) { worker in
    for round in 0..<20_000 {
        let assembly = assemblies[round % assemblies.count]
        guard worker == 0 else {
            precondition(assembly.pair.far != nil)
            continue
        }
        switch round % 4 {
        case 0: assembly.addSubstitution(for: "leaf") { Leaf() }
        case 1: assembly.removeSubstitution(for: "leaf")
        case 2: assembly.addSubstitution(for: \.leaf) { Leaf() }
        default: assembly.removeSubstitution(for: \.leaf)
        }
    }
}
print("ok: readers of 3 contexts while substitutions changed, no race reported")
