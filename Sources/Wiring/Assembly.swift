// Wiring: dependency injection for Swift in one file. MIT licence.
//
// Assemblies describe objects with computed properties that call `define(...)`. A `DIContext`
// keeps what outlives one read: singletons, substitutions and one assembly of each type. What one
// top-level read makes lives in the reading thread's `Resolution`, one `Graph` per context.
//
// The file reads: scopes → context → assembly → define → substitutions → placeholders → the
// per-thread resolution → diagnostics.
import Foundation

// MARK: - Scopes

/// How long an object made by a definition lives.
public enum Scope: Sendable {
    /// One instance per top-level read, so property cycles close (the default).
    case objectGraph
    /// A new instance on every read, even inside one top-level read.
    case prototype
    /// Made on first read, then kept by the context for as long as the context lives.
    case lazySingleton
    /// Shared while something else holds it; made anew once it has been released.
    case weakSingleton

    @usableFromInline var isSingleton: Bool { self == .lazySingleton || self == .weakSingleton }
}

// MARK: - Context

/// Keeps singletons, substitutions and one assembly of each type; isolates them from other contexts.
///
/// A context lives while you hold it or any of its assemblies. It keeps its assemblies only while
/// something else holds them, and it keeps singletons and substitutions for as long as it lives,
/// so what it keeps must not hold one of its assemblies: a substitution that needs another
/// definition takes the assembly as its parameter instead of capturing it.
public final class DIContext: @unchecked Sendable {
    /// The context that `Assembly.instance()` uses when no other is current. Settable, as in
    /// EasyDi: tests may give each case a fresh default.
    public static var defaultInstance: DIContext {
        get { DefaultContext.lock.withLock { DefaultContext.current } }
        set { DefaultContext.lock.withLock { DefaultContext.current = newValue } }
    }

    let trace: (@Sendable (TraceEvent) -> Void)?
    /// Guards `tables`; never held while user code runs.
    let lock = NSLock()
    var tables = Tables()
    /// Held while a singleton is made, so each is made once; recursive, as one may need others.
    @usableFromInline let creation = NSRecursiveLock()

    /// Makes an isolated context; `trace`, if given, hears of every resolution.
    ///
    /// - Parameter trace: Called on the resolving thread after each definition is read.
    public init(trace: (@Sendable (TraceEvent) -> Void)? = nil) {
        self.trace = trace
    }

    /// The one assembly of type `A` in this context, made on first use.
    public func assembly<A: Assembly>() -> A {
        instance(for: A.self) as! A
    }

    /// The one assembly of type `type` in this context, made on first use.
    ///
    /// Making an assembly never waits for a singleton being made: two threads that ask at once
    /// may both make one, and both get the one that was kept.
    public func instance(for type: Assembly.Type) -> Assembly {
        let id = ObjectIdentifier(type)
        if let existing = lock.withLock({ tables.assemblies[id]?.object }) {
            return existing as! Assembly
        }
        let resolution = Resolution.current()
        let outer = resolution.making
        resolution.making = self
        let made = type.init()
        resolution.making = outer
        return lock.withLock {
            if let kept = tables.assemblies[id]?.object {
                return kept as! Assembly
            }
            tables.assemblies[id] = WeakBox(made)
            return made
        }
    }

    /// What a context keeps between reads; `lock` guards every field.
    struct Tables {
        var singletons: [DefinitionID: Kept] = [:]
        var substitutions: [DefinitionID: Substitution] = [:]
        /// Singletons made by a substitution, dropped with it.
        var substitutedSingletons: [DefinitionID: Kept] = [:]
        var assemblies: [ObjectIdentifier: WeakBox] = [:]
    }

    /// The singleton kept for `id` (or for its substitution), if any and (if weak) still alive.
    @usableFromInline func singleton(_ id: DefinitionID, substituted: Bool) -> Any? {
        lock.withLock {
            substituted ? tables.substitutedSingletons[id]?.value : tables.singletons[id]?.value
        }
    }

