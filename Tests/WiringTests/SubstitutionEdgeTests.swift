import Foundation
import Testing
import Wiring

/// A getter that reads another definition before its own `define`.
final class ReadFirstAssembly: Assembly {
    var baseURL: URL { define(init: URL(string: "https://xkcd.com")!) }
    var client: APIClient {
        let url = baseURL
        return define(init: HTTPClient(Counter())) { $0.baseURL = url }
    }
}

/// A base class whose definition two subclasses inherit.
class BaseFeatureAssembly: Assembly {
    var feature: Feature { define(init: FeatureV1()) }
    /// Substitutes through a key path rooted at this base class.
    func stub(_ make: @escaping @Sendable () -> Feature) {
        addSubstitution(for: \.feature, with: make)
    }
}
final class FirstFeatureAssembly: BaseFeatureAssembly {}
final class SecondFeatureAssembly: BaseFeatureAssembly {}

/// Wraps a feature, as a decorator or a spy in a test does.
final class WrappedFeature: Feature {
    let inner: Feature
    var name: String { "wrapped " + inner.name }
    init(_ inner: Feature) { self.inner = inner }
}

/// A node that may point at itself and wrap another.
final class SelfNode {
    let name: String
    weak var me: SelfNode?
    var wrapped: SelfNode?
    var other: SelfNode?

    init(_ name: String) {
        self.name = name
    }
}

/// Definitions that read themselves from their own `inject:`, directly or through another.
final class SelfReadingAssembly: Assembly {
    var graph: SelfNode { define(init: SelfNode("graph")) { $0.me = self.graph } }
    var single: SelfNode {
        define(scope: .lazySingleton, init: SelfNode("single")) { $0.me = self.single }
    }
    var indirect: SelfNode { define(init: SelfNode("indirect")) { $0.me = self.helper.me } }
    var helper: SelfNode { define(init: SelfNode("helper")) { $0.me = self.indirect } }

    let made = EdgeCounter()

    /// A chain of three prototypes, each made anew.
    var chain: SelfNode {
        define(scope: .prototype, init: SelfNode("chain")) {
            self.made.increment()
            $0.wrapped = self.made.value < 3 ? self.chain : nil
        }
    }

    func node(_ key: String) -> SelfNode {
        switch key {
        case "graph": graph
        case "single": single
        default: indirect
        }
    }
}

/// A definition that overrides may read through `super`, directly or through another.
class SpyBaseAssembly: Assembly {
    var service: SelfNode { define(init: SelfNode("base")) }
}

/// An override that reads `super` through another definition.
final class SpyOverHelperAssembly: SpyBaseAssembly {
    override var service: SelfNode {
        define(init: SelfNode("sub")) { $0.wrapped = self.superHelper }
    }
    var superHelper: SelfNode { define(init: SelfNode("helper")) { $0.wrapped = super.service } }
}

/// An override that reads `super` directly, and a property that reads `super` too.
final class SpyOverDirectAssembly: SpyBaseAssembly {
    override var service: SelfNode { define(init: SelfNode("sub")) { $0.wrapped = super.service } }
    var baseService: SelfNode { super.service }
}

/// EasyDi's VIPER form: the screen made under the key of the presenter's placeholder.
final class SpyViperAssembly: Assembly {
    var screen: SelfNode {
        define(key: "view", init: SelfNode("screen")) { $0.other = self.presenter }
    }
    var view: SelfNode { definePlaceholder() }
    var presenter: SelfNode { define(init: SelfNode("presenter")) { $0.me = self.view } }
}

/// Two properties under one key, which a substitution by that name serves both.
final class SpySharedKeyAssembly: Assembly {
    var x: SelfNode { define(init: SelfNode("x")) }
    var b: SelfNode { define(key: "x", init: SelfNode("b")) { $0.other = self.x } }
}

/// EasyDi's VIPER form with prototype cells made under the key of the presenter's placeholder.
final class SpyCellAssembly: Assembly {
    var cell: SelfNode {
        define(key: "view", scope: .prototype, init: SelfNode("cell")) {
            $0.other = self.presenter
        }
    }
    var view: SelfNode { definePlaceholder() }
    var presenter: SelfNode {
        define(scope: .prototype, init: SelfNode("presenter")) { $0.me = self.view }
    }
}

/// A definition to decorate, and decorators that are definitions of another assembly.
final class SpyServicesAssembly: Assembly {
    var api: SelfNode { define(init: SelfNode("api")) }
}

final class SpyMocksAssembly: Assembly {
    var services: SpyServicesAssembly { context.assembly() }
    /// Reads the definition it decorates: as the stand-in, it gets itself.
    var recording: SelfNode {
        define(init: SelfNode("recording")) { $0.other = self.services.api }
    }
    /// Wraps what the substitute hands over.
    func recording(wrapping api: SelfNode) -> SelfNode {
        define(key: "recording-wrapping", init: SelfNode("recording")) { $0.wrapped = api }
    }
}

