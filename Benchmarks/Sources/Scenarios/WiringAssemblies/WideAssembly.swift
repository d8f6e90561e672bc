import Wiring

/// The wide-N graph with Wiring: each child is a definition of its own, named at run time.
final class WideAssembly: Assembly {
    /// A root whose children are the definitions `child-0` … `child-(width - 1)`.
    func root(width: Int) -> WideRoot {
        define(init: WideRoot()) { root in
            root.children = (0..<width).map { self.child($0) }
        }
    }

    /// The child definition `child-<index>`.
    func child(_ index: Int) -> Leaf { define(key: "child-\(index)", init: Leaf(index)) }
}
