import Foundation
import Testing
import Wiring

// EasyDi 1.6 behaviours that no earlier test checks, each asserted as EasyDi.swift (tag 1.6.0,
// the same file as 1.6.1) behaves. Each scenario was also run against EasyDi.swift itself, compiled
// on Linux in a scratch package, with the same source. "named differences" asserts what Wiring
// does where it differs, as README's "Coming from EasyDi" says; "matches" holds behaviours where
// Wiring does what EasyDi does.

// MARK: - Fixtures

/// What init: and inject: closures ran, in order.
final class EasyDi18Log {
    var entries: [String] = []

    func note<T>(_ entry: String, _ value: T) -> T {
        entries.append(entry)
        return value
    }

    func count(_ entry: String) -> Int { entries.filter { $0 == entry }.count }
}

final class EasyDi18A { var b: EasyDi18B? }
final class EasyDi18B { var a: EasyDi18A? }

final class EasyDi18Node {
    let name: String
    var kids: [EasyDi18Node] = []
    init(_ name: String) { self.name = name }
}

final class EasyDi18Object {
    var injected = 0
    var number = 0
}

struct EasyDi18Value {
    var number = 0
}

final class EasyDi18View {
    var injected = 0
    var presenter: EasyDi18Presenter?
}

final class EasyDi18Presenter {
    var view: EasyDi18View?
}

protocol EasyDi18Service: AnyObject { var name: String { get } }

final class EasyDi18Network: EasyDi18Service {
    var name: String { "network" }
}

final class EasyDi18Logging: EasyDi18Service {
    let inner: EasyDi18Service
    init(_ inner: EasyDi18Service) { self.inner = inner }
    var name: String { "logging(\(inner.name))" }
}

/// A router kept as a singleton that keeps its assembly to build the next screens.
final class EasyDi18Router {
    var assembly: EasyDi18RouterAssembly?
}

class EasyDi18Feed {
    var name: String { "old" }
}

final class EasyDi18NewFeed: EasyDi18Feed {
    override var name: String { "new" }
}

final class EasyDi18Flags {
    var newFeed = true
}

final class EasyDi18Screen {
    var flags: EasyDi18Flags?
    var feed: EasyDi18Feed?
    var logger: EasyDi18Object?
    var holder: EasyDi18Holder?
    var first: EasyDi18Object?
    var second: EasyDi18Object?
}

final class EasyDi18Holder {
    var logger: EasyDi18Object?
}

final class EasyDi18CycleAssembly: Assembly {
    let log = EasyDi18Log()
    var a: EasyDi18A {
        return define(init: self.log.note("init a", EasyDi18A())) {
            self.log.entries.append("inject a")
            $0.b = self.b
            return $0
        }
    }
    var b: EasyDi18B {
        return define(init: self.log.note("init b", EasyDi18B())) {
            self.log.entries.append("inject b")
            $0.a = self.a
            return $0
        }
    }
}

final class EasyDi18ScopesAssembly: Assembly {
    let log = EasyDi18Log()
    var chosen: Scope = .lazySingleton
    var lazy: EasyDi18Object {
        return define(scope: .lazySingleton, init: self.log.note("init lazy", EasyDi18Object())) {
            self.log.entries.append("inject lazy")
            return $0
        }
    }
    var weak: EasyDi18Object {
        return define(scope: .weakSingleton, init: self.log.note("init weak", EasyDi18Object())) {
            self.log.entries.append("inject weak")
            return $0
        }
    }
    var proto: EasyDi18Object {
        return define(scope: .prototype, init: self.log.note("init proto", EasyDi18Object())) {
            self.log.entries.append("inject proto")
            return $0
        }
    }
    var graph: EasyDi18Object {
        return define(scope: .objectGraph, init: self.log.note("init graph", EasyDi18Object())) {
            self.log.entries.append("inject graph")
            return $0
        }
    }
    var byChosen: EasyDi18Object { return define(scope: chosen, init: EasyDi18Object()) }
    var weakPair: EasyDi18Screen {
        return define(init: EasyDi18Screen()) {
            $0.first = self.weak
            $0.second = self.weak
            return $0
        }
    }
}

