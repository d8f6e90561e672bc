import Foundation
import Testing
import Wiring

/// Two structs that inject each other, as in EasyDi's `testCrossStructureInjections`.
protocol Linked { var other: Linked? { get } }
struct LinkedA: Linked { var other: Linked? }
struct LinkedB: Linked { var other: Linked? }

/// A struct read back through a protocol placeholder during its own injection.
protocol Screen { var title: String { get } }
struct TextScreen: Screen {
    var title = "screen"
    var presenterTitle: String?
}
final class ScreenPresenter { var screenTitle: String? }

final class ValueAssembly: Assembly {
    var a: Linked {
        define(init: LinkedA()) {
            var copy = $0
            copy.other = self.b
            return copy
        }
    }
    var b: Linked {
        define(init: LinkedB()) {
            var copy = $0
            copy.other = self.a
            return copy
        }
    }
    var screen: Screen { definePlaceholder() }
    var presenter: ScreenPresenter {
        define(init: ScreenPresenter()) { $0.screenTitle = self.screen.title }
    }
    func inject(into screen: TextScreen) -> TextScreen {
        defineInjection(key: "screen", into: screen) {
            $0.presenterTitle = self.presenter.screenTitle
        }
    }
}

/// `inject:` returns another instance, which is the result.
final class ReplacingAssembly: Assembly {
    let replacement = Widget()
    var widget: Widget { define(init: Widget()) { _ in self.replacement } }
    var holder: WidgetHolder {
        define(init: WidgetHolder()) {
            $0.first = self.widget
            $0.second = self.widget
        }
    }
}

/// Two contexts whose definitions read each other within one top-level read.
final class LeftAssembly: Assembly {
    var right: RightAssembly!
    var shared: Widget { define(init: Widget()) }
    var holder: WidgetHolder {
        define(init: WidgetHolder()) {
            $0.first = self.shared
            $0.middle = self.right.viaLeft
            $0.second = self.right.viaLeft
        }
    }
    var ping: Ping { define(init: Ping()) { $0.other = self.right.pong } }

    /// A left assembly in a new context, linked both ways to a right one in another context.
    static func linkedAcrossContexts() -> LeftAssembly {
        let left = LeftAssembly.instance(from: DIContext())
        let right = RightAssembly.instance(from: DIContext())
        left.right = right
        right.left = left
        return left
    }
}

final class RightAssembly: Assembly {
    weak var left: LeftAssembly?
    var viaLeft: Widget { define(init: Widget()) { _ in _ = self.left?.shared } }
    var pong: Pong { define(init: Pong()) { $0.other = self.left?.ping } }
}

@Suite("Graphs: values, replacements, contexts")
struct GraphTests {
    @Test("two structs that inject each other resolve, as in EasyDi")
    func crossStructures() {
        let a = ValueAssembly.instance(from: DIContext()).a
        #expect(a is LinkedA)
        #expect(a.other is LinkedB)
        #expect(a.other?.other is LinkedA)
    }

    @Test("a struct given with defineInjection is found by a placeholder during its own inject")
    func structPlaceholder() {
        let screen = ValueAssembly.instance(from: DIContext()).inject(into: TextScreen())
        #expect(screen.presenterTitle == "screen")
    }

    @Test("an instance returned by inject: is the result, for every read in the graph")
    func returnedInstanceWins() {
        let assembly = ReplacingAssembly.instance(from: DIContext())
        #expect(assembly.widget === assembly.replacement)
        let holder = assembly.holder
        #expect(holder.first === assembly.replacement)
        #expect(holder.second === assembly.replacement)
    }

    @Test("an objectGraph object reached twice through another context is one instance")
    func oneGraphAcrossContexts() {
        let left = LeftAssembly.linkedAcrossContexts()
        let holder = left.holder
        #expect(holder.middle != nil)
        #expect(holder.middle === holder.second)
        #expect(left.holder.middle !== holder.middle)  // the next read is a new graph
    }

    @Test("a property cycle that crosses contexts closes")
    func cycleAcrossContexts() {
        let left = LeftAssembly.linkedAcrossContexts()
        let ping = left.ping
        #expect(ping.other?.other === ping)
    }

    @Test("100,000 distinct runtime keys are 100,000 definitions, each read back")
    func manyRuntimeKeys() {
        let services = ServiceAssembly.instance(from: DIContext())
        let items = (0..<100_000).map { services.item($0) }
        #expect(items.enumerated().allSatisfy { $0.offset == $0.element.number })
    }
}

/// One key, two define calls: each branch of the getter is a definition of its own.
final class BranchAssembly: Assembly {
    var fake = false
    var service: Widget {
        if fake {
            return define(scope: .lazySingleton, init: Widget())
        }
        return define(scope: .lazySingleton, init: Widget())
    }
}

extension GraphTests {
    @Test("two define calls of one key are two definitions, each with its own singleton")
    func twoDefineCallsOfOneKey() {
        let assembly = BranchAssembly.instance(from: DIContext())
        let real = assembly.service
        assembly.fake = true
        let fake = assembly.service
        #expect(fake !== real)
        #expect(assembly.service === fake)
        assembly.fake = false
        #expect(assembly.service === real)
    }
}
