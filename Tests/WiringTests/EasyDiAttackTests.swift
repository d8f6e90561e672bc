import Foundation
import Testing
import Wiring

// EasyDi 1.6.1 code nobody listed, run against Wiring. Each test asserts what EasyDi.swift does
// (read from its source and run, compiled on Linux) or the difference the docs name. What Wiring
// does otherwise, undocumented, is a known issue.

// MARK: - Fixtures

final class Attack8View {
    var presenter: Attack8Presenter?
    var number = 0
}

protocol Attack8ViewInput: AnyObject {}

extension Attack8View: Attack8ViewInput {}

final class Attack8Presenter {
    weak var view: Attack8ViewInput?
}

final class Attack8Item {
    let number: Int
    init(_ number: Int) { self.number = number }
}

final class Attack8Box<T> {}

final class Attack8Pair {
    var ints: Attack8Box<Int>?
    var strings: Attack8Box<String>?
}

final class Attack8Service {
    let tag: String
    init(_ tag: String = "real") { self.tag = tag }
}

final class Attack8User {
    var service: Attack8Service?
}

final class Attack8Leaf {}

final class Attack8Node {
    var leaf: Attack8Leaf?
}

final class Attack8Fake {
    var left: Attack8Node?
    var right: Attack8Node?
}

final class Attack8Holder {
    var first: Attack8Leaf?
    var second: Attack8Leaf?
}

final class Attack8Weak {}

final class Attack8WeakPair {
    var first: Attack8Weak?
    var second: Attack8Weak?
}

/// EasyDi's README VIPER module: the view is given to `define(key: "view", init: view)`.
final class Attack8ReadmeViperAssembly: Assembly {
    func inject(into view: Attack8View) {
        let _: Attack8View = define(key: "view", init: view) {
            $0.presenter = self.presenter
            return $0
        }
    }
    var view: Attack8ViewInput { return definePlaceholder() }
    var presenter: Attack8Presenter {
        return define(init: Attack8Presenter()) {
            $0.view = self.view
            return $0
        }
    }
}

/// A VIPER module whose view is injected as a prototype, with EasyDi's `definitionKey:` too.
final class Attack8PrototypeInjectionAssembly: Assembly {
    func inject(into view: Attack8View) {
        defineInjection(key: "view", definitionKey: "screen", scope: .prototype, into: view) {
            $0.presenter = self.presenter
            return $0
        }
    }
    var view: Attack8ViewInput { return definePlaceholder() }
    var presenter: Attack8Presenter {
        return define(init: Attack8Presenter()) {
            $0.view = self.view
            return $0
        }
    }
}

/// Injects into a view, with EasyDi's other forms of injection.
final class Attack8InjectionAssembly: Assembly {
    let injector: ObjectInjectClosure<Attack8Item> = { _ in Attack8Item(42) }
    var replaced: Attack8Item { return define(init: Attack8Item(1)) { _ in Attack8Item(18) } }
    var viaAlias: Attack8Item { return define(init: Attack8Item(1), inject: injector) }
    func register(_ view: Attack8View) { defineInjection(key: "view", into: view) }
    func screen(_ view: Attack8View) -> Attack8Presenter {
        return define(key: "screen", init: Attack8Presenter()) {
            self.register(view)
            $0.view = self.view
            return $0
        }
    }
    func inject(into view: Attack8View) {
        defineInjection(key: "view", into: view) {
            $0.number = 1
            return $0
        }
    }
    var view: Attack8ViewInput { return definePlaceholder() }
    var presenter: Attack8Presenter {
        return define(init: Attack8Presenter()) {
            $0.view = self.view
            return $0
        }
    }
}

/// A generic method with no key: one key for every type.
final class Attack8GenericMethodAssembly: Assembly {
    func box<T>() -> Attack8Box<T> { return define(init: Attack8Box<T>()) }
    var pair: Attack8Pair {
        return define(init: Attack8Pair()) {
            $0.ints = self.box()
            $0.strings = self.box()
            return $0
        }
    }
}

final class Attack8LeafAssembly: Assembly {
    var leaf: Attack8Leaf { return define(init: Attack8Leaf()) }
}

/// Reads another context's objectGraph definition twice in one read.
final class Attack8CrossContextAssembly: Assembly {
    var other: Attack8LeafAssembly!
    var holder: Attack8Holder {
        return define(init: Attack8Holder()) {
            $0.first = self.other.leaf
            $0.second = self.other.leaf
            return $0
        }
    }
}

