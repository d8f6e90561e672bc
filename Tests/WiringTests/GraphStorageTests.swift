import Foundation
import Testing
import Wiring

/// A pair of objects read from one graph, to tell whether a read shared them.
final class StoragePair {
    var left: Widget?
    var right: Widget?
}

/// Each `leaving` object, when let go at the end of a read, reads `pair` in a read of its own
/// (and, while `depth` lasts, that read's own `leaving` object does the same when it ends).
final class StorageAssembly: Assembly {
    let seen = StorageLog()
    var widget: Widget { define(init: Widget()) }
    var pair: StoragePair {
        define(init: StoragePair()) {
            $0.left = self.widget
            $0.right = self.widget
        }
    }
    func leaving(_ depth: Int) -> Tracked {
        define(
            key: "leaving-\(depth)",
            init: Tracked { [unowned self] in
                let pair = self.pair
                self.seen.add(pair)
                if depth > 0 {
                    _ = self.leaving(depth - 1)
                }
            })
    }
    func screen(_ depth: Int) -> StoragePair {
        define(key: "screen-\(depth)", init: StoragePair()) {
            _ = self.leaving(depth)
            $0.left = self.widget
            $0.right = self.widget
        }
    }
    func wide(_ count: Int) -> [Widget] {
        define(key: "wide-\(count)", init: (0..<count).map { self.item($0) })
    }
    func item(_ index: Int) -> Widget { define(key: "item-\(index)", init: Widget()) }
}

/// The pairs that reads in deinits got, in the order they got them.
final class StorageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var pairs: [StoragePair] = []
    func add(_ pair: StoragePair) { lock.withLock { pairs.append(pair) } }
    var all: [StoragePair] { lock.withLock { pairs } }
}

@Suite("A read's graph is empty for the next read, whoever reads while it is emptied")
struct GraphStorageTests {
    @Test(
        "a deinit that reads while a graph is emptied gets a graph of its own",
        arguments: [0, 1, 3])
    func deinitReadsWhileEmptied(depth: Int) {
        let assembly = StorageAssembly.instance(from: DIContext())
        let first = assembly.screen(depth)
        let second = assembly.screen(depth)
        #expect(first.left === first.right)
        #expect(second.left === second.right)
        #expect(first.left !== second.left)
        let pairs = assembly.seen.all
        // Each read's end let go of its leaving object, whose deinit read `pair`, and so on down.
        #expect(pairs.count == 2 * (depth + 1))
        for pair in pairs {
            #expect(pair.left != nil && pair.left === pair.right)
        }
        let widgets = [first.left, second.left] + pairs.map(\.left)
        let distinct = Set(widgets.compactMap { $0.map(ObjectIdentifier.init) })
        #expect(distinct.count == widgets.count, "a read found another read's widget")
    }

    @Test("reads after a read larger than the storage kept still share only their own objects")
    func afterALargeRead() {
        let assembly = StorageAssembly.instance(from: DIContext())
        for count in [1, 300, 2, 1_000, 3] {
            let items = assembly.wide(count)
            #expect(items.count == count)
            #expect(Set(items.map(ObjectIdentifier.init)).count == count)
            let pair = assembly.pair
            #expect(pair.left === pair.right)
            #expect(!items.contains { $0 === pair.left })
        }
    }
}
