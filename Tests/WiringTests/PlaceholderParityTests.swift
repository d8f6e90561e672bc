import Foundation
import Testing
import Wiring

// Placeholders as EasyDi resolves them: a placeholder looks for its key's object under way each
// time it is read, so prototype cells under one key each get their own; and a trace tells that a
// placeholder found its object, not that it made one. Two differences from EasyDi stay, as
// ComingFromEasyDi.md says: a second injection of a key with another type stops, and an injection
// after a define of its key injects what it is given.

final class ParityCell {
    let number: Int
    var presenter: ParityCellPresenter?

    init(_ number: Int) {
        self.number = number
    }
}

final class ParityCellPresenter {
    weak var cell: ParityCell?
}

final class ParityCellList {
    var cells: [ParityCell] = []
}

/// Cells injected one by one as prototypes; each cell's presenter reads the placeholder.
final class ParityCellAssembly: Assembly {
    func inject(into cell: ParityCell) {
        defineInjection(key: "cell", scope: .prototype, into: cell) {
            $0.presenter = self.presenter
        }
    }

    var cell: ParityCell { definePlaceholder() }
    var presenter: ParityCellPresenter {
        define(scope: .prototype, init: ParityCellPresenter()) { $0.cell = self.cell }
    }
    var list: ParityCellList {
        define(init: ParityCellList()) {
            let cells = [ParityCell(1), ParityCell(2)]
            for cell in cells {
                self.inject(into: cell)
            }
            $0.cells = cells
        }
    }
}

/// EasyDi's VIPER form: each cell made by a prototype `define(key:)`.
final class ParityMadeCellAssembly: Assembly {
    private let counter = ParityCounter()
    var newCell: ParityCell {
        define(key: "cell", scope: .prototype, init: ParityCell(counter.next())) {
            $0.presenter = self.presenter
        }
    }
    var cell: ParityCell { definePlaceholder() }
    var presenter: ParityCellPresenter {
        define(scope: .prototype, init: ParityCellPresenter()) { $0.cell = self.cell }
    }
    var list: ParityCellList {
        define(init: ParityCellList()) { $0.cells = [self.newCell, self.newCell] }
    }
}

final class ParityCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

final class ParityListView {
    var presenter: ParityListPresenter?
}

final class ParityDetailView {
    var presenter: ParityDetailPresenter?
}

final class ParityListPresenter {
    var detail: ParityDetailView?
}

final class ParityDetailPresenter {
    weak var view: ParityDetailView?
}

/// Two injections of one key with objects of two types in one read: the list's presenter
/// preloads the detail screen (EasyDi injects both).
final class ParityFeedAssembly: Assembly {
    func inject(into view: ParityListView) {
        defineInjection(key: "view", into: view) { $0.presenter = self.listPresenter }
    }

    func inject(into view: ParityDetailView) {
        defineInjection(key: "view", into: view) { $0.presenter = self.detailPresenter }
    }

    var detailView: ParityDetailView { definePlaceholder(key: "view") }
    var listPresenter: ParityListPresenter {
        define(init: ParityListPresenter()) {
            let detail = ParityDetailView()
            self.inject(into: detail)
            $0.detail = detail
        }
    }
    var detailPresenter: ParityDetailPresenter {
        define(init: ParityDetailPresenter()) { $0.view = self.detailView }
    }
}

final class ParityScreen {
    var presenter: ParityScreenPresenter?
}

final class ParityScreenPresenter {
    weak var view: ParityScreen?
}

/// EasyDi's VIPER form with one view, read back through the placeholder.
final class ParityScreenAssembly: Assembly {
    var screen: ParityScreen {
        define(key: "view", init: ParityScreen()) { $0.presenter = self.presenter }
    }
    var view: ParityScreen { definePlaceholder() }
    var presenter: ParityScreenPresenter {
        define(init: ParityScreenPresenter()) { $0.view = self.view }
    }
}

final class ParityShell {
    var made: ParityScreen?
    var given: ParityScreen?
}

/// A define of the key "view" read before an injection under that key, in one read.
final class ParityDefineFirstAssembly: Assembly {
    var view: ParityScreen { define(init: ParityScreen()) { $0.presenter = self.presenter } }
    var presenter: ParityScreenPresenter {
        define(init: ParityScreenPresenter()) { $0.view = self.view }
    }
    @discardableResult func inject(into view: ParityScreen) -> ParityScreen {
        defineInjection(key: "view", into: view) { $0.presenter = self.presenter }
    }
    var placeholder: ParityScreen { definePlaceholder(key: "view") }
    var shell: ParityShell {
        define(init: ParityShell()) {
            $0.made = self.view
            let given = ParityScreen()
            self.inject(into: given)
            $0.given = given
        }
    }
    /// The same with a placeholder of the key read once the define's object is made.
    var shellWithPlaceholder: ParityShell {
        define(init: ParityShell()) {
            $0.made = self.view
            _ = self.placeholder
            let given = ParityScreen()
            $0.given = self.inject(into: given)
        }
    }
}

final class ParityCellScreen {
    var cells: [ParityCell] = []
}

