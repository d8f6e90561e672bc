import Testing
import Wiring

/// A node of a long chain; each one is its own definition, keyed by its position.
final class ChainLink {
    let position: Int
    var next: ChainLink?
    weak var first: ChainLink?
    init(_ position: Int) { self.position = position }
}

/// Defines a chain of `length` links, each one its own parameterised definition, whose last link
/// points back at the first: a graph far deeper and wider than any preallocated per-thread buffer.
final class ChainAssembly: Assembly {
    /// Deep enough to need many table resizes; shallow enough for a 512 KiB stack.
    static let length = 300
    var first: ChainLink { link(0) }
    func link(_ position: Int) -> ChainLink {
        define(key: "link-\(position)", init: ChainLink(position)) {
            $0.next = position + 1 < Self.length ? self.link(position + 1) : nil
            $0.first = self.link(0)
        }
    }
}

@Suite("Deep graphs")
struct DeepGraphTests {
    @Test(
        "a chain hundreds of definitions deep resolves as one graph, and the next read as another")
    func longChainIsOneGraph() {
        let chain = ChainAssembly.instance(from: DIContext())
        let head = chain.first
        let second = chain.first
        var positions: [Int] = []
        var link: ChainLink? = head
        while let current = link {
            positions.append(current.position)
            #expect(current.first === head)  // every link met the same, still-unfinished first link
            link = current.next
        }
        #expect(positions == Array(0..<ChainAssembly.length))
        #expect(second !== head)
        #expect(second.next?.first === second)
    }

    @Test("a deep graph keeps nothing alive once it has been read")
    func deepGraphIsReleased() {
        let chain = ChainAssembly.instance(from: DIContext())
        weak var weakHead: ChainLink?
        weak var weakLast: ChainLink?
        do {
            let head = chain.first
            var last = head
            while let next = last.next { last = next }
            (weakHead, weakLast) = (head, last)
            #expect(weakLast?.position == ChainAssembly.length - 1)
        }
        #expect(weakHead == nil)
        #expect(weakLast == nil)
    }

    @Test("the trace reports the depth of every link of a deep chain")
    func traceReportsDeepDepths() {
        let events = EventLog()
        let chain = ChainAssembly.instance(from: DIContext(trace: { events.append($0) }))
        _ = chain.first
        let made = events.all.filter(\.created)
        #expect(made.count == ChainAssembly.length)
        let deepest = made.first { $0.definition.hasSuffix(".link-\(ChainAssembly.length - 1)") }
        #expect(deepest?.depth == ChainAssembly.length - 1)  // link-0 is the top-level read
        #expect(deepest?.parent?.hasSuffix(".link-\(ChainAssembly.length - 2)") == true)
    }
}
