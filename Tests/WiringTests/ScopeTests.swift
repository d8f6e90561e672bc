import Testing
import Wiring

@Suite("Scopes")
struct ScopeTests {
    @Test("objectGraph: one instance per resolution, so the A→B→C→A cycle closes")
    func objectGraphClosesCycle() {
        let abc = ABCAssembly.instance(from: DIContext())
        let a = abc.a
        #expect(a.b?.c?.a === a)
        #expect(abc.counter.count("A") == 1)
        #expect(abc.counter.count("B") == 1)
        breakCycle(a)
    }

    @Test("objectGraph: a second resolution is a new graph")
    func secondResolutionIsNewGraph() {
        let abc = ABCAssembly.instance(from: DIContext())
        let first = abc.a
        let second = abc.a
        #expect(first !== second)
        #expect(first.b !== second.b)
        #expect(abc.counter.count("C") == 2)
        breakCycle(first)
        breakCycle(second)
    }

    @Test("objectGraph: nothing of a finished graph is retained")
    func finishedGraphIsReleased() {
        let abc = ABCAssembly.instance(from: DIContext())
        weak var weakA: A?
        weak var weakB: B?
        weak var weakC: C?
        do {
            let a = abc.a
            (weakA, weakB, weakC) = (a, a.b, a.b?.c)
            #expect(weakC != nil)
            breakCycle(a)
        }
        #expect(weakA == nil)
        #expect(weakB == nil)
        #expect(weakC == nil)
    }

    @Test("lazySingleton: made and injected once per context; two contexts, two instances")
    func lazySingletonPerContext() {
        let first = ServiceAssembly.instance(from: DIContext())
        let second = ServiceAssembly.instance(from: DIContext())
        #expect(first.store === first.store)
        #expect(first.store !== second.store)
        #expect(first.made.count("Store") == 1)
        #expect(first.made.count("HTTPClient") == 1)  // injected once, not on every read
        _ = second.store
        #expect(second.made.count("Store") == 1)
    }

    @Test("prototype: new on every read, even inside a graph (A prototype: two reads make 4 A's)")
    func prototypeInsideGraph() {
        let abc = PrototypeABCAssembly.instance(from: DIContext())
        let first = abc.a
        #expect(abc.counter.count("A") == 2)
        #expect(first.b?.c?.a !== first)
        #expect(first.b?.c?.a?.b === first.b)  // the second A joins the same graph's B
        _ = abc.a
        #expect(abc.counter.count("A") == 4)
        #expect(abc.counter.count("B") == 2)
    }

    @Test("weakSingleton: shared while held, made again once released")
    func weakSingleton() {
        let services = ServiceAssembly.instance(from: DIContext())
        var held: Session? = services.session
        #expect(services.session === held)
        #expect(services.made.count("Session") == 1)
        weak let weakSession = held
        held = nil
        #expect(weakSession == nil)
        _ = services.session
        #expect(services.made.count("Session") == 2)
    }
}