/// A screen injected under "view" whose cells, of another type, are injected as prototypes under
/// "view" too; and a detail view defined under the key of an injected list view.
final class ParityNestedAssembly: Assembly {
    func inject(into screen: ParityCellScreen) {
        defineInjection(key: "view", into: screen) { screen in
            screen.cells = [ParityCell(1), ParityCell(2)].map { self.inject(cell: $0) }
        }
    }
    func inject(cell: ParityCell) -> ParityCell {
        defineInjection(key: "view", scope: .prototype, into: cell) {
            $0.presenter = self.presenter
        }
    }
    var cellView: ParityCell { definePlaceholder(key: "view") }
    var presenter: ParityCellPresenter {
        define(scope: .prototype, init: ParityCellPresenter()) { $0.cell = self.cellView }
    }

    func inject(into list: ParityListView) {
        defineInjection(key: "view", into: list) { list in
            let presenter = ParityListPresenter()
            presenter.detail = self.detail
            list.presenter = presenter
        }
    }
    var detail: ParityDetailView {
        define(key: "view", init: ParityDetailView()) { $0.presenter = self.detailPresenter }
    }
    var detailView: ParityDetailView { definePlaceholder(key: "view") }
    var detailPresenter: ParityDetailPresenter {
        define(init: ParityDetailPresenter()) { $0.view = self.detailView }
    }
}

/// A substitute of a define of the key "view" that reads another define first, whose object
/// stands in for the substitute's; a placeholder finds that stand-in under way.
final class ParityStandInAssembly: Assembly {
    var screen: ParityScreen {
        define(key: "view", init: ParityScreen()) { $0.presenter = self.presenter }
    }
    var other: ParityScreen { define(init: ParityScreen()) { $0.presenter = self.presenter } }
    var placeholder: ParityScreen { definePlaceholder(key: "view") }
    var presenter: ParityScreenPresenter {
        define(init: ParityScreenPresenter()) { $0.view = self.placeholder }
    }
}

@Suite("Placeholders as EasyDi finds them: the object of the key under way")
struct PlaceholderParityTests {
    @Test("prototype injections: each cell's presenter gets that cell, not the first one")
    func prototypeInjectionsEachGetTheirCell() {
        let cells = ParityCellAssembly.instance(from: DIContext()).list.cells
        #expect(cells.map(\.number) == [1, 2])
        #expect(cells.map { $0.presenter?.cell?.number } == [1, 2])
    }

    @Test("prototype define(key:) cells: each cell's presenter gets the cell under way")
    func prototypeDefinesEachGetTheirCell() {
        let cells = ParityMadeCellAssembly.instance(from: DIContext()).list.cells
        #expect(cells.count == 2)
        #expect(cells.map { $0.presenter?.cell === $0 } == [true, true])
    }

    @Test("Coming from EasyDi: a second injection of its key with another type stops, named")
    func injectionOfAnotherTypeUnderTheKey() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let list = ParityListView()
                ParityFeedAssembly.instance(from: DIContext()).inject(into: list)
                edgeWrong("the detail view was injected under the list's key")
            })
        #expect(
            text.contains(
                "Wiring: ParityFeedAssembly.view is declared as ParityDetailView but its "
                    + "definition made ParityListView"),
            "\(text)")
    }

    @Test("Coming from EasyDi: an injection after a define of its key injects what it is given")
    func injectionAfterADefineOfItsKey() {
        let shell = ParityDefineFirstAssembly.instance(from: DIContext()).shell
        #expect(shell.given !== shell.made)
        #expect(shell.given?.presenter != nil)
        #expect(shell.given?.presenter?.view === shell.made)
        let found = ParityDefineFirstAssembly.instance(from: DIContext()).shellWithPlaceholder
        #expect(found.given === found.made, "after a placeholder found it, the define's object")
    }

    @Test("prototype cells injected inside a screen injected under the same key get their own")
    func prototypeCellsInsideAnInjectedScreen() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let screen = ParityCellScreen()
                ParityNestedAssembly.instance(from: DIContext()).inject(into: screen)
                guard screen.cells.map({ $0.presenter?.cell === $0 }) == [true, true] else {
                    edgeWrong("a cell's presenter got another cell")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("a define of an injected key, of another type: its placeholder gets it while under way")
    func defineUnderAnInjectedKey() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let list = ParityListView()
                ParityNestedAssembly.instance(from: DIContext()).inject(into: list)
                let detail = list.presenter?.detail
                guard detail != nil, detail?.presenter?.view === detail else {
                    edgeWrong("the detail's presenter got another view")
                }
                edgeWorked()
            })
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("a placeholder that finds a substitute's stand-in under way holds it to its rule")
    func placeholderFindsAStandIn() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = ParityStandInAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: "screen") { (own: ParityStandInAssembly) in
                    _ = own.other
                    return ParityScreen()
                }
                _ = assembly.screen
                edgeWrong("the presenter kept a stand-in the read did not return")
            })
        #expect(
            text.contains("Wiring: cycle that cannot close: ParityStandInAssembly.view was read"))
    }

    @Test("a trace tells a placeholder as found, never made")
    func placeholderIsTracedAsFound() {
        let events = EdgeEvents()
        let context = DIContext(trace: { events.add($0) })
        let screen = ParityScreenAssembly.instance(from: context).screen
        #expect(screen.presenter?.view === screen)
        let told = events.all.map { "\($0.definition) \($0.created ? "made" : "found")" }
        #expect(
            told == [
                "ParityScreenAssembly.view made", "ParityScreenAssembly.presenter made",
                "ParityScreenAssembly.view found",
            ])
    }
}
