import Foundation
import Testing
import Wiring

// ThreadSafety.md: a `deinit` of a substitution or default context that a definition's code
// removes or replaces runs inside that read and is part of it; outside any read, it starts a read
// of its own.

final class MidReadBox {
    var onDeinit: (() -> Void)?

    deinit {
        onDeinit?()
    }
}

/// The trace events a context heard, as "definition depth parent".
final class MidReadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func hear(_ event: DIContext.TraceEvent) {
        lock.withLock { lines.append("\(event.definition) \(event.depth) \(event.parent ?? "-")") }
    }

    var all: [String] { lock.withLock { lines } }
}

final class MidReadSideAssembly: Assembly {
    var fakeable: MidReadBox { define(scope: .lazySingleton, init: MidReadBox()) }
    var traced: MidReadBox { define(init: MidReadBox()) }
}

/// Removes a substitution of `side`, or replaces the default context, in an `inject:`.
final class MidReadOuterAssembly: Assembly {
    var side: MidReadSideAssembly?

    var removing: MidReadBox {
        define(init: MidReadBox()) { _ in
            self.side?.removeSubstitution(for: "fakeable")
        }
    }

    var swapping: MidReadBox {
        define(init: MidReadBox()) { _ in DIContext.defaultInstance = DIContext() }
    }
}

@Suite("Mid-read removal: a deinit it runs is part of the read")
struct MidReadRemovalTests {
    /// A traced context whose substitution of `fakeable` makes a fake whose deinit reads `traced`.
    func sideWithFake(_ log: MidReadLog) -> MidReadSideAssembly {
        let side = MidReadSideAssembly.instance(from: DIContext(trace: log.hear))
        side.addSubstitution(for: "fakeable") { (side: MidReadSideAssembly) -> MidReadBox in
            let fake = MidReadBox()
            fake.onDeinit = { _ = side.traced }
            return fake
        }
        _ = side.fakeable
        return side
    }

    @Test("removed by a definition's inject:, the fake's deinit reads inside that read")
    func removedInsideARead() {
        let log = MidReadLog()
        let side = sideWithFake(log)
        let outer = MidReadOuterAssembly.instance(from: DIContext())
        outer.side = side
        _ = outer.removing
        #expect(log.all.last == "MidReadSideAssembly.traced 1 MidReadOuterAssembly.removing")
    }

    @Test("removed outside any read, the fake's deinit starts a read of its own")
    func removedAtTheTopLevel() {
        let log = MidReadLog()
        let side = sideWithFake(log)
        side.removeSubstitution(for: "fakeable")
        #expect(log.all.last == "MidReadSideAssembly.traced 0 -")
    }

    @Test("a default context replaced by a definition's inject: goes inside that read")
    func defaultContextReplacedInsideARead() {
        let log = MidReadLog()
        DIContext.withDefault(DIContext()) {
            do {
                // Held by the default context alone: it goes when that is replaced.
                let old = DIContext()
                let tracing = MidReadSideAssembly.instance(from: DIContext(trace: log.hear))
                MidReadSideAssembly.instance(from: old).fakeable.onDeinit = { _ = tracing.traced }
                DIContext.defaultInstance = old
            }
            _ = MidReadOuterAssembly.instance(from: DIContext()).swapping
        }
        #expect(log.all == ["MidReadSideAssembly.traced 1 MidReadOuterAssembly.swapping"])
    }
}