final class EasyDi18OrderAssembly: Assembly {
    let log = EasyDi18Log()
    var root: EasyDi18Node {
        return define(init: self.log.note("init root", EasyDi18Node("root"))) {
            self.log.entries.append("inject root")
            $0.kids = [self.left, self.right]
            self.log.entries.append("injected root")
            return $0
        }
    }
    var left: EasyDi18Node {
        return define(init: self.log.note("init left", EasyDi18Node("left"))) {
            self.log.entries.append("inject left")
            $0.kids = [self.leaf]
            return $0
        }
    }
    var right: EasyDi18Node {
        return define(init: self.log.note("init right", EasyDi18Node("right"))) {
            self.log.entries.append("inject right")
            $0.kids = [self.leaf]
            return $0
        }
    }
    var leaf: EasyDi18Node {
        return define(scope: .prototype, init: self.log.note("init leaf", EasyDi18Node("leaf"))) {
            self.log.entries.append("inject leaf")
            return $0
        }
    }
}

final class EasyDi18OptionalAssembly: Assembly {
    let log = EasyDi18Log()
    var object: EasyDi18Object? { return define(init: EasyDi18Object()) }
    var none: EasyDi18Object? { return define(init: nil as EasyDi18Object?) }
    var a: EasyDi18A? {
        return define(init: EasyDi18A()) {
            $0.b = self.b
            return $0
        }
    }
    var b: EasyDi18B? {
        return define(init: EasyDi18B()) {
            $0.a = self.a
            return $0
        }
    }
    var session: EasyDi18Object? {
        return define(
            scope: .lazySingleton, init: self.log.note("init session", nil as EasyDi18Object?))
    }
}

final class EasyDi18InjectionAssembly: Assembly {
    func injectOnce(into view: EasyDi18View) {
        defineInjection(key: "only", scope: .lazySingleton, into: view) {
            $0.injected += 1
            return $0
        }
    }
    func inject(into view: EasyDi18View) {
        defineInjection(key: "view", into: view) {
            $0.injected += 1
            return $0
        }
    }
    var view: EasyDi18View { return definePlaceholder() }
    func screen(_ view: EasyDi18View) -> EasyDi18Presenter {
        return define(init: EasyDi18Presenter()) {
            self.inject(into: view)
            $0.view = self.view
            return $0
        }
    }
}

/// A prototype injection, as a cell assembly may write it.
final class EasyDi18CellAssembly: Assembly {
    func inject(into cell: EasyDi18View) {
        defineInjection(key: "cell", scope: .prototype, into: cell) {
            $0.injected += 1
            return $0
        }
    }
    var cell: EasyDi18View { return definePlaceholder() }
    func both(_ first: EasyDi18View, _ second: EasyDi18View) -> EasyDi18Presenter {
        return define(init: EasyDi18Presenter()) {
            self.inject(into: first)
            self.inject(into: second)
            $0.view = self.cell
            return $0
        }
    }
}

class EasyDi18BaseAssembly: Assembly {
    var service: EasyDi18Object { return define(scope: .lazySingleton, init: EasyDi18Object()) }
    var user: EasyDi18Screen {
        return define(init: EasyDi18Screen()) {
            $0.first = self.service
            return $0
        }
    }
}

final class EasyDi18SubAssembly: EasyDi18BaseAssembly {
    override var service: EasyDi18Object {
        return define(scope: .lazySingleton, init: EasyDi18Object()) {
            $0.number = 13
            return $0
        }
    }
}

final class EasyDi18DecoratorAssembly: Assembly {
    var service: EasyDi18Service {
        return define(init: EasyDi18Network() as EasyDi18Service) { return EasyDi18Logging($0) }
    }
    var shared: EasyDi18Service {
        return define(scope: .lazySingleton, init: EasyDi18Network() as EasyDi18Service) {
            EasyDi18Logging($0)
        }
    }
}

final class EasyDi18LeftAssembly: Assembly {
    var right: EasyDi18RightAssembly!
    var a: EasyDi18A {
        return define(init: EasyDi18A()) {
            $0.b = self.right.b
            return $0
        }
    }
}

final class EasyDi18RightAssembly: Assembly {
    var left: EasyDi18LeftAssembly!
    var b: EasyDi18B {
        return define(init: EasyDi18B()) {
            $0.a = self.left.a
            return $0
        }
    }
}

/// A VIPER module opened with an argument, keyed by it.
final class EasyDi18ModuleAssembly: Assembly {
    func view(_ id: String) -> EasyDi18View {
        return define(key: "view-\(id)", init: EasyDi18View()) {
            $0.presenter = self.presenter(id)
            return $0
        }
    }
    func presenter(_ id: String) -> EasyDi18Presenter {
        return define(key: "presenter-\(id)", init: EasyDi18Presenter()) {
            $0.view = self.view(id)
            return $0
        }
    }
}

