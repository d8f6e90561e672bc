import Testing
import Wiring

// A define call finds what defineInjection injected under its key in the read, as in EasyDi; an
// in-place inject: whose optional chain comes to nothing leaves the object alone.

final class ParityView {
    var presenter: ParityPresenter?
}

final class ParityPresenter {
    weak var view: ParityView?
}

/// A module whose view the assembly either makes (`view`) or injects into (`inject(into:)`).
final class ParityModuleAssembly: Assembly {
    func inject(into view: ParityView) {
        defineInjection(key: "view", into: view) { $0.presenter = self.presenter }
    }

    var view: ParityView { define(init: ParityView()) { $0.presenter = self.presenter } }
    var presenter: ParityPresenter { define(init: ParityPresenter()) { $0.view = self.view } }
    var another: ParityView { define(key: "view", scope: .prototype, init: ParityView()) }
}

/// Injections that a define of their key must not take: one not given yet, one of another type,
/// an empty optional.
final class ParityEdgeAssembly: Assembly {
    var view: ParityView { define(init: ParityView()) }
    var presenter: ParityPresenter { define(init: ParityPresenter()) { $0.view = self.view } }
    var wrongType: ParityPresenter { define(key: "view", init: ParityPresenter()) }

    func injectItsOwnView() -> ParityView {
        defineInjection(key: "view", into: self.view) { $0.presenter = self.presenter }
    }

    func injectReadingAnotherType(_ view: ParityView) -> ParityPresenter? {
        var other: ParityPresenter?
        defineInjection(key: "view", into: view) { _ in other = self.wrongType }
        return other
    }

    func injectNothing() -> ParityView? {
        var made: ParityView?
        defineInjection(key: "view", into: nil as ParityView?) { _ in made = self.view }
        return made
    }
}

class ParityNode {}

final class ParitySubNode: ParityNode {}

/// A prototype and a placeholder of the key "view" beside an injection under another key.
final class ParityUnrelatedAssembly: Assembly {
    var view: ParityView { define(init: ParityView()) }
    var proto: ParityView {
        define(key: "view", scope: .prototype, init: ParityView()) { _ in _ = self.placeholder }
    }
    var placeholder: ParityView { definePlaceholder(key: "view") }

    func viewAndPrototype() -> (ParityView, ParityView) {
        var read: (ParityView, ParityView)?
        defineInjection(key: "presenter", into: ParityPresenter()) { _ in
            let proto = self.proto
            read = (self.view, proto)
        }
        return read!
    }
}

protocol ParityService: AnyObject {
    var name: String { get }
}

final class ParityServiceImpl: ParityService {
    let name = "impl"
}

final class ParityLogging: ParityService {
    let inner: ParityService
    var name: String { "logging " + inner.name }

    init(wrapping inner: ParityService) {
        self.inner = inner
    }
}

/// Decorators of the definition's type, and function objects that differ by `@Sendable`.
final class ParityDecoratorAssembly: Assembly {
    var service: ParityService {
        define(init: ParityServiceImpl() as ParityService) { ParityLogging(wrapping: $0) }
    }
    var shared: ParityService {
        define(scope: .lazySingleton, init: ParityServiceImpl() as ParityService) {
            ParityLogging(wrapping: $0)
        }
    }
    var undecorated: ParityService {
        define(init: ParityServiceImpl()) { ParityLogging(wrapping: $0) }
    }
    var sendable: @Sendable () -> Int { define(init: { @Sendable in 1 }, inject: { _ in { 5 } }) }
    var notSendable: @Sendable () -> Int { define(init: { 1 }) }
    /// Diagnostics.md: a closure converts to an async type only where it is written.
    var loader: () async -> Int { define(init: { 42 }) }
    var typedLoader: () async -> Int { define(init: { 42 } as () async -> Int) }
    /// Diagnostics.md: so does a `@Sendable` closure to a type that is not `@Sendable`.
    var plain: () -> Int { define(init: { @Sendable in 7 }) }
    var typedPlain: () -> Int { define(init: { @Sendable in 7 } as () -> Int) }
}

final class ParityChild {
    var name = ""
}

final class ParityHolder {
    var child: ParityChild?
}

