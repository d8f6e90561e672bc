import Foundation
import Testing
import Wiring

/// Runs `onDeinit` when released: a way for user code to resolve at awkward moments.
final class Tracked {
    let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

final class Widget {}
final class WidgetHolder { var first: Widget?, second: Widget?, middle: Widget? }

/// Three contexts, one inside the other: `holder` (outer) reads `middle` (middle context), which reads
/// `entry` (inner context), which reads `transient` and drops it, so only the inner graph holds it until
/// that graph ends. Its deinit reads the outer `widget`.
final class OuterLevelAssembly: Assembly {
    var middle: MiddleLevelAssembly!
    var widget: Widget { define(init: Widget()) }
    var holder: WidgetHolder {
        define(init: WidgetHolder()) {
            $0.first = self.widget
            $0.middle = self.middle.middle
            $0.second = self.widget
        }
    }
}

final class MiddleLevelAssembly: Assembly {
    var inner: InnerLevelAssembly!
    var middle: Widget { define(init: Widget()) { _ in _ = self.inner.entry } }
}

final class InnerLevelAssembly: Assembly {
    weak var outer: OuterLevelAssembly?
    let deinitReads = Counter()
    var entry: Widget { define(init: Widget()) { _ in _ = self.transient } }
    var transient: Tracked {
        define(
            init: Tracked { [weak self] in
                if self?.outer?.widget != nil { self?.deinitReads.add("widget") }
            })
    }
}

/// A singleton whose deinit resolves, for substitutions that drop it.
final class DeinitResolvingAssembly: Assembly {
    var widget: Widget { define(init: Widget()) }
    var service: Tracked { define(scope: .lazySingleton, init: Tracked {}) }
}

@Suite("Resolutions inside other resolutions and inside deinits")
struct ReentrancyTests {
    @Test("a resolution in another context inside a graph uses that context's own substitutions")
    func nestedContextUsesItsOwnSubstitutions() {
        let inner = ServiceAssembly.instance(from: DIContext())
        let original = inner.store
        inner.addSubstitution(for: "apiClient") { FakeClient() as APIClient }
        inner.addSubstitution(for: "store") { Store(Counter()) }
        let substitutedStore = inner.store
        let outer = CrossContextAssembly.instance(from: DIContext())
        outer.services = inner
        let reading = outer.reading
        #expect(reading.client is FakeClient)
        #expect(reading.store === substitutedStore)
        #expect(reading.store !== original)
    }

    @Test("a deinit that resolves while nested graphs end leaves every graph whole")
    func deinitResolvingWhileGraphsEnd() {
        let outer = OuterLevelAssembly.instance(from: DIContext())
        let middle = MiddleLevelAssembly.instance(from: DIContext())
        let inner = InnerLevelAssembly.instance(from: DIContext())
        (outer.middle, middle.inner, inner.outer) = (middle, inner, outer)
        weak var firstWidget: Widget?
        do {
            let holder = outer.holder
            // The transient object is gone, and its deinit resolved.
            #expect(inner.deinitReads.count("widget") == 1)
            #expect(holder.first != nil && holder.first === holder.second)  // one graph, one widget
            firstWidget = holder.first
        }
        #expect(firstWidget == nil)  // nothing of the finished graph is kept
        let again = outer.holder
        #expect(again.first === again.second)
        #expect(inner.deinitReads.count("widget") == 2)
        #expect(outer.widget !== outer.widget)  // later top-level reads are graphs of their own
    }

    @Test("dropping a substituted singleton whose deinit resolves does not deadlock")
    func droppedSingletonResolvesOutsideTheLocks() {
        let finished = DispatchSemaphore(value: 0)
        let deinitReads = Counter()
        Thread {  // on a thread of its own, so a deadlock fails the test instead of hanging the run
            let assembly = DeinitResolvingAssembly.instance(from: DIContext())
            nonisolated(unsafe) weak let held = assembly
            assembly.addSubstitution(for: "service") {
                Tracked { [weak assembly = held] in
                    if assembly?.widget != nil { deinitReads.add("widget") }
                }
            }
            _ = assembly.service
            assembly.removeSubstitution(for: "service")
            finished.signal()
        }.start()
        #expect(finished.wait(timeout: .now() + hangLimit) == .success)
        #expect(deinitReads.count("widget") == 1)
    }
}

/// What a graph in one context read from another context.
final class ServiceReading { var client: APIClient?, store: Store? }

/// Reads another context's definitions inside its own graph.
final class CrossContextAssembly: Assembly {
    var services: ServiceAssembly!
    var reading: ServiceReading {
        define(init: ServiceReading()) {
            $0.client = self.services.apiClient
            $0.store = self.services.store
        }
    }
}

/// A graph of two objects whose first one, released when the read ends, reads a definition.
final class ReleasingAssembly: Assembly {
    var first: Tracked { define(init: Tracked { _ = ReleasingAssembly.reader?.unrelated }) }
    var widget: Widget { define(init: Widget()) }
    var unrelated: Widget { define(init: Widget()) }
    var pair: WidgetHolder {
        define(init: WidgetHolder()) {
            _ = self.first
            $0.first = self.widget
        }
    }
    nonisolated(unsafe) static weak var reader: ReleasingAssembly?
}

@Suite("A read that ends while a deinit reads")
struct EndingReadTests {
    @Test("every object of the ended read is let go, even after a deinit started a new read")
    func nothingKeptAfterNestedRead() {
        let assembly = ReleasingAssembly.instance(from: DIContext())
        ReleasingAssembly.reader = assembly
        weak var widget: Widget?
        do {
            let holder = assembly.pair
            widget = holder.first
            holder.first = nil
        }
        #expect(widget == nil)
    }
}