    /// The singleton a top-level read can return without starting a graph.
    @usableFromInline func unsubstitutedSingleton(_ id: DefinitionID) -> Any? {
        lock.withLock {
            guard tables.substitutions.isEmpty || tables.substitutions[id] == nil else {
                return nil
            }
            return tables.singletons[id]?.value
        }
    }

    /// Keeps a new singleton; a weak one only as long as something else holds it.
    func keep(_ value: Any, for id: DefinitionID, scope: Scope, substituted: Bool) {
        guard scope == .lazySingleton || type(of: value) is AnyObject.Type else {
            wiringFailure("\(id) is a weakSingleton but made \(type(of: value)), not a class")
        }
        let kept = scope == .lazySingleton ? Kept.strong(value) : .weak(WeakBox(value as AnyObject))
        lock.withLock {
            if substituted {
                tables.substitutedSingletons[id] = kept
            } else {
                tables.singletons[id] = kept
            }
        }
    }

    /// How a singleton is kept.
    enum Kept {
        case strong(Any)
        case weak(WeakBox)

        var value: Any? {
            switch self {
            case .strong(let value): value
            case .weak(let box): box.object
            }
        }
    }
}

/// Holds an assembly or a weak singleton without keeping it alive.
final class WeakBox {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}

/// Holds the settable `DIContext.defaultInstance`; `lock` guards `current`.
enum DefaultContext {
    static let lock = NSLock()
    nonisolated(unsafe) static var current = DIContext()
}

/// One resolution step, as reported to a context's trace hook.
public struct TraceEvent: Sendable {
    /// The definition read, as `Assembly.key`.
    public let definition: String
    /// Its scope.
    public let scope: Scope
    /// How many definitions were being read around it (0 for a top-level read).
    public let depth: Int
    /// The definition that asked for it, if any.
    public let parent: String?
    /// True when the object was made by this read, false when it was found.
    public let created: Bool
    /// True when a substitution gave the object.
    public let substituted: Bool
}

// MARK: - Assembly

/// Base class of assemblies: subclass it and describe objects with `define(...)`.
///
/// ```swift
/// final class ServiceAssembly: Assembly {
///     var client: APIClient { define(init: HTTPClient()) { $0.baseURL = self.baseURL } }
///     var baseURL: URL { define(init: URL(string: "https://xkcd.com")!) }
/// }
/// ```
open class Assembly {
    /// The context this assembly belongs to; holding the assembly keeps the context alive.
    public let context: DIContext

    /// Binds the new assembly to the context making it; prefer `instance(from:)`.
    public required init() {
        context = Resolution.current().currentContext ?? DIContext.defaultInstance
    }

    /// The assembly of this type in `context`.
    ///
    /// - Parameter context: The context to use; if `nil`, the context whose assembly or
    ///   definition is being made on this thread, else `DIContext.defaultInstance`.
    public static func instance(from context: DIContext? = nil) -> Self {
        let context = context ?? Resolution.current().currentContext ?? .defaultInstance
        return context.instance(for: self) as! Self
    }
}

// MARK: - Define

extension Assembly {
    /// Defines an object made by `make` and returned as `Result` (often a protocol).
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    @inlinable public final func define<Object, Result>(
        key: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object
    ) -> Result {
        resolve(key, scope, make) { _ in }
    }

