import Testing
import Wiring

/// The article's A/B example: a second assembly switches the live feature.
protocol Feature: AnyObject { var name: String { get } }
final class FeatureV1: Feature { let name = "v1" }
final class FeatureV2: Feature { let name = "v2" }

final class FeatureAssembly: Assembly {
    var feature: Feature { define(init: FeatureV1()) }
}

final class FeatureV2Assembly: Assembly {
    lazy var features: FeatureAssembly = self.context.assembly()
    var feature: Feature { define(init: FeatureV2()) }
    func activate(_ on: Bool) {
        if on {
            features.addSubstitution(for: "feature") { (v2: FeatureV2Assembly) in v2.feature }
        } else {
            features.removeSubstitution(for: "feature")
        }
    }
}

@Suite("Substitutions")
struct SubstitutionTests {
    @Test("by name: active at once, removal restores the original")
    func byName() {
        let services = ServiceAssembly.instance(from: DIContext())
        #expect(services.apiClient is HTTPClient)
        services.addSubstitution(for: "apiClient") { FakeClient() as APIClient }
        #expect(services.apiClient is FakeClient)
        services.removeSubstitution(for: "apiClient")
        #expect(services.apiClient is HTTPClient)
    }

    @Test("by key path: compile-checked, and reaches definitions used as dependencies")
    func byKeyPath() {
        let services = ServiceAssembly.instance(from: DIContext())
        services.addSubstitution(for: \.apiClient) { FakeClient() }
        #expect(services.apiClient is FakeClient)
        let feed = FeedController()
        FeedAssembly.instance(from: services.context).inject(into: feed)
        #expect(feed.client is FakeClient)
        services.removeSubstitution(for: \.apiClient)
        #expect(services.apiClient is HTTPClient)
    }

    @Test("within one graph a substitution yields one instance")
    func oneInstancePerGraph() {
        let diamond = DiamondAssembly.instance(from: DIContext())
        let fakes = Counter()
        diamond.addSubstitution(for: "shared") { Shared(fakes) }
        let top = diamond.top
        #expect(top.left?.shared === top.right?.shared)
        #expect(fakes.count("Shared") == 1)
        #expect(diamond.made.count("Shared") == 0)
        _ = diamond.top
        #expect(fakes.count("Shared") == 2)  // a new graph, a new fake
    }

    @Test(
        "a substituted lazySingleton is one fake per context while active; removal restores the original"
    )
    func substitutedSingleton() {
        let services = ServiceAssembly.instance(from: DIContext())
        let original = services.store
        let fakes = Counter()
        services.addSubstitution(for: \.store) { Store(fakes) }
        let fake = services.store
        #expect(fake !== original)
        #expect(services.store === fake)
        #expect(fakes.count("Store") == 1)
        let elsewhere = ServiceAssembly.instance(from: DIContext())
        #expect(elsewhere.store !== fake)  // other contexts are not affected
        services.removeSubstitution(for: \.store)
        #expect(services.store === original)
    }

    @Test("placeholders can be substituted")
    func placeholderSubstitution() {
        let module = ModuleAssembly.instance(from: DIContext())
        nonisolated(unsafe) let stand = ModuleView()
        module.addSubstitution(for: "view") { stand as ModuleViewInput }
        #expect(module.presenter.view === stand)
    }

    @Test("a substituted placeholder serves the module, and the real view is injected all the same")
    func placeholderSubstitutionWithInjection() {
        let module = ModuleAssembly.instance(from: DIContext())
        nonisolated(unsafe) let stand = ModuleView()
        module.addSubstitution(for: "view") { stand as ModuleViewInput }
        let view = ModuleView()
        module.inject(into: view)
        #expect(view.presenter != nil)
        #expect(view.presenter?.view === stand)
    }

    @Test("A/B: activate(_:) on a second assembly switches the live object")
    func abSwitch() {
        let context = DIContext()
        let features = FeatureAssembly.instance(from: context)
        let experiment = FeatureV2Assembly.instance(from: context)
        #expect(features.feature.name == "v1")
        experiment.activate(true)
        #expect(features.feature.name == "v2")
        experiment.activate(false)
        #expect(features.feature.name == "v1")
    }
}

@Suite("Placeholders and keys")
struct PlaceholderTests {
    @Test("a placeholder returns the object injected under its key in the current graph (VIPER)")
    func viper() {
        let module = ModuleAssembly.instance(from: DIContext())
        let view = ModuleView()
        module.inject(into: view)
        let presenter = view.presenter
        #expect(presenter?.view === view)
        #expect(presenter?.interactor?.presenter === presenter)
    }

    @Test("keys with the same text in different assemblies are different definitions")
    func keysAreScopedByAssembly() {
        let context = DIContext()
        let services = ServiceAssembly.instance(from: context)
        // A key ServiceAssembly lacks.
        services.addSubstitution(for: "feature") { FeatureV2() as Feature }
        #expect(FeatureAssembly.instance(from: context).feature.name == "v1")
    }
}

/// top → left, right; both → shared.
final class Shared { init(_ made: Counter) { made.add("Shared") } }
final class Side { var shared: Shared? }
final class Top { var left: Side?, right: Side? }
final class DiamondAssembly: Assembly {
    let made = Counter()
    var top: Top {
        define(init: Top()) {
            $0.left = self.left
            $0.right = self.right
        }
    }
    var left: Side { define(init: Side()) { $0.shared = self.shared } }
    var right: Side { define(init: Side()) { $0.shared = self.shared } }
    var shared: Shared { define(init: Shared(made)) }
}