final class ParityOptionalAssembly: Assembly {
    var holder: ParityHolder? {
        define(init: ParityHolder() as ParityHolder?) { $0?.child?.name = "set" }
    }
    var cleared: ParityHolder? {
        define(init: ParityHolder() as ParityHolder?) { _ -> ParityHolder? in nil }
    }
    var replaced: ParityHolder? {
        define(init: ParityHolder() as ParityHolder?) { _ -> ParityHolder? in self.made }
    }
    var made: ParityHolder { define(init: ParityHolder()) { $0.child = ParityChild() } }
    var kept: ParityNode { define(init: ParityNode()) { (_: ParityNode) -> ParityNode? in nil } }
    var keptSub: ParityNode {
        define(init: ParityNode()) { (_: ParityNode) -> ParitySubNode? in nil }
    }
    var mapped: Any {
        define(init: self.made as Any) { ($0 as? ParityHolder).map { $0.child?.name = "x" } }
    }
    var anyObject: AnyObject? {
        define(init: ParityHolder() as AnyObject?) { ($0 as? ParityHolder)?.child = ParityChild() }
    }
}

@Suite("EasyDi parity: injections found by define; optional chains in inject")
struct InjectionParityTests {
    @Test("a define call in an injection's read finds the injected object, as in EasyDi")
    func defineFindsTheInjection() {
        let assembly = ParityModuleAssembly.instance(from: DIContext())
        let view = ParityView()
        assembly.inject(into: view)
        #expect(view.presenter?.view === view)
    }

    @Test("without an injection the define makes its own, and a later read its own again")
    func defineWithoutAnInjectionMakesItsOwn() {
        let assembly = ParityModuleAssembly.instance(from: DIContext())
        let injected = ParityView()
        assembly.inject(into: injected)
        let made = assembly.view
        #expect(made !== injected)
        #expect(made.presenter?.view === made)
    }

    @Test("a prototype define of the injection's key still makes a new object")
    func prototypeDoesNotFindTheInjection() {
        let assembly = ParityModuleAssembly.instance(from: DIContext())
        let view = ParityView()
        var other: ParityView?
        assembly.defineInjection(key: "view", into: view) { _ in other = assembly.another }
        #expect(other != nil)
        #expect(other !== view)
    }

    @Test("an injection whose into: reads the define of its key gets that define's object")
    func injectionOfTheDefinesOwnObject() {
        let view = ParityEdgeAssembly.instance(from: DIContext()).injectItsOwnView()
        #expect(view.presenter?.view === view)
    }

    @Test("a define of the injection's key with another type makes its own")
    func defineOfAnotherTypeMakesItsOwn() {
        let view = ParityView()
        let other = ParityEdgeAssembly.instance(from: DIContext()).injectReadingAnotherType(view)
        #expect(other != nil)
    }

    @Test("an empty optional injection is not what a define of its key finds")
    func emptyInjectionIsNotFound() {
        #expect(ParityEdgeAssembly.instance(from: DIContext()).injectNothing() != nil)
    }

    @Test("a define does not take what a placeholder found, beside an unrelated injection")
    func defineIgnoresAPlaceholdersFind() {
        let (view, proto) = ParityUnrelatedAssembly.instance(from: DIContext()).viewAndPrototype()
        #expect(view !== proto)
    }

    @Test("an inject returning ()?? from a map over an optional keeps an Any object")
    func nestedVoidKeepsTheObject() {
        #expect(ParityOptionalAssembly.instance(from: DIContext()).mapped is ParityHolder)
    }

    @Test("an in-place inject whose optional chain comes to nothing keeps the object")
    func optionalChainInInjectKeepsTheObject() {
        let assembly = ParityOptionalAssembly.instance(from: DIContext())
        #expect(assembly.holder != nil)
        #expect(assembly.holder?.child == nil)
    }

    @Test("an inject returning an empty optional of a class object keeps it (release builds too)")
    func emptyOptionalOfAClassKeepsTheObject() {
        let assembly = ParityOptionalAssembly.instance(from: DIContext())
        #expect(!(assembly.kept is ParitySubNode))
        #expect(!(assembly.keptSub is ParitySubNode))
    }

    @Test("an optional chain that succeeds on an AnyObject? object keeps the object")
    func succeedingChainKeepsTheObject() {
        let object = ParityOptionalAssembly.instance(from: DIContext()).anyObject
        #expect((object as? ParityHolder)?.child != nil)
    }

    @Test("an inject declared to return the optional object replaces it, with nil too")
    func injectReturningTheOptionalTypeReplacesIt() {
        let assembly = ParityOptionalAssembly.instance(from: DIContext())
        #expect(assembly.cleared == nil)
        #expect(assembly.replaced?.child != nil)
    }
}