/// EasyDi 1.6 closure forms that name the object, typed without a return type, or hold it weakly.
final class EasyDi18ClosureFormsAssembly: Assembly {
    var typedNoReturnType: EasyDi18Object {
        return define(init: EasyDi18Object()) { (object: EasyDi18Object) in
            object.number = 1
            return object
        }
    }
    var named: EasyDi18Screen {
        return define(init: EasyDi18Screen()) { [unowned self] screen in
            screen.first = self.typedNoReturnType
            screen.holder = EasyDi18Holder()
            let weakly = { [weak screen] in screen?.second = screen?.first }
            weakly()
            return screen
        }
    }
}

final class EasyDi18SingletonGraphAssembly: Assembly {
    var logger: EasyDi18Object { return define(init: EasyDi18Object()) }
    var holder: EasyDi18Holder {
        return define(scope: .lazySingleton, init: EasyDi18Holder()) {
            $0.logger = self.logger
            return $0
        }
    }
    var screen: EasyDi18Screen {
        return define(init: EasyDi18Screen()) {
            $0.holder = self.holder
            $0.logger = self.logger
            return $0
        }
    }
}

final class EasyDi18WeakStructAssembly: Assembly {
    let log = EasyDi18Log()
    var value: EasyDi18Value {
        return define(scope: .weakSingleton, init: self.log.note("init value", EasyDi18Value()))
    }
}

final class EasyDi18RouterAssembly: Assembly {
    var router: EasyDi18Router {
        return define(scope: .lazySingleton, init: EasyDi18Router()) {
            $0.assembly = self
            return $0
        }
    }
}

final class EasyDi18FakeableAssembly: Assembly {
    var object: EasyDi18Object { return define(init: EasyDi18Object()) }
}

/// A flag singleton that switches a feature by substitution when it is made (EasyDi's doc comment
/// of addSubstitution: "It's usefull to stub objects and make A / B testing").
final class EasyDi18FlagsAssembly: Assembly {
    var flags: EasyDi18Flags {
        return define(scope: .lazySingleton, init: EasyDi18Flags()) {
            if $0.newFeed {
                self.addSubstitution(for: "feed") { EasyDi18NewFeed() as EasyDi18Feed }
            }
            return $0
        }
    }
    var feed: EasyDi18Feed { return define(init: EasyDi18Feed()) }
    var screen: EasyDi18Screen {
        return define(init: EasyDi18Screen()) {
            $0.flags = self.flags
            $0.feed = self.feed
            return $0
        }
    }
}

/// An object that calls back when done, wired in `inject:` closures that capture it in an
/// escaping closure, as EasyDi code does.
final class EasyDi18Callback {
    var onDone: (() -> Void)?
    var runs = 0

    func run() {
        runs += 1
    }
}

final class EasyDi18CallbackAssembly: Assembly {
    /// EasyDi 1.6's form: the closure names its object and returns it.
    var returned: EasyDi18Callback {
        define(init: EasyDi18Callback()) { callback in
            callback.onDone = { callback.run() }
            return callback
        }
    }
    /// No return, `$0` captured.
    var inPlace: EasyDi18Callback {
        define(init: EasyDi18Callback()) {
            let later: () -> Void = { [object = $0] in object.run() }
            $0.onDone = later
        }
    }
    /// A view given to `defineInjection`, captured the same way.
    func inject(into view: EasyDi18Callback) {
        defineInjection(into: view) { view in
            view.onDone = { view.run() }
            return view
        }
    }
}

// MARK: - Differences, as "Coming from EasyDi" names them