final class Attack8TreeAssembly: Assembly {
    var leaf: Attack8Leaf { return define(init: Attack8Leaf()) }
    var left: Attack8Node {
        return define(init: Attack8Node()) {
            $0.leaf = self.leaf
            return $0
        }
    }
    var right: Attack8Node {
        return define(init: Attack8Node()) {
            $0.leaf = self.leaf
            return $0
        }
    }
    var fake: Attack8Fake { return define(init: Attack8Fake()) }
}

/// Configuration kept in a stored property, as EasyDi's context keeps its assemblies.
final class Attack8ConfigAssembly: Assembly {
    var environment = "production"
    var services: Attack8ServicesAssembly { return context.assembly() }
}

final class Attack8ServicesAssembly: Assembly {
    var service: Attack8Service {
        return define(scope: .lazySingleton, init: Attack8Service())
    }
}

/// Holds the default context's services in a lazy var, as EasyDi projects often do.
final class Attack8ModuleAssembly: Assembly {
    lazy var services: Attack8ServicesAssembly = Attack8ServicesAssembly.instance()
    var user: Attack8User {
        return define(init: Attack8User()) {
            $0.service = self.services.service
            return $0
        }
    }
}

final class Attack8KeysAssembly: Assembly {
    var first: Attack8Item {
        return define(key: "first-key", definitionKey: "shared", init: Attack8Item(1))
    }
    var second: Attack8Item {
        return define(key: "second-key", definitionKey: "shared", init: Attack8Item(2))
    }
    func item(_ number: Int) -> Attack8Item {
        return define(key: "item\(number)", init: Attack8Item(number))
    }
    var renamed: Attack8Item { return define(definitionKey: "other", init: Attack8Item(3)) }
}

final class Attack8SingletonAssembly: Assembly {
    var service: Attack8Service {
        return define(scope: .lazySingleton, init: Attack8Service())
    }
    var user: Attack8User {
        return define(scope: .lazySingleton, init: Attack8User()) {
            $0.service = self.service
            return $0
        }
    }
    var weak: Attack8Weak { return define(scope: .weakSingleton, init: Attack8Weak()) }
}

class Attack8BaseAssembly: Assembly {
    var service: Attack8Service {
        return define(scope: .lazySingleton, init: Attack8Service())
    }
}

final class Attack8SubAssembly: Attack8BaseAssembly {}

final class Attack8GenericAssembly<T>: Assembly {
    var service: Attack8Service {
        return define(scope: .lazySingleton, init: Attack8Service())
    }
}

final class Attack8WeakSourceAssembly: Assembly {
    var weak: Attack8Weak { return define(scope: .weakSingleton, init: Attack8Weak()) }
}

final class Attack8WeakReaderAssembly: Assembly {
    lazy var source: Attack8WeakSourceAssembly = self.context.assembly()
    var pair: Attack8WeakPair {
        return define(init: Attack8WeakPair()) {
            $0.first = self.source.weak
            $0.second = self.source.weak
            return $0
        }
    }
}

// MARK: - Tests

@Suite("EasyDi 1.6 usages nobody listed")
struct EasyDiAttackTests {
    // MARK: Placeholders

