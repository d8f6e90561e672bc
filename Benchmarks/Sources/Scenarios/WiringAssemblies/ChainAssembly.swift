import Wiring

/// The deep-N chain with Wiring: node i is the definition `node-<i>` and injects node i + 1.
final class ChainAssembly: Assembly {
    /// The head of a chain of `length` nodes.
    func chain(length: Int) -> ChainNode { node(0, of: length) }

    /// The definition `node-<index>`, linked to the rest of a chain of `length` nodes.
    func node(_ index: Int, of length: Int) -> ChainNode {
        define(key: "node-\(index)", init: ChainNode(index)) { node in
            if index + 1 < length { node.next = self.node(index + 1, of: length) }
        }
    }
}