/// What EasyDi 1.6 does differently in each case is quoted from its source; each test asserts what
/// Wiring does instead, as the README's "Coming from EasyDi" says.
@Suite("EasyDi18 named differences")
struct EasyDi18DifferenceTests {
    /// EasyDi: `context.weakSingletons[key] = WeakSingletonWrapper(instance: result as AnyObject)`
    /// boxes a struct, the box goes at once, so each read makes a new value. Wiring stops.
    @Test("weakSingleton of a struct: stops, naming the definition and the type")
    func weakSingletonOfAStruct() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = EasyDi18WeakStructAssembly.instance(from: DIContext())
            _ = assembly.value
            edgeWrong("made \(assembly.log.count("init value")) times")
        }
        let text = edgeText(result)
        #expect(
            text.contains(
                "Wiring: EasyDi18WeakStructAssembly.value is a weakSingleton but made "
                    + "EasyDi18Value, not a class"), "\(text)")
    }

    /// EasyDi: `public internal(set) weak var context: DIContext!`: a singleton that keeps its
    /// assembly does not keep the context. In Wiring the assembly holds its context, so the
    /// context and its singletons stay.
    @Test("a lazySingleton that keeps its assembly keeps its context")
    func singletonKeepingItsAssembly() {
        weak var context: DIContext?
        weak var router: EasyDi18Router?
        do {
            let made = DIContext()
            context = made
            router = EasyDi18RouterAssembly.instance(from: made).router
        }
        #expect(context != nil)
        #expect(router != nil)
        router?.assembly = nil  // what the README advises: keep what it needs, not the assembly
        #expect(context == nil)
        #expect(router == nil)
    }

    /// EasyDi's own Test_Patches substitutes with a closure that captures its assembly:
    /// `testAssembly.addSubstitution(for: "testObject") { return testAssembly.define(...) }`; as
    /// the assembly's context is weak there, the context goes when the test drops it. In Wiring
    /// it stays; a substitute that takes the assembly as its parameter lets it go.
    @Test("a substitute that captures its assembly keeps the context; one taking it does not")
    func substituteCapturingItsAssembly() {
        weak var capturing: DIContext?
        weak var taking: DIContext?
        do {
            let made = DIContext()
            capturing = made
            nonisolated(unsafe) let assembly = EasyDi18FakeableAssembly.instance(from: made)
            assembly.addSubstitution(for: "object") { () -> EasyDi18Object in
                let fake = EasyDi18Object()
                fake.number = 1
                withExtendedLifetime(assembly) {}
                return fake
            }
            #expect(assembly.object.number == 1)
        }
        do {
            let made = DIContext()
            taking = made
            let assembly = EasyDi18FakeableAssembly.instance(from: made)
            assembly.addSubstitution(for: "object") { (own: EasyDi18FakeableAssembly) in
                let fake = EasyDi18Object()
                fake.number = own.object.number + 2  // the original's, 0
                return fake
            }
            #expect(assembly.object.number == 2)
        }
        #expect(capturing != nil)
        #expect(taking == nil)
    }

    /// EasyDi: `public static var defaultInstance = DIContext()` is the context's only owner, so
    /// a new one (a logout that resets every singleton) frees the old context and its singletons.
    /// In Wiring a singleton that keeps its assembly keeps the old context.
    @Test("defaultInstance replaced: a singleton that keeps its assembly outlives it")
    func defaultInstanceReplacedKeepsSuchSingletons() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            DIContext.defaultInstance = DIContext()
            weak var router: EasyDi18Router?
            weak var plain: EasyDi18Object?
            router = EasyDi18RouterAssembly.instance().router
            plain = EasyDi18BaseAssembly.instance().service
            DIContext.defaultInstance = DIContext()
            if router == nil || plain == nil {
                edgeWrong("the old context went though a singleton keeps its assembly")
            }
            router?.assembly = nil
            if plain != nil {
                edgeWrong("the old context outlived its last assembly")
            }
            edgeWorked()
        }
        let text = edgeText(result)
        #expect(text.contains("EDGE-WORKS"), "\(text)")
    }

    /// EasyDi: `context.objectGraphStorage[key] = object` runs for every scope, prototypes too, so
    /// a placeholder finds the last prototype injected under its key until the read ends. In
    /// Wiring a prototype is never kept in the graph, so the placeholder stops.
    @Test("prototype injection: a placeholder read after it returns stops")
    func prototypeInjectionIsNotKept() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let assembly = EasyDi18CellAssembly.instance(from: DIContext())
            _ = assembly.both(EasyDi18View(), EasyDi18View())
            edgeWrong("the placeholder found a cell")
        }
        let text = edgeText(result)
        #expect(
            text.contains("placeholder EasyDi18CellAssembly.cell at ")
                && text.contains("has no object injected under that key"), "\(text)")
    }

    /// EasyDi looks a substitution up on every define:
    /// `if let substitutionClosure = context.substitutions[definitionKey]`, so one added while a
    /// read runs serves the rest of that read. In Wiring a read keeps each context's
    /// substitutions as it first found them; the next read gets the new one.
    @Test("a substitution added inside a read serves the next read, not the rest of this one")
    func substitutionAddedInsideARead() {
        let assembly = EasyDi18FlagsAssembly.instance(from: DIContext())
        let screen = assembly.screen
        #expect(screen.feed?.name == "old")
        #expect(assembly.feed.name == "new")
        #expect(assembly.screen.feed?.name == "new")
    }
}

