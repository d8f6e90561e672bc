import Foundation
import Testing
import Wiring

@Suite("Contexts")
struct ContextTests {
    @Test("an assembly from a temporary DIContext keeps working while held")
    func temporaryContext() {
        let services = ServiceAssembly.instance(from: DIContext())
        #expect(services.store === services.store)
        #expect(services.apiClient.baseURL != nil)
    }

    @Test("dropping every reference frees context, assemblies and singletons")
    func noLeak() {
        weak var weakContext: DIContext?
        weak var weakServices: ServiceAssembly?
        weak var weakStore: Store?
        weak var weakFeeds: FeedAssembly?
        do {
            let feeds = FeedAssembly.instance(from: DIContext())
            let store = feeds.services.store
            feeds.services.addSubstitution(for: "apiClient") { FakeClient() as APIClient }
            _ = feeds.services.apiClient
            (weakContext, weakServices, weakStore, weakFeeds) = (
                feeds.context, feeds.services, store, feeds
            )
            #expect(weakStore != nil)
        }
        #expect(weakFeeds == nil)
        #expect(weakServices == nil)
        #expect(weakStore == nil)
        #expect(weakContext == nil)
    }

    @Test("a trace hook reports each resolution, parents before children, with depth and reuse")
    func trace() {
        let events = EventLog()
        let context = DIContext(trace: { events.append($0) })
        let a = ABCAssembly.instance(from: context).a
        breakCycle(a)
        let lines = events.all.map {
            "\($0.definition) \($0.depth) \($0.parent ?? "-") \($0.created)"
        }
        #expect(
            lines == [
                "ABCAssembly.a 0 - true",
                "ABCAssembly.b 1 ABCAssembly.a true",
                "ABCAssembly.c 2 ABCAssembly.b true",
                "ABCAssembly.a 3 ABCAssembly.c false",
            ])
        #expect(events.all.allSatisfy { $0.scope == .objectGraph && !$0.substituted })
    }

    @Test("trace events are told when the top-level read ends, before it returns")
    func traceIsToldWhenTheReadEnds() {
        let events = EventLog()
        let timing = TraceTimingAssembly.instance(from: DIContext(trace: { events.append($0) }))
        timing.events = events
        let outer = timing.outer
        #expect(outer.heardWhileReading == 0)
        #expect(
            events.all.map(\.definition) == [
                "TraceTimingAssembly.outer", "TraceTimingAssembly.inner",
            ])
    }

    @Test("the trace hook is per context and off by default")
    func traceIsPerContext() {
        let events = EventLog()
        _ = DIContext(trace: { events.append($0) })
        let a = ABCAssembly.instance(from: DIContext()).a
        breakCycle(a)
        #expect(events.all.isEmpty)
    }
}

/// Collects trace events from any thread.
final class EventLog: @unchecked Sendable {
    private let lock = Lock()
    private var events: [DIContext.TraceEvent] = []
    func append(_ event: DIContext.TraceEvent) { lock.withLock { events.append(event) } }
    var all: [DIContext.TraceEvent] { lock.withLock { events } }
}

typealias Lock = NSLock

/// Counts, while a read is under way, the trace events its context's hook has heard.
final class TraceTimingAssembly: Assembly {
    var events: EventLog?
    var outer: HeardBox {
        define(init: HeardBox()) {
            $0.inner = self.inner
            $0.heardWhileReading = self.events?.all.count ?? -1
        }
    }
    var inner: HeardBox { define(init: HeardBox()) }
}

/// What a trace hook had heard when the box was injected.
final class HeardBox {
    var inner: HeardBox?
    var heardWhileReading = -1
}

/// Holds two reads of the same definition from another assembly, made in one resolution.
final class Pair { var first: APIClient?, second: APIClient?, elsewhere: APIClient? }

final class PairAssembly: Assembly {
    var services: ServiceAssembly { context.assembly() }
    var pair: Pair {
        define(init: Pair()) {
            $0.first = self.services.apiClient
            $0.second = self.services.apiClient
            // Another context, inside this graph.
            $0.elsewhere = ServiceAssembly.instance(from: DIContext()).apiClient
        }
    }
}

@Suite("Graphs across assemblies and contexts")
struct SharedGraphTests {
    @Test("assemblies of one context share the graph under way")
    func sharedGraph() {
        let pairs = PairAssembly.instance(from: DIContext())
        let pair = pairs.pair
        #expect(pair.first != nil && pair.first === pair.second)
        #expect(pairs.pair.first !== pair.first)  // the next read is a new graph
    }

    @Test("a resolution in another context inside a graph gets its own objects")
    func nestedContext() {
        let pair = PairAssembly.instance(from: DIContext()).pair
        #expect(pair.elsewhere != nil)
        #expect(pair.elsewhere !== pair.first)
    }
}

extension SharedGraphTests {
    @Test(
        "a substitution in the outer context does not reach a resolution of another context inside it"
    )
    func nestedContextIgnoresOuterSubstitutions() {
        let pairs = PairAssembly.instance(from: DIContext())
        pairs.services.addSubstitution(for: "apiClient") { FakeClient() as APIClient }
        let pair = pairs.pair
        #expect(pair.first is FakeClient)
        #expect(pair.elsewhere is HTTPClient)
    }
}