/// An override with a key of its own, which reads `super`.
final class SpyKeyedOverrideAssembly: SpyBaseAssembly {
    override var service: SelfNode {
        define(key: "service-2", init: SelfNode("sub")) { $0.wrapped = super.service }
    }
}

/// Define calls that one substitution serves under several keys.
final class SpyManyKeysAssembly: Assembly {
    var a: SelfNode { define(key: "a1", definitionKey: "shared", init: SelfNode("a")) }
    var b: SelfNode { define(key: "b1", definitionKey: "shared", init: SelfNode("b")) }

    func item(_ number: Int) -> SelfNode {
        define(key: "item-\(number)", init: SelfNode("item\(number)")) {
            $0.wrapped = number > 0 ? self.item(number - 1) : nil
        }
    }
}

/// The names along `wrapped`, from `node` on: at most ten, should it loop.
func spyChain(_ node: SelfNode?) -> [String] {
    var names: [String] = []
    var next = node
    while let node = next, names.count < 10 {
        names.append(node.name)
        next = node.wrapped
    }
    return names
}

/// A spy of `node`.
func spyOf(_ node: SelfNode) -> SelfNode {
    let spy = SelfNode("spy")
    spy.wrapped = node
    return spy
}

@Suite("Substitutions: key paths and decorators")
struct SubstitutionEdgeTests {
    @Test("a spy of an override that reads super through another definition wraps them all")
    func spyOfAnOverrideReadingSuperThroughAnother() {
        let assembly: SpyOverHelperAssembly = DIContext().assembly()
        #expect(spyChain(assembly.service) == ["sub", "helper", "base"])
        assembly.addSubstitution(for: "service") { (a: SpyOverHelperAssembly) in spyOf(a.service) }
        #expect(spyChain(assembly.service) == ["spy", "sub", "helper", "base"])
        assembly.removeSubstitution(for: "service")
        assembly.addSubstitution(for: \.service) { (a: SpyOverHelperAssembly) in spyOf(a.service) }
        #expect(spyChain(assembly.service) == ["spy", "sub", "helper", "base"])
    }

    @Test("a spy by name, read through super, wraps the override's original")
    func spyByNameReadThroughSuper() {
        let assembly: SpyOverDirectAssembly = DIContext().assembly()
        assembly.addSubstitution(for: "service") { (a: SpyOverDirectAssembly) in spyOf(a.service) }
        #expect(spyChain(assembly.service) == ["spy", "sub", "base"])
        #expect(spyChain(assembly.baseService) == ["spy", "sub", "base"])
    }

    @Test("a spy of EasyDi's VIPER screen: the presenter's placeholder finds the original")
    func spyOfAViperScreen() {
        let assembly: SpyViperAssembly = DIContext().assembly()
        assembly.addSubstitution(for: "view") { (a: SpyViperAssembly) in spyOf(a.screen) }
        let spy = assembly.screen
        #expect(spyChain(spy) == ["spy", "screen"])
        #expect(spy.wrapped?.other?.name == "presenter")
        #expect(spy.wrapped?.other?.me === spy.wrapped)
    }

    @Test("a spy by a key two properties share reads the original of either")
    func spyOfASharedKey() {
        let assembly: SpySharedKeyAssembly = DIContext().assembly()
        assembly.addSubstitution(for: "x") { (a: SpySharedKeyAssembly) in spyOf(a.x) }
        #expect(spyChain(assembly.x) == ["spy", "x"])
        let b = assembly.b
        #expect(spyChain(b) == ["spy", "x"])
    }

    @Test("a spy of EasyDi's prototype VIPER cells: each presenter's placeholder finds its cell")
    func spyOfPrototypeViperCells() {
        let assembly: SpyCellAssembly = DIContext().assembly()
        assembly.addSubstitution(for: "view") { (a: SpyCellAssembly) in spyOf(a.cell) }
        for _ in 0..<2 {
            let spy = assembly.cell
            #expect(spyChain(spy) == ["spy", "cell"])
            #expect(spy.wrapped?.other?.name == "presenter")
            #expect(spy.wrapped?.other?.me === spy.wrapped)
        }
    }

    @Test("a decorator that is a definition stands in for the substitute: it reads itself")
    func decoratorDefinitionStandsIn() {
        let services: SpyServicesAssembly = DIContext().assembly()
        services.addSubstitution(for: "api") { (mocks: SpyMocksAssembly) in mocks.recording }
        let api = services.api
        #expect(api.name == "recording")
        #expect(api.other === api)
        api.other = nil
        services.removeSubstitution(for: "api")
        services.addSubstitution(for: "api") { (mocks: SpyMocksAssembly) in
            mocks.recording(wrapping: mocks.services.api)
        }
        #expect(spyChain(services.api) == ["recording", "api"])
    }