// MARK: - Matches

@Suite("EasyDi18 matches")
struct EasyDi18MatchTests {
    /// EasyDi's `ObjectInjectClosure` takes the object (`(ObjectType) -> ObjectType`), so its
    /// closures may capture it in an escaping closure: the same source compiles and runs.
    @Test("inject: capturing its object in an escaping closure compiles and wires the callback")
    func escapingCapture() {
        let assembly = EasyDi18CallbackAssembly.instance(from: DIContext())
        let view = EasyDi18Callback()
        assembly.inject(into: view)
        for callback in [assembly.returned, assembly.inPlace, view] {
            callback.onDone?()
            #expect(callback.runs == 1)
            callback.onDone = nil  // the strong captures of the EasyDi forms are cycles
        }
    }

    /// EasyDi: `context.objectGraphStorage[key] = object` before `definition.injectObject`.
    @Test("objectGraph cycle: closes, each init and inject runs once, parent first")
    func objectGraphCycle() {
        let assembly = EasyDi18CycleAssembly.instance(from: DIContext())
        let a = assembly.a
        #expect(a.b?.a === a)
        #expect(assembly.log.entries == ["init a", "inject a", "init b", "inject b"])
        assembly.log.entries = []
        let b = assembly.b
        #expect(b.a?.b === b)
        #expect(assembly.log.entries == ["init b", "inject b", "init a", "inject a"])
    }

    /// EasyDi: `scope == .lazySingleton, let singleton = context.singletons[key]` skips both
    /// closures; `scope != .prototype` keeps prototypes out of the graph lookup.
    @Test("scopes: how many times init: and inject: run over two reads each")
    func closureRunsPerScope() {
        let assembly = EasyDi18ScopesAssembly.instance(from: DIContext())
        let lazy = (assembly.lazy, assembly.lazy)
        let weak = (assembly.weak, assembly.weak)
        let proto = (assembly.proto, assembly.proto)
        let graph = (assembly.graph, assembly.graph)
        #expect(lazy.0 === lazy.1 && weak.0 === weak.1)
        #expect(proto.0 !== proto.1 && graph.0 !== graph.1)
        for (name, runs) in [("lazy", 1), ("weak", 1), ("proto", 2), ("graph", 2)] {
            #expect(assembly.log.count("init \(name)") == runs, "\(name)")
            #expect(assembly.log.count("inject \(name)") == runs, "\(name)")
        }
    }

    @Test("scope: a Scope variable of the assembly chooses the scope at run time")
    func scopeFromAVariable() {
        let assembly = EasyDi18ScopesAssembly.instance(from: DIContext())
        #expect(assembly.byChosen === assembly.byChosen)
        let context = DIContext()
        let other = EasyDi18ScopesAssembly.instance(from: context)
        other.chosen = .prototype
        #expect(other.byChosen !== other.byChosen)
    }

    /// EasyDi: the graph holds the weak singleton, so `wrapper.instance` is alive for the second.
    @Test("weakSingleton read twice in one graph, held by nothing else, is one object")
    func weakSingletonTwiceInAGraph() {
        let assembly = EasyDi18ScopesAssembly.instance(from: DIContext())
        let pair = assembly.weakPair
        #expect(pair.first != nil && pair.first === pair.second)
        #expect(assembly.log.count("init weak") == 1)
    }

