// The wide-N scenario's objects: a root with N distinct children, each its own definition.

/// The root that holds the children.
final class WideRoot { var children: [Leaf] = [] }

/// One child; `index` says which definition made it.
final class Leaf {
    let index: Int
    init(_ index: Int) { self.index = index }
}