    /// Defines an object made by `make` and given its dependencies by `inject`.
    ///
    /// `inject` changes the object in place (`{ $0.client = self.client }`) or returns it, as
    /// EasyDi does (`{ $0.client = self.client; return $0 }`); a value it returns is the result.
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    ///   - inject: Sets the object's dependencies, by reading other definitions.
    @inlinable public final func define<Object, Result, Returned>(
        key: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Result {
        resolve(key, scope, make) { object in
            let returned = inject(&object)
            if Returned.self == Object.self {
                object = returned as! Object
            }
        }
    }

    /// Defines an object with an `inject` that takes it and returns it: a typed closure
    /// (`{ (o: X) -> X in …; return o }`) or a function.
    @_disfavoredOverload
    @inlinable public final func define<Object, Result>(
        key: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (Object) -> Object
    ) -> Result {
        resolve(key, scope, make) { $0 = inject($0) }
    }

    /// Injects into an object made elsewhere (a view, say); placeholders find it by `key`.
    ///
    /// - Returns: The object after injection.
    @inlinable @discardableResult public final func defineInjection<Object, Returned>(
        key: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Object {
        define(key: key, scope: scope, init: object(), inject: inject)
    }

    /// Injects into an object made elsewhere with a typed closure or a function.
    @_disfavoredOverload
    @inlinable @discardableResult public final func defineInjection<Object>(
        key: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object,
        inject: (Object) -> Object
    ) -> Object {
        define(key: key, scope: scope, init: object(), inject: inject)
    }

    /// Makes an object made elsewhere available to placeholders under `key`, injecting nothing.
    @inlinable @discardableResult public final func defineInjection<Object>(
        key: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object
    ) -> Object {
        define(key: key, scope: scope, init: object())
    }

    /// Reads a definition: from the graph under way, a substitution, the context's singletons, or
    /// by making it. Everything generic happens here, so the compiler sees the types.
    @inlinable final func resolve<Object, Result>(
        _ key: String,
        _ scope: Scope,
        _ make: () -> Object,
        _ inject: (inout Object) -> Void
    ) -> Result {
        let id = DefinitionID(type(of: self), key)
        let context = self.context
        let resolution = Resolution.current()
        if resolution.probe != nil,
            let served = resolution.serveProbe(id, scope, Result.self, context)
        {
            return cast(served, id, substituted: true)
        }
        if scope.isSingleton && resolution.depth == 0,
            let kept = context.unsubstitutedSingleton(id)
        {
            return cast(kept, id, substituted: false)
        }
        resolution.enter(context, id, scope)
        defer { resolution.leave() }
        if let found = resolution.existing(id, scope) {
            return cast(found, id, substituted: false)
        }
        if let substituted = resolution.substitute(id, scope) {
            return cast(substituted, id, substituted: true)
        }
        if scope.isSingleton {
            if let kept = context.singleton(id, substituted: false) {
                return cast(resolution.found(kept), id, substituted: false)
            }
            context.creation.lock()
        }
        defer {
            if scope.isSingleton {
                context.creation.unlock()
            }
        }
        if scope.isSingleton, let kept = context.singleton(id, substituted: false) {
            return cast(resolution.found(kept), id, substituted: false)  // made meanwhile
        }
        resolution.starting(id, scope)
        var object = make()
        resolution.made(object, id, scope)
        inject(&object)
        let result: Result = cast(object, id, substituted: false)
        resolution.finished(result, id, scope)
        return result
    }

    /// `value` as `R`: free when the compiler knows the types, else a cast that must succeed.
    @inlinable final func cast<T, R>(_ value: T, _ id: DefinitionID, substituted: Bool) -> R {
        if let result = value as? R {
            return result
        }
        let source = substituted ? "its substitution" : "its definition"
        wiringFailure("\(id) is declared as \(R.self) but \(source) made \(type(of: value))")
    }
}

/// Names a definition: the assembly's type and the key, `#function` unless given.
@usableFromInline struct DefinitionID: Hashable, CustomStringConvertible {
    let assembly: Assembly.Type
    let key: String
    /// Hashed once here; dictionaries then hash this one number.
    let hash: Int

    @usableFromInline init(_ assembly: Assembly.Type, _ key: String) {
        self.assembly = assembly
        self.key = key
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(assembly))
        hasher.combine(key)
        hash = hasher.finalize()
    }

    @usableFromInline var description: String { "\(assembly).\(key)" }

    @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.assembly == rhs.assembly && lhs.key == rhs.key
    }