    /// EasyDi: init runs, then inject, depth first; a prototype is made for each read.
    @Test("order: init then inject, depth first; a prototype made twice in one graph")
    func injectionOrder() {
        let assembly = EasyDi18OrderAssembly.instance(from: DIContext())
        let root = assembly.root
        #expect(root.kids[0].kids[0] !== root.kids[1].kids[0])
        #expect(
            assembly.log.entries == [
                "init root", "inject root", "init left", "inject left", "init leaf",
                "inject leaf", "init right", "inject right", "init leaf", "inject leaf",
                "injected root",
            ])
    }

    /// EasyDi: `guard let finalResult = result as? ResultType`, ResultType being the optional.
    @Test("optional results: made, nil, and a cycle of optionals closes")
    func optionalResults() {
        let assembly = EasyDi18OptionalAssembly.instance(from: DIContext())
        #expect(assembly.object != nil)
        #expect(assembly.none == nil)
        let a = assembly.a
        #expect(a != nil && a?.b?.a === a)
    }

    /// EasyDi: `context.singletons[key] = result` keeps the empty optional, found next time.
    @Test("lazySingleton of an empty optional: made once")
    func emptyOptionalSingleton() {
        let assembly = EasyDi18OptionalAssembly.instance(from: DIContext())
        #expect(assembly.session == nil)
        #expect(assembly.session == nil)
        #expect(assembly.log.count("init session") == 1)
    }

    /// EasyDi: `scope == .lazySingleton, let singleton = context.singletons[key]` returns the
    /// first object given, so the second is neither kept nor injected.
    @Test("defineInjection as a lazySingleton: a second object is not injected")
    func singletonInjection() {
        let assembly = EasyDi18InjectionAssembly.instance(from: DIContext())
        let first = EasyDi18View()
        let second = EasyDi18View()
        assembly.injectOnce(into: first)
        assembly.injectOnce(into: second)
        #expect(first.injected == 1 && second.injected == 0)
    }

    /// EasyDi: an objectGraph injection stays in `objectGraphStorage` until the read ends.
    @Test("objectGraph injection: a placeholder read after it returns finds the view")
    func objectGraphInjectionStaysInTheGraph() {
        let assembly = EasyDi18InjectionAssembly.instance(from: DIContext())
        let view = EasyDi18View()
        let presenter = assembly.screen(view)
        #expect(presenter.view === view && view.injected == 1)
    }

    /// EasyDi: keys are `String(reflecting: self)` + the name, so the subclass's key serves the
    /// base class's `self.service`.
    @Test("subclass: an override without super serves the base class's definitions")
    func overrideServesTheBase() {
        let context = DIContext()
        let sub = EasyDi18SubAssembly.instance(from: context)
        let base = EasyDi18BaseAssembly.instance(from: context)
        #expect(sub.user.first?.number == 13)
        #expect(sub.user.first === sub.service)
        #expect(base.user.first?.number == 0)
    }

    /// EasyDi: `object = definition.injectObject(object: object)` gives what inject returned.
    @Test("inject: returns a decorator of the object, as objectGraph and as lazySingleton")
    func decorator() {
        let assembly = EasyDi18DecoratorAssembly.instance(from: DIContext())
        #expect(assembly.service.name == "logging(network)")
        #expect(assembly.shared.name == "logging(network)")
        #expect(assembly.shared === assembly.shared)
    }

    /// EasyDi keeps a graph per context, but the first context's is still open (depth 1).
    @Test("cycle across two contexts closes")
    func crossContextCycle() {
        let left = EasyDi18LeftAssembly.instance(from: DIContext())
        let right = EasyDi18RightAssembly.instance(from: DIContext())
        left.right = right
        right.left = left
        let a = left.a
        #expect(a.b?.a === a)
    }

    @Test("VIPER module keyed by its argument: the cycle closes per argument")
    func keyedModuleCycle() {
        let assembly = EasyDi18ModuleAssembly.instance(from: DIContext())
        let first = assembly.view("1")
        let second = assembly.view("2")
        #expect(first.presenter?.view === first)
        #expect(second.presenter?.view === second)
        #expect(first.presenter !== second.presenter)
    }

    @Test("inject: typed without a return type, named with a capture list, held weakly")
    func closureForms() {
        let assembly = EasyDi18ClosureFormsAssembly.instance(from: DIContext())
        #expect(assembly.typedNoReturnType.number == 1)
        let screen = assembly.named
        #expect(screen.first?.number == 1 && screen.second === screen.first)
    }

    /// EasyDi: a singleton first made inside a read is made in that read's graph.
    @Test("a lazySingleton first made in a read shares that read's objectGraph objects")
    func singletonMadeInAGraph() {
        let assembly = EasyDi18SingletonGraphAssembly.instance(from: DIContext())
        let first = assembly.screen
        #expect(first.logger != nil && first.logger === first.holder?.logger)
        let second = assembly.screen
        #expect(second.holder === first.holder)
        #expect(second.logger !== second.holder?.logger)
    }
}
