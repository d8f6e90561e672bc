/// The cycle, wide and deep graphs built by hand: no container, just `init` and property writes.
enum HandShapes {
    /// A → B → C → A, closed.
    static func cycle() -> CycleA {
        let a = CycleA()
        let b = CycleB()
        let c = CycleC()
        a.b = b
        b.c = c
        c.a = a
        return a
    }

    /// A root with `width` children, indexed 0 ..< width.
    static func wide(_ width: Int) -> WideRoot {
        let root = WideRoot()
        root.children = (0..<width).map { Leaf($0) }
        return root
    }

    /// A chain of `length` (at least 1) nodes, 0 first; built from the tail, so without recursion.
    static func chain(_ length: Int) -> ChainNode {
        var next: ChainNode?
        for index in stride(from: length - 1, through: 0, by: -1) {
            let node = ChainNode(index)
            node.next = next
            next = node
        }
        return next!
    }
}