    @usableFromInline func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// EasyDi's name for what a definition makes: anything.
public typealias InjectableObject = Any
/// EasyDi's name for a closure that makes an object.
public typealias ObjectInitClosure<Object> = () -> Object
/// EasyDi's name for an `inject:` closure that takes the object and returns it.
public typealias ObjectInjectClosure<Object> = (Object) -> Object
/// EasyDi's name for a closure that makes a substitute.
public typealias SubstitutionClosure<Object> = () -> Object

// MARK: - Substitutions

/// Makes a substitute; given the context, so it need not capture one of its assemblies.
typealias Substitution = (DIContext) -> Any

extension Assembly {
    /// Makes the definition named `key` return `make()` until removed (tests, A/B switches).
    ///
    /// The context keeps `make`: if it captures an assembly of the same context, the context
    /// is never freed. To reach another definition, take its assembly as the closure's parameter.
    public func addSubstitution<Value>(for key: String, with make: @escaping () -> Value) {
        substitute(DefinitionID(type(of: self), key)) { _ in make() }
    }

    /// Makes the definition named `key` return what `make` gives, called with the assembly of
    /// type `Other` in this context: `addSubstitution(for: "feature") { (v2: V2Assembly) in v2.feature }`.
    public func addSubstitution<Value, Other: Assembly>(
        for key: String,
        with make: @escaping (Other) -> Value
    ) {
        substitute(DefinitionID(type(of: self), key)) { make($0.assembly()) }
    }

    /// Restores the original definition named `key`, with its cached singleton.
    public func removeSubstitution(for key: String) {
        substitute(DefinitionID(type(of: self), key), nil)
    }

    /// Sets or removes a substitution; a substituted singleton is made anew by the next one.
    func substitute(_ id: DefinitionID, _ make: Substitution?, singleton: Any? = nil) {
        let replaced = context.lock.withLock {
            let replaced = (
                context.tables.substitutions[id], context.tables.substitutedSingletons[id]
            )
            context.tables.substitutions[id] = make
            context.tables.substitutedSingletons[id] = singleton.map(DIContext.Kept.strong)
            return replaced
        }
        withExtendedLifetime(replaced) {}  // released here, unlocked: a deinit may resolve
    }
}

/// Gives assemblies compile-checked substitutions: `addSubstitution(for: \.apiClient) { Fake() }`.
public protocol KeyPathSubstitutable: AnyObject {}

extension Assembly: KeyPathSubstitutable {}

extension KeyPathSubstitutable where Self: Assembly {
    /// Makes the definition behind `keyPath` return `make()` until removed.
    ///
    /// The first use of a key path on an assembly type reads it once, with `make` serving the
    /// read, to learn which definition it names.
    public func addSubstitution<Value>(
        for keyPath: KeyPath<Self, Value>,
        file: StaticString = #fileID,
        line: UInt = #line,
        with make: @escaping () -> Value
    ) {
        substitute(keyPath, file, line) { _ in make() }
    }

    /// Makes the definition behind `keyPath` return what `make` gives, called with the assembly
    /// of type `Other` in this context.
    public func addSubstitution<Value, Other: Assembly>(
        for keyPath: KeyPath<Self, Value>,
        file: StaticString = #fileID,
        line: UInt = #line,
        with make: @escaping (Other) -> Value
    ) {
        substitute(keyPath, file, line) { make($0.assembly()) }
    }

    /// Restores the definition behind `keyPath`.
    public func removeSubstitution<Value>(for keyPath: KeyPath<Self, Value>) {
        if let key = KeyPathKeys.key(keyPath, type(of: self)) {
            removeSubstitution(for: key)
        }
    }

