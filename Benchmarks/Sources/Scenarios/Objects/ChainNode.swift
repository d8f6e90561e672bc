/// One link of the deep-N scenario's chain: node i holds node i + 1, each its own definition.
final class ChainNode {
    let index: Int
    var next: ChainNode?
    init(_ index: Int) { self.index = index }
}