    @Test("a spy of an override with a key of its own wraps it, and it reads super")
    func spyOfAKeyedOverride() {
        let assembly: SpyKeyedOverrideAssembly = DIContext().assembly()
        #expect(spyChain(assembly.service) == ["sub", "base"])
        assembly.addSubstitution(for: "service") { (a: SpyKeyedOverrideAssembly) in
            spyOf(a.service)
        }
        #expect(spyChain(assembly.service) == ["spy", "sub", "base"])
    }

    @Test("a spy of calls under several keys reads the original of any, as with none")
    func spyOfCallsUnderSeveralKeys() {
        let assembly: SpyManyKeysAssembly = DIContext().assembly()
        assembly.addSubstitution(for: "shared") { (a: SpyManyKeysAssembly) in spyOf(a.a) }
        #expect(spyChain(assembly.b) == ["spy", "a"])
        assembly.addSubstitution(for: "item(_:)") { (a: SpyManyKeysAssembly) in spyOf(a.item(2)) }
        #expect(spyChain(assembly.item(2)) == ["spy", "item2", "item1", "item0"])
        #expect(spyChain(assembly.item(1)) == ["spy", "item2", "item1", "item0"])
    }

    @Test("a spy of a prototype that reads itself wraps each one the chain makes")
    func spyOfASelfReadingPrototype() {
        let assembly: SelfReadingAssembly = DIContext().assembly()
        assembly.addSubstitution(for: "chain") { (a: SelfReadingAssembly) -> SelfNode in
            let spy = SelfNode("spy")
            spy.wrapped = a.chain
            return spy
        }
        var names: [String] = []
        var node: SelfNode? = assembly.chain
        while let next = node {
            names.append(next.name)
            node = next.wrapped
        }
        #expect(names == ["spy", "chain", "spy", "chain", "spy", "chain"])
    }

    @Test("a spy wraps an original that reads itself from its own inject:")
    func spyWrapsASelfReadingOriginal() {
        for key in ["graph", "single", "indirect"] {
            let assembly: SelfReadingAssembly = DIContext().assembly()
            assembly.addSubstitution(for: key) { (a: SelfReadingAssembly) -> SelfNode in
                let spy = SelfNode("spy")
                spy.wrapped = a.node(key)
                return spy
            }
            let spy = assembly.node(key)
            #expect(spy.name == "spy")
            #expect(spy.wrapped?.name == key)
            #expect(spy.wrapped?.me === spy.wrapped)
            if key == "single" {
                #expect(assembly.node(key) === spy)
            }
        }
    }

    @Test("a key path whose getter reads another definition first substitutes its own")
    func getterReadsFirst() {
        let assembly = ReadFirstAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: \.client) { FakeClient() }
        #expect(assembly.client is FakeClient)
        #expect(assembly.baseURL.host == "xkcd.com")
        assembly.removeSubstitution(for: \.client)
        #expect(assembly.client is HTTPClient)
    }

    @Test("a base class's key path substitutes the definition of each subclass it is used on")
    func baseClassKeyPath() {
        let context = DIContext()
        let first = FirstFeatureAssembly.instance(from: context)
        let second = SecondFeatureAssembly.instance(from: context)
        first.stub { FeatureV2() }
        #expect(first.feature.name == "v2")
        #expect(second.feature.name == "v1")
        second.stub { WrappedFeature(FeatureV1()) }
        #expect(second.feature.name == "wrapped v1")
        #expect(first.feature.name == "v2")
    }

    @Test("a substitute that reads its own definition wraps the original")
    func decorator() {
        let features = FeatureAssembly.instance(from: DIContext())
        features.addSubstitution(for: "feature") { (f: FeatureAssembly) in
            WrappedFeature(f.feature) as Feature
        }
        #expect(features.feature.name == "wrapped v1")
        features.addSubstitution(for: \.feature) { (f: FeatureAssembly) in WrappedFeature(f.feature)
        }
        #expect(features.feature.name == "wrapped v1")
    }

    @Test("EasyDi's patch: the substitute's define closes a cycle back to the substituted key")
    func easyDiPatchCycle() {
        let assembly = ParentChildAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "parent") { (a: ParentChildAssembly) in
            a.define(key: "patch", init: Parent(number: 30)) {
                $0.number = a.number
                $0.child = a.child
                return $0
            } as Parent
        }
        let parent = assembly.parent
        #expect(parent.number == 20)
        #expect(parent.child?.parent === parent)
        assembly.removeSubstitution(for: "parent")
        #expect(assembly.parent.number == 10)
    }
}

final class Parent {
    var number: Int
    var child: Child?
    init(number: Int) { self.number = number }
}
final class Child { weak var parent: Parent? }

final class ParentChildAssembly: Assembly {
    var number: Int { define(init: 20) }
    var parent: Parent {
        define(init: Parent(number: 10)) {
            $0.child = self.child
            return $0
        }
    }
    var child: Child { define(init: Child()) { $0.parent = self.parent } }
}