    func substitute<Value>(
        _ keyPath: KeyPath<Self, Value>,
        _ file: StaticString,
        _ line: UInt,
        _ make: @escaping Substitution
    ) {
        if let key = KeyPathKeys.key(keyPath, type(of: self)) {
            return substitute(DefinitionID(type(of: self), key), make)
        }
        let resolution = Resolution.current()
        let probe = Probe(depth: resolution.depth, type: ObjectIdentifier(Value.self), make: make)
        resolution.probe = probe
        _ = self[keyPath: keyPath]
        resolution.probe = nil
        guard let id = probe.id else {
            wiringFailure(
                "the key path given to addSubstitution(for:) at \(file):\(line) is not a definition: "
                    + "its getter calls no define(...) that returns \(Value.self)")
        }
        KeyPathKeys.remember(keyPath, type(of: self), id.key)
        substitute(id, make, singleton: probe.scope.isSingleton ? probe.value : nil)
    }
}

/// Which definition a key path names, learnt by a probe read. Process-wide; `lock` guards `keys`.
enum KeyPathKeys {
    static let lock = NSLock()
    nonisolated(unsafe) static var keys: [Pair: String] = [:]

    /// A key path as used on one assembly type: a base class's key path names a definition of
    /// each subclass.
    struct Pair: Hashable {
        let keyPath: AnyKeyPath
        let assembly: ObjectIdentifier
    }

    static func key(_ keyPath: AnyKeyPath, _ assembly: Assembly.Type) -> String? {
        lock.withLock { keys[Pair(keyPath: keyPath, assembly: ObjectIdentifier(assembly))] }
    }

    static func remember(_ keyPath: AnyKeyPath, _ assembly: Assembly.Type, _ key: String) {
        lock.withLock { keys[Pair(keyPath: keyPath, assembly: ObjectIdentifier(assembly))] = key }
    }
}

/// A key path's probe read: the getter's last `define` at the probe's depth whose result has the
/// key path's type is its definition, served by the substitute.
@usableFromInline final class Probe {
    let depth: Int
    let type: ObjectIdentifier
    let make: Substitution
    var id: DefinitionID?
    var scope = Scope.objectGraph
    var value: Any?

    init(depth: Int, type: ObjectIdentifier, make: @escaping Substitution) {
        self.depth = depth
        self.type = type
        self.make = make
    }
}

// MARK: - Placeholders

extension Assembly {
    /// Returns the object injected under this key in the current graph (VIPER views, say).
    ///
    /// - Parameter key: The key the object was injected under; the calling property's name by
    ///   default.
    @inlinable public final func definePlaceholder<Result>(key: String = #function) -> Result {
        let make = { () -> Result in
            wiringFailure(
                "placeholder \(type(of: self)).\(key) has no object injected under that key in the "
                    + "current graph; call defineInjection(key:into:) first, in the same resolution"
            )
        }
        return resolve(key, .objectGraph, make) { _ in }
    }
}

// MARK: - Resolution

/// What one thread is reading: the define calls under way (`frames`, innermost last) and one
/// graph per context they reached. Only its own thread touches it; the top-level read's end
/// empties it.
@usableFromInline final class Resolution {
    /// A define call under way.
    struct Frame {
        let id: DefinitionID
        let scope: Scope
        let context: ObjectIdentifier
        var substituted = false
    }

    @usableFromInline var depth = 0
    var frames: [Frame] = []
    /// The graph of the innermost frame's context.
    var graph: Graph?
    /// Every graph of the read under way, by context.
    var graphs: [ObjectIdentifier: Graph] = [:]
    /// The context whose assembly is being made on this thread.
    var making: DIContext?
    @usableFromInline var probe: Probe?
    /// Below this address the thread's stack is nearly used up.
    let stackLimit = Resolution.stackLimit()

    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { Resolution.release($0) }
        return key
    }()

    static func release(_ raw: UnsafeMutableRawPointer?) {
        if let raw {
            Unmanaged<Resolution>.fromOpaque(raw).release()
        }
    }

