import Foundation
import Testing
import Wiring

/// EasyDi 1.6.1 usages beyond the README's forms, written as EasyDi users wrote them.
final class EasyDiStyleAssembly: Assembly {
    let name = "named"
    let viewKey = "view"
    var named: Item { define(key: name, init: Item(7)) }
    var typed: Item {
        define(init: Item(8)) { (item: Item) -> Item in
            return item
        }
    }
    var scopedTyped: Store {
        define(scope: .lazySingleton, init: Store(Counter())) { (store: Store) -> Store in
            store.client = FakeClient()
            return store
        }
    }
    var configured: Settings { define(init: Settings(), inject: EasyDiStyleAssembly.configure) }
    static func configure(_ settings: Settings) -> Settings {
        var copy = settings
        copy.retries = 9
        return copy
    }
    var placeholder: ModuleViewInput { definePlaceholder(key: viewKey) }
    var presenter: ModulePresenter {
        define(init: ModulePresenter()) { $0.view = self.placeholder }
    }
    func inject(into view: ModuleView) {
        defineInjection(key: viewKey, into: view) { (view: ModuleView) -> ModuleView in
            view.presenter = self.presenter
            return view
        }
    }
    let substitution: SubstitutionClosure<Item> = { Item(99) }
    let typedInject: ObjectInjectClosure<Item> = { $0 }
}

@Suite("EasyDi 1.6 compatibility")
struct EasyDiCompatibilityTests {
    @Test("a String variable as the key of define and definePlaceholder")
    func stringVariableKeys() {
        let assembly = EasyDiStyleAssembly.instance(from: DIContext())
        #expect(assembly.named.number == 7)
        let view = ModuleView()
        assembly.inject(into: view)
        #expect(view.presenter?.view === view)
    }

    @Test("typed closures for define, scoped define and defineInjection; a function as inject")
    func typedClosures() {
        let assembly = EasyDiStyleAssembly.instance(from: DIContext())
        #expect(assembly.typed.number == 8)
        #expect(assembly.scopedTyped === assembly.scopedTyped)
        #expect(assembly.scopedTyped.client is FakeClient)
        #expect(assembly.configured.retries == 9)
    }

    @Test("EasyDi's typealiases name the same closures")
    func typealiases() {
        let assembly = EasyDiStyleAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "named", with: assembly.substitution)
        #expect(assembly.named.number == 99)
        #expect(assembly.typedInject(Item(3)).number == 3)
    }
}
