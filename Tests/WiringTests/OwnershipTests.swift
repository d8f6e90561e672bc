import Foundation
import Testing
import Wiring

/// The README's A/B switch in the form that keeps no assembly in the context's tables.
final class FeatureSwitchAssembly: Assembly {
    var features: FeatureAssembly { context.assembly() }
    var feature: Feature { define(init: FeatureV2()) }
    func activate(_ on: Bool) {
        if on {
            features.addSubstitution(for: \.feature) { (v2: FeatureSwitchAssembly) in v2.feature }
        } else {
            features.removeSubstitution(for: \.feature)
        }
    }
}

/// EasyDi's test-patch shape: the substitute makes its object with the assembly's own `define`.
final class PatchedAssembly: Assembly {
    var number: Int { define(init: 20) }
    var child: Side { define(init: Side()) }
    var object: Feature { define(init: FeatureV1()) }
}

@Suite("Ownership: nothing the README teaches leaks")
struct OwnershipTests {
    @Test("the A/B switch with the assembly as the substitute's parameter frees the context")
    func abSwitchFreesContext() {
        weak var weakContext: DIContext?
        weak var weakSwitch: FeatureSwitchAssembly?
        do {
            let context = DIContext()
            let features = FeatureAssembly.instance(from: context)
            let experiment = FeatureSwitchAssembly.instance(from: context)
            experiment.activate(true)
            #expect(features.feature.name == "v2")
            experiment.activate(false)
            #expect(features.feature.name == "v1")
            experiment.activate(true)
            #expect(features.feature.name == "v2")
            weakContext = context
            weakSwitch = experiment
        }
        #expect(weakSwitch == nil)
        #expect(weakContext == nil)
    }

    @Test("a substitute that defines with its assembly as parameter frees the context")
    func patchShapeFreesContext() {
        weak var weakContext: DIContext?
        do {
            let patched = PatchedAssembly.instance(from: DIContext())
            patched.addSubstitution(for: "object") { (assembly: PatchedAssembly) in
                assembly.define(key: "patch", init: FeatureV2()) { _ in _ = assembly.number }
                    as Feature
            }
            #expect(patched.object.name == "v2")
            weakContext = patched.context
        }
        #expect(weakContext == nil)
    }

    @Test("X.instance(from: DIContext()) keeps its context, singletons and substitutions")
    func temporaryContextLives() {
        let services = ServiceAssembly.instance(from: DIContext())
        services.addSubstitution(for: \.apiClient) { FakeClient() }
        #expect(services.store === services.store)
        #expect(services.store.client is FakeClient)
    }
}

/// An assembly that gets another in a stored property initialiser.
final class EagerHelperAssembly: Assembly {
    let helper = ServiceAssembly.instance()
    var store: Store { helper.store }
}

@Suite("Contexts of assemblies")
struct AssemblyContextTests {
    @Test("an assembly made in another's stored property belongs to the same context")
    func storedPropertyInitialiser() {
        let context = DIContext()
        let eager = EagerHelperAssembly.instance(from: context)
        #expect(eager.helper.context === context)
        #expect(eager.helper === ServiceAssembly.instance(from: context))
        #expect(eager.store === ServiceAssembly.instance(from: context).store)
    }

    @Test("the default context is settable, and instance() then uses the new one")
    func settableDefault() async {
        // In a child process: other tests read the default context at the same time.
        await #expect(processExitsWith: .success) {
            let fresh = DIContext()
            DIContext.defaultInstance = fresh
            guard ServiceAssembly.instance().context === fresh,
                ServiceAssembly.instance(from: .defaultInstance) === ServiceAssembly.instance()
            else {
                exit(1)
            }
        }
    }

    @Test("instance(for:) gives the same assembly as assembly()")
    func instanceForType() {
        let context = DIContext()
        let services: ServiceAssembly = context.assembly()
        #expect(context.instance(for: ServiceAssembly.self) === services)
    }
}