    /// This thread's resolution, made on its first read.
    @usableFromInline static func current() -> Resolution {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Resolution>.fromOpaque(raw).takeUnretainedValue()
        }
        let resolution = Resolution()
        pthread_setspecific(key, Unmanaged.passRetained(resolution).toOpaque())
        return resolution
    }

    /// The context an assembly made now belongs to, if this thread is making or reading one.
    var currentContext: DIContext? { making ?? graph?.context }

    /// Starts a define call in `context`: joins or starts that context's graph.
    @usableFromInline func enter(_ context: DIContext, _ id: DefinitionID, _ scope: Scope) {
        var marker = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if address < stackLimit {
            wiringFailure(
                "definitions nested \(depth) deep have used up the thread's stack, ending with "
                    + "\(frames.suffix(4).map { "\($0.id)" }.joined(separator: " → ")) → \(id); "
                    + "a definition or substitution that reads itself forever?")
        }
        let contextID = ObjectIdentifier(context)
        if graph?.context !== context {
            graph = graphs[contextID] ?? startGraph(context)
        }
        frames.append(Frame(id: id, scope: scope, context: contextID))
        depth += 1
    }

    func startGraph(_ context: DIContext) -> Graph {
        let graph = Graph(context, context.lock.withLock { context.tables.substitutions })
        graphs[ObjectIdentifier(context)] = graph
        return graph
    }

    /// Ends a define call; the top-level one's end lets go of everything the read made.
    @usableFromInline func leave() {
        frames.removeLast()
        depth -= 1
        if let outer = frames.last {
            if outer.context != ObjectIdentifier(graph!.context) {
                graph = graphs[outer.context]
            }
            return
        }
        let ended = graphs
        graphs = [:]
        graph = nil
        withExtendedLifetime(ended) {}  // released here: a deinit that reads starts a fresh read
    }

    /// What the graph holds for `id`, a cycle that cannot close, or nothing.
    @usableFromInline func existing(_ id: DefinitionID, _ scope: Scope) -> Any? {
        let graph = graph!
        if scope == .prototype {
            let loop = frames.dropLast().reversed().prefix { $0.scope == .prototype }
            if loop.contains(where: { $0.id == id }) {
                wiringCycle(frames.dropLast().map(\.id), id, advice: Self.prototypeAdvice)
            }
            return nil
        }
        switch graph.objects[id] {
        case .making: wiringCycle(frames.dropLast().map(\.id), id, advice: Self.initAdvice)
        case .made(let object): return found(object)
        case nil: return nil
        }
    }

    static let initAdvice = "set one side in inject: instead of init:"
    static let prototypeAdvice = "prototypes always make new ones; make one of them objectGraph"

    /// Reports a found object to the trace hook and returns it.
    @usableFromInline func found(_ object: Any) -> Any {
        report(created: false)
        return object
    }

    /// What the graph's substitution of `id` gives, if it has one. Read from inside its own
    /// substitute, a definition gives the original, which the substitute may wrap.
    @usableFromInline func substitute(_ id: DefinitionID, _ scope: Scope) -> Any? {
        let graph = graph!
        guard !graph.substitutions.isEmpty, let make = graph.substitutions[id] else {
            return nil
        }
        if let made = graph.substitutes[id] {
            return found(made)
        }
        let caller = frames.dropLast().last
        if caller?.id == id && caller?.substituted == true {
            return nil
        }
        frames[frames.count - 1].substituted = true
        if scope.isSingleton {
            graph.context.creation.lock()
        }
        defer {
            if scope.isSingleton {
                graph.context.creation.unlock()
            }
        }
        if scope.isSingleton, let kept = graph.context.singleton(id, substituted: true) {
            return found(kept)
        }
        let made = make(graph.context)
        if scope != .prototype {
            graph.substitutes[id] = made
        }
        if scope.isSingleton {
            graph.context.keep(made, for: id, scope: scope, substituted: true)
        }
        report(created: true)
        return made
    }

    /// Serves a probe read's definition with the substitute; `nil` for any other define call.
    @usableFromInline func serveProbe(
        _ id: DefinitionID,
        _ scope: Scope,
        _ type: Any.Type,
        _ context: DIContext
    ) -> Any? {
        guard let probe, probe.depth == depth, probe.type == ObjectIdentifier(type) else {
            return nil
        }
        self.probe = nil  // what the substitute reads is read as usual
        let value = probe.make(context)
        self.probe = probe
        probe.id = id
        probe.scope = scope
        probe.value = value
        return value
    }

    /// Marks `id` as being made: asked for again before `make` returns, it is a cycle.
    @usableFromInline func starting(_ id: DefinitionID, _ scope: Scope) {
        if scope != .prototype {
            graph!.objects[id] = .making
        }
    }

    /// Keeps a new object in the graph before its injection, so property cycles find it.
    @usableFromInline func made(_ object: Any, _ id: DefinitionID, _ scope: Scope) {
        if scope != .prototype {
            graph!.objects[id] = .made(object)
        }
    }

    /// Keeps the injected result (inject may change a value or return another instance).
    @usableFromInline func finished(_ result: Any, _ id: DefinitionID, _ scope: Scope) {
        let graph = graph!
        if scope != .prototype {
            graph.objects[id] = .made(result)
        }
        if scope.isSingleton {
            graph.context.keep(result, for: id, scope: scope, substituted: false)
        }
        report(created: true)
    }

    func report(created: Bool) {
        guard let trace = graph!.context.trace else {
            return
        }
        let frame = frames[frames.count - 1]
        let parent = frames.dropLast().last.map { "\($0.id)" }
        let event = TraceEvent(
            definition: "\(frame.id)", scope: frame.scope, depth: frames.count - 1,
            parent: parent, created: created, substituted: frame.substituted)
        trace(event)
    }

    /// The lowest address this thread's stack may reach before a define stops the program:
    /// `stackReserve` above the bottom, or 0 where the bottom cannot be learnt.
    static func stackLimit() -> UInt {
        #if canImport(Darwin)
            let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
            let bottom = top - UInt(pthread_get_stacksize_np(pthread_self()))
        #else
            // glibc and musl have pthread_getattr_np, which Swift's Glibc module does not show.
            typealias GetAttributes =
                @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else {
                return 0
            }
            let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else {
                return 0
            }
            var base: UnsafeMutableRawPointer?
            var size = 0
            pthread_attr_getstack(&attributes, &base, &size)
            pthread_attr_destroy(&attributes)
            let bottom = UInt(bitPattern: base)
        #endif
        return bottom == 0 ? 0 : bottom + stackReserve
    }

    /// Stack kept free for the code between two define calls and for the message.
    static let stackReserve: UInt = 128 * 1024
}

/// The objects one top-level read made in one context, and the substitutions it began with.
final class Graph {
    enum Entry {
        case making
        case made(Any)
    }

    let context: DIContext
    let substitutions: [DefinitionID: Substitution]
    var objects: [DefinitionID: Entry] = [:]
    /// What substitutions made in this graph.
    var substitutes: [DefinitionID: Any] = [:]

    init(_ context: DIContext, _ substitutions: [DefinitionID: Substitution]) {
        self.context = context
        self.substitutions = substitutions
    }
}

// MARK: - Diagnostics

/// Stops with a message that names what went wrong; also in release builds.
@usableFromInline func wiringFailure(_ message: String) -> Never {
    fatalError("Wiring: " + message)
}

/// Stops on a cycle, naming the definitions from the first request of `id` to the repeated one.
func wiringCycle(_ path: [DefinitionID], _ id: DefinitionID, advice: String) -> Never {
    let start = path.lastIndex(of: id) ?? 0
    let names = (path[start...] + [id]).map { "\($0)" }
    wiringFailure(
        "cycle that cannot close: \(names.joined(separator: " → ")) is asked for again before it "
            + "is made; \(advice)")
}