final class ParitySingle {}

final class ParityLeftAssembly: Assembly {
    lazy var right: ParityRightAssembly = self.context.assembly()
    var single: ParitySingle { define(scope: .lazySingleton, init: ParitySingle()) }
    var thing: ParityHolder { define(init: ParityHolder()) { _ in _ = self.right.single } }
    var both: ParitySingle { define(init: right.single) { _ in _ = self.thing } }
}

final class ParityRightAssembly: Assembly {
    lazy var left: ParityLeftAssembly = self.context.assembly()
    var single: ParitySingle {
        define(scope: .lazySingleton, init: ParitySingle()) { _ in _ = self.left.single }
    }
}

final class ParityLinkedLeftAssembly: Assembly {
    var right: ParityLinkedRightAssembly { context.assembly() }
    var single: ParitySingle { define(scope: .lazySingleton, init: ParitySingle()) }
    var thing: ParityHolder { define(init: ParityHolder()) { _ in _ = self.right.single } }
    var both: ParitySingle { define(init: right.single) { _ in _ = self.thing } }
}

final class ParityLinkedRightAssembly: Assembly {
    var left: ParityLinkedLeftAssembly { context.assembly() }
    var single: ParitySingle {
        define(scope: .lazySingleton, init: ParitySingle()) { _ in _ = self.left.single }
    }
}

/// Whether a context, and the singleton that `read` gives from it, outlive the read.
func parityOutlives(_ read: (DIContext) -> ParitySingle) -> (context: Bool, single: Bool) {
    weak var context: DIContext?
    weak var single: ParitySingle?
    do {
        let made = DIContext()
        context = made
        single = read(made)
    }
    return (context != nil, single != nil)
}

@Suite("Coming from EasyDi: assemblies whose lazy vars hold each other")
struct LazyVarLinkTests {
    @Test("lazy vars both ways keep the context and its singletons alive, as the docs say")
    func lazyVarsBothWaysKeepTheContext() {
        #expect(parityOutlives { ParityLeftAssembly.instance(from: $0).both } == (true, true))
    }

    @Test("computed properties both ways let the context and its singletons go")
    func computedLinksLetTheContextGo() {
        #expect(
            parityOutlives { ParityLinkedLeftAssembly.instance(from: $0).both } == (false, false))
    }
}

@Suite("inject: decorators of the definition's type; function objects")
struct DecoratorResultTests {
    @Test("a decorator of the protocol replaces an init: given as the protocol, not the class")
    func decoratorOfTheDefinitionsType() {
        let assembly = ParityDecoratorAssembly.instance(from: DIContext())
        #expect(assembly.service.name == "logging impl")
        #expect(assembly.shared.name == "logging impl")
        #expect(assembly.shared === assembly.shared)
        #expect(assembly.undecorated.name == "impl")
    }

    @Test("an inject returning a function that is not @Sendable keeps the @Sendable one")
    func sendableFunctionIsKept() {
        #expect(ParityDecoratorAssembly.instance(from: DIContext()).sendable() == 1)
    }

    @Test("a function that is not @Sendable, declared @Sendable, stops with Wiring's message")
    func notSendableFunctionIsNamed() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = ParityDecoratorAssembly.instance(from: DIContext()).notSendable
            edgeWrong("the read ended")
        }
        let text = edgeText(result)
        #expect(
            text.contains("Wiring: ParityDecoratorAssembly.notSendable is declared as"), "\(text)")
    }

    /// Swift converts these closures only where they are written: read untyped, each is named.
    @Test(
        "a function type init: converts only where written: given that type works",
        arguments: [
            ("loader", "() async -> Int but its definition made () -> Int"),
            ("plain", "() -> Int but its definition made @Sendable () -> Int"),
        ])
    func functionTypesNeedTheirTypeInInit(property: String, message: String) async {
        let assembly = ParityDecoratorAssembly.instance(from: DIContext())
        #expect(await assembly.typedLoader() == 42)
        #expect(assembly.typedPlain() == 7)
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) { [property] in
            let assembly = ParityDecoratorAssembly.instance(from: DIContext())
            _ = property == "loader" ? assembly.loader as Any : assembly.plain as Any
            edgeWrong("the read ended")
        }
        let text = edgeText(result)
        #expect(
            text.contains("Wiring: ParityDecoratorAssembly.\(property) is declared as \(message)"),
            "\(text)")
    }
}