    /// EasyDi's README VIPER module gives the view to `define(key:init:)` (kind 0); another
    /// injects it with `scope: .prototype` and `definitionKey:` (kind 1).
    @Test(
        "placeholder: finds the view given to define(key:init:) or a prototype injection",
        arguments: [0, 1])
    func placeholderFindsTheView(kind: Int) async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) { [kind] in
            let context = DIContext()
            let view = Attack8View()
            if kind == 0 {
                Attack8ReadmeViperAssembly.instance(from: context).inject(into: view)
            } else {
                Attack8PrototypeInjectionAssembly.instance(from: context).inject(into: view)
            }
            if view.presenter?.view !== view {
                edgeWrong("the presenter's view is not the injected view")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    @Test("placeholder: defineInjection without a closure, inside a read, registers the view")
    func injectionWithoutAClosure() {
        let assembly = Attack8InjectionAssembly.instance(from: DIContext())
        let view = Attack8View()
        #expect(assembly.screen(view).view === view)
        assembly.inject(into: view)
        #expect(view.number == 1)
    }

    /// Documented in Coming from EasyDi: EasyDi skipped the injection.
    @Test("injection: a substitution for the injecting method's name matches nothing, and says so")
    func substitutedInjection() {
        let assembly = Attack8InjectionAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "inject(into:)") { Attack8View() }
        let view = Attack8View()
        assembly.inject(into: view)
        #expect(view.number == 1)
        #expect(assembly.context.unusedSubstitutions == ["Attack8InjectionAssembly.inject(into:)"])
    }

    // MARK: Inject closures and keys

    @Test("inject: an untyped closure and an ObjectInjectClosure that return another object")
    func injectReturnsAnotherObject() {
        let assembly = Attack8InjectionAssembly.instance(from: DIContext())
        #expect(assembly.replaced.number == 18)
        #expect(assembly.viaAlias.number == 42)
    }

    /// Documented in Coming from EasyDi: EasyDi made one of each.
    @Test("generic method: Box<Int> then Box<String> under one key in one graph stop as a mismatch")
    func genericMethodInOneGraph() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let pair = Attack8GenericMethodAssembly.instance(from: DIContext()).pair
            if pair.ints == nil || pair.strings == nil {
                edgeWrong("a box is missing")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(
            text.contains("is declared as Attack8Box<String> but its definition made"), "\(text)")
    }

    @Test("definitionKey: two keys that share one are substituted together, then restored")
    func sharedDefinitionKey() {
        let assembly = Attack8KeysAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "shared") { Attack8Item(99) }
        #expect(assembly.first.number == 99 && assembly.second.number == 99)
        assembly.removeSubstitution(for: "shared")
        #expect(assembly.first.number == 1 && assembly.second.number == 2)
    }

    @Test("key with arguments: a substitution by the method's name replaces every key")
    func methodNameSubstitution() {
        let assembly = Attack8KeysAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "item(_:)") { Attack8Item(77) }
        #expect(assembly.item(1).number == 77 && assembly.item(2).number == 77)
        assembly.removeSubstitution(for: "item(_:)")
        #expect(assembly.item(3).number == 3)
    }

    @Test("definitionKey: a substitution by the property's name (documented: matches the key)")
    func propertyNameWithAnotherDefinitionKey() {
        let assembly = Attack8KeysAssembly.instance(from: DIContext())
        assembly.addSubstitution(for: "renamed") { Attack8Item(5) }
        // EasyDi matches only "other"; the docs name the key match.
        #expect(assembly.renamed.number == 5)
        assembly.removeSubstitution(for: "renamed")
        assembly.addSubstitution(for: "other") { Attack8Item(6) }
        #expect(assembly.renamed.number == 6)
    }

    // MARK: Graphs

    /// Documented in Coming from EasyDi: EasyDi gave two, with a graph per context.
    @Test("graph: another context's objectGraph definition read twice in a read gives one")
    func anotherContextsGraph() {
        let assembly = Attack8CrossContextAssembly.instance(from: DIContext())
        assembly.other = Attack8LeafAssembly.instance(from: DIContext())
        let holder = assembly.holder
        #expect(holder.first != nil && holder.second != nil)
        #expect(holder.first === holder.second)
    }

    /// Documented in Coming from EasyDi: in EasyDi they were graphs of their own.
    @Test("graph: a substitute's reads share the graph of the read that runs it")
    func substituteReadsAtTheTopLevel() {
        let assembly = Attack8TreeAssembly.instance(from: DIContext())
        nonisolated(unsafe) unowned let tree = assembly
        assembly.addSubstitution(for: "fake") { () -> Attack8Fake in
            let fake = Attack8Fake()
            fake.left = tree.left
            fake.right = tree.right
            return fake
        }
        let fake = assembly.fake
        #expect(fake.left?.leaf != nil && fake.right?.leaf != nil)
        #expect(fake.left?.leaf === fake.right?.leaf)
    }

    // MARK: Assemblies

    /// Documented in Coming from EasyDi: EasyDi's context kept its assemblies.
    @Test("assembly: a stored property set on an assembly nobody holds is gone; held, it stays")
    func unheldAssemblyKeepsItsState() {
        let context = DIContext()
        Attack8ConfigAssembly.instance(from: context).environment = "staging"
        #expect(Attack8ConfigAssembly.instance(from: context).environment == "production")
        let held = Attack8ConfigAssembly.instance(from: context)
        held.environment = "staging"
        withExtendedLifetime(held) {
            _ = Attack8ConfigAssembly.instance(from: context).services
            #expect(Attack8ConfigAssembly.instance(from: context).environment == "staging")
        }
    }

    /// Documented in Coming from EasyDi: EasyDi gave the default context's.
    @Test("lazy var: Other.instance() first read inside a definition gives the definition's")
    func lazyVarReadInsideADefinition() {
        let defaultContext = DIContext()
        DIContext.withDefault(defaultContext) {
            let module = Attack8ModuleAssembly.instance(from: DIContext())
            let user = module.user
            #expect(module.services.context === module.context)
            #expect(user.service === Attack8ServicesAssembly.instance(from: module.context).service)
        }
    }

    @Test("lazy var: Other.instance() first read outside a read gives the default's")
    func lazyVarReadOutsideARead() {
        let defaultContext = DIContext()
        DIContext.withDefault(defaultContext) {
            let module = Attack8ModuleAssembly.instance(from: DIContext())
            _ = module.services
            let user = module.user
            #expect(module.services.context === defaultContext)
            #expect(user.service === Attack8ServicesAssembly.instance().service)
        }
    }

    @Test("lazy var: self.context.assembly() shares a held weakSingleton across assemblies")
    func weakSingletonAcrossAssemblies() {
        let reader = Attack8WeakReaderAssembly.instance(from: DIContext())
        let pair = reader.pair
        #expect(pair.first === pair.second)
        let held = pair.first
        #expect(reader.source.weak === held)
        #expect(reader.pair.first === held)
        #expect(reader.source === Attack8WeakSourceAssembly.instance(from: reader.context))
    }

    @Test("context: assembly(), instance(from:) and instance(for:) give one; a subclass another")
    func assemblyLookups() {
        let context = DIContext()
        let base = Attack8BaseAssembly.instance(from: context)
        let inferred: Attack8BaseAssembly = context.assembly()
        let byType = context.instance(for: Attack8BaseAssembly.self)
        let sub = Attack8SubAssembly.instance(from: context)
        #expect(base === inferred && base === byType)
        #expect(sub !== base && sub.service !== base.service)
        base.addSubstitution(for: "service") { Attack8Service("fake") }
        #expect(base.service.tag == "fake" && sub.service.tag == "real")
    }

    @Test("generic assemblies: each specialisation has its own singletons and substitutions")
    func genericAssemblies() {
        let context = DIContext()
        let ints = Attack8GenericAssembly<Int>.instance(from: context)
        let strings = Attack8GenericAssembly<String>.instance(from: context)
        let identities = [ObjectIdentifier(ints), ObjectIdentifier(strings)]
        #expect(identities[0] != identities[1])
        #expect(ints.service !== strings.service)
        ints.addSubstitution(for: "service") { Attack8Service("fake") }
        #expect(ints.service.tag == "fake" && strings.service.tag == "real")
    }

    @Test("defaultInstance swapped: old assemblies keep their context and singletons")
    func defaultInstanceSwapped() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            DIContext.defaultInstance = DIContext()
            let old = Attack8SingletonAssembly.instance()
            let service = old.service
            DIContext.defaultInstance = DIContext()
            let new = Attack8SingletonAssembly.instance()
            if new === old || new.service === service {
                edgeWrong("the new default context gave the old assembly or singleton")
            }
            if old.service !== service
                || (old.context.assembly() as Attack8SingletonAssembly) !== old
            {
                edgeWrong("the old assembly lost its context's singleton or assembly")
            }
        }
    }

    // MARK: Substitutions of singletons

    @Test("lazySingleton substituted: one fake a context (documented), original back on removal")
    func substitutedLazySingleton() {
        let assembly = Attack8SingletonAssembly.instance(from: DIContext())
        let original = assembly.service
        assembly.addSubstitution(for: "service") { Attack8Service("fake") }
        let fake = assembly.service
        #expect(fake.tag == "fake")
        // EasyDi calls the substitute on every read; the docs name one per context.
        #expect(assembly.service === fake)
        let user = assembly.user
        #expect(user.service === fake)
        assembly.removeSubstitution(for: "service")
        #expect(assembly.service === original)
        #expect(assembly.user === user && assembly.user.service === fake)
    }

    @Test("weakSingleton substituted: the held original comes back on removal")
    func substitutedWeakSingleton() {
        let assembly = Attack8SingletonAssembly.instance(from: DIContext())
        let original = assembly.weak
        assembly.addSubstitution(for: "weak") { Attack8Weak() }
        let fake = assembly.weak
        #expect(fake !== original)
        assembly.removeSubstitution(for: "weak")
        #expect(assembly.weak === original)
    }
}
