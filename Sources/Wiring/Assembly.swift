// Wiring: dependency injection for Swift in one file. MIT licence.
//
// Assemblies describe objects with computed properties that call `define(...)`. A `DIContext`
// keeps what outlives one read: singletons, substitutions and one assembly of each type. What a
// top-level read makes lives in the reading thread's `Resolution`, in one `Graph` per context,
// and is let go when the read returns.
//
// The file reads: scopes → context → assembly → define → substitutions → placeholders → the
// per-thread resolution → diagnostics. Internal types are nested in `DIContext`, so a copy of
// this file adds no names to a module but the public ones and three `wiring…` functions.
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

/// Keeps singletons, substitutions and one assembly of each type, apart from other contexts.
///
/// A context lives while you hold it or one of its assemblies. It holds its assemblies only
/// while something else does, and its singletons and substitutions for as long as it lives: so
/// nothing it keeps may hold one of its assemblies, or it lives forever. A substitute that needs
/// another definition takes that definition's assembly as its parameter instead of capturing it.
public final class DIContext: @unchecked Sendable {
    /// The context that `Assembly.instance()` uses when no other is current. Settable, as in
    /// EasyDi, so that each test may start from a fresh one.
    public static var defaultInstance: DIContext {
        get { Default.lock.withLock { Default.context } }
        set {
            let replaced = Default.lock.withLock {
                let replaced = Default.context
                Default.context = newValue
                return replaced
            }
            withExtendedLifetime(replaced) {}  // released here, unlocked: its deinits may resolve
        }
    }

    @usableFromInline let trace: (@Sendable (TraceEvent) -> Void)?
    /// Guards `tables`; never held while user code runs.
    let lock = NSLock()
    @exclusivity(unchecked) var tables = Tables()
    /// Held while a singleton of any context is made, so that each is made once, and singletons
    /// of two contexts that need each other cannot deadlock; recursive, as one may need others.
    @usableFromInline static let creation = NSRecursiveLock()

    /// Makes an isolated context.
    ///
    /// - Parameter trace: If given, hears of every definition read, on the reading thread.
    public init(trace: (@Sendable (TraceEvent) -> Void)? = nil) {
        self.trace = trace
    }

    /// The one assembly of type `A` in this context, made on first use.
    public func assembly<A: Assembly>() -> A {
        instance(for: A.self) as! A
    }

    /// The one assembly of type `type` in this context, made on first use.
    ///
    /// Getting an assembly never waits for a singleton being made. Two threads asking at once
    /// may both make one; both get the one that is kept.
    public func instance(for type: Assembly.Type) -> Assembly {
        let id = ObjectIdentifier(type)
        if let kept = lock.withLock({ tables.assemblies[id]?.object }) {
            return kept as! Assembly
        }
        let resolution = Resolution.current()
        resolution.startMaking(type, in: self)
        let made = type.init()
        resolution.making.removeLast()
        return lock.withLock {
            if let kept = tables.assemblies[id]?.object {
                return kept as! Assembly
            }
            tables.assemblies[id] = WeakBox(made)
            return made
        }
    }

    /// What a context keeps between reads; `lock` guards it.
    struct Tables {
        var singletons: [DefinitionID: Kept] = [:]
        var substitutions: [DefinitionID: Substitution] = [:]
        var assemblies: [ObjectIdentifier: WeakBox] = [:]
    }

    /// The singleton kept for `id`, or by its substitution, if it is alive.
    @usableFromInline func singleton(_ id: DefinitionID, of substitution: Substitution?) -> Any? {
        lock.lock()
        defer { lock.unlock() }
        return substitution == nil ? tables.singletons[id]?.value : substitution?.made?.value
    }

    /// The singleton a top-level read returns without starting a graph, if not substituted.
    @usableFromInline func unsubstitutedSingleton(_ id: DefinitionID) -> Any? {
        lock.lock()
        defer { lock.unlock() }
        guard tables.substitutions.isEmpty || tables.substitutions[id] == nil else {
            return nil
        }
        return tables.singletons[id]?.value
    }

    /// Keeps a new singleton, in the context or in the substitution that made it.
    func keep(_ value: Any, _ id: DefinitionID, _ scope: Scope, by substitution: Substitution?) {
        guard scope == .lazySingleton || type(of: value) is AnyObject.Type else {
            wiringFailure("\(id) is a weakSingleton but made \(type(of: value)), not a class")
        }
        let kept = Kept(value, weakly: scope == .weakSingleton)
        lock.withLock {
            if let substitution {
                substitution.made = kept
            } else {
                tables.singletons[id] = kept
            }
        }
    }

    /// A singleton, held strongly, or weakly for a `weakSingleton`.
    final class Kept {
        let strong: Any?
        weak var weak: AnyObject?

        init(_ value: Any, weakly: Bool) {
            strong = weakly ? nil : value
            weak = weakly ? value as AnyObject : nil
        }

        var value: Any? { strong ?? weak }
    }

    /// Holds an assembly without keeping it alive.
    final class WeakBox {
        weak var object: AnyObject?

        init(_ object: AnyObject) {
            self.object = object
        }
    }

    /// The settable default context; `lock` guards `context`.
    enum Default {
        static let lock = NSLock()
        nonisolated(unsafe) static var context = DIContext()
    }
}

/// One definition read, as reported to a context's trace hook.
public struct TraceEvent: Sendable {
    /// The definition read, as `Assembly.key`.
    public let definition: String
    /// Its scope.
    public let scope: Scope
    /// How many definitions were being read around it (0 for a top-level read).
    public let depth: Int
    /// The definition that asked for it, if any.
    public let parent: String?
    /// True when this read made the object, false when it found it.
    public let created: Bool
    /// True when a substitution gave the object.
    public let substituted: Bool
}

// MARK: - Assembly

/// Base class of assemblies: subclass it and describe objects with `define(...)`.
///
/// ```swift
/// final class ServiceAssembly: Assembly {
///     var baseURL: URL { define(init: URL(string: "https://xkcd.com")!) }
///     var client: APIClient { define(init: HTTPClient()) { $0.baseURL = self.baseURL } }
/// }
/// ```
open class Assembly {
    /// The context this assembly belongs to; holding the assembly keeps the context alive.
    public let context: DIContext

    /// Binds the new assembly to the current context; prefer `instance(from:)`.
    public required init() {
        context = DIContext.Resolution.current().currentContext ?? .defaultInstance
    }

    /// The assembly of this type in `context`.
    ///
    /// - Parameter context: The context; if `nil`, the one whose assembly or definition this
    ///   thread is making (so a stored property `let other = Other.instance()` of an assembly
    ///   shares its context), else `DIContext.defaultInstance`.
    public static func instance(from context: DIContext? = nil) -> Self {
        let context = context ?? DIContext.Resolution.current().currentContext ?? .defaultInstance
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
        resolve(key, scope, make, substitutable: true) { _ in }
    }

    /// Defines an object made by `make` and given its dependencies by `inject`.
    ///
    /// `inject` changes the object in place (`{ $0.client = self.client }`) or returns it, as
    /// in EasyDi (`{ $0.client = self.client; return $0 }`); what it returns is the result.
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    ///   - inject: Sets the object's dependencies by reading other definitions.
    @inlinable public final func define<Object, Result, Returned>(
        key: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Result {
        resolve(key, scope, make, substitutable: true) { Self.apply(inject, to: &$0) }
    }

    /// Defines an object with an `inject` that takes the object and returns it: a typed closure
    /// (`{ (o: X) -> X in …; return o }`) or a function.
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    ///   - inject: Sets the object's dependencies and returns the result.
    @_disfavoredOverload
    @inlinable public final func define<Object, Result>(
        key: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (Object) -> Object
    ) -> Result {
        resolve(key, scope, make, substitutable: true) { $0 = inject($0) }
    }

    /// Injects into an object made elsewhere (a view, say); placeholders find it by `key`.
    ///
    /// - Parameters:
    ///   - key: The name placeholders find the object by; the calling function's by default.
    ///   - scope: How long the object lives.
    ///   - object: The object.
    ///   - inject: Sets its dependencies, in place or returning the result.
    /// - Returns: The object after injection.
    @inlinable @discardableResult public final func defineInjection<Object, Returned>(
        key: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Object {
        resolve(key, scope, object, substitutable: false) { Self.apply(inject, to: &$0) }
    }

    /// Injects into an object made elsewhere with a typed closure or a function.
    ///
    /// - Parameters:
    ///   - key: The name placeholders find the object by; the calling function's by default.
    ///   - scope: How long the object lives.
    ///   - object: The object.
    ///   - inject: Sets its dependencies and returns the result.
    /// - Returns: The object after injection.
    @_disfavoredOverload
    @inlinable @discardableResult public final func defineInjection<Object>(
        key: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object,
        inject: (Object) -> Object
    ) -> Object {
        resolve(key, scope, object, substitutable: false) { $0 = inject($0) }
    }

    /// Makes an object made elsewhere available to placeholders under `key`, injecting nothing.
    ///
    /// - Parameters:
    ///   - key: The name placeholders find the object by; the calling function's by default.
    ///   - scope: How long the object lives.
    ///   - object: The object.
    /// - Returns: The object.
    @inlinable @discardableResult public final func defineInjection<Object>(
        key: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object
    ) -> Object {
        resolve(key, scope, object, substitutable: false) { _ in }
    }

    /// Runs an `inject:` closure on `object`; a value of the object's type it returns replaces it.
    @inlinable static func apply<Object, Returned>(
        _ inject: (inout Object) -> Returned,
        to object: inout Object
    ) {
        let returned = inject(&object)
        if Returned.self == Object.self {
            object = returned as! Object
        }
    }

    /// Reads a definition: from the graph under way, a substitution, the context's singletons,
    /// or by making it. The one generic step, so the compiler sees the types. An object injected
    /// with `defineInjection` is never `substitutable`: a substitution of its key serves the
    /// placeholders that read it, while the object given is injected all the same.
    @inlinable final func resolve<Object, Result>(
        _ key: String,
        _ scope: Scope,
        _ make: () -> Object,
        substitutable: Bool,
        _ inject: (inout Object) -> Void
    ) -> Result {
        let context = self.context
        let resolution = DIContext.Resolution.current()
        let id = DIContext.DefinitionID(type(of: self), key)
        if resolution.probe != nil,
            let served = resolution.serveProbe(id, scope, Result.self, context)
        {
            return cast(served, id, "its substitution")
        }
        if scope.isSingleton && resolution.depth == 0 && context.trace == nil,
            let kept = context.unsubstitutedSingleton(id)
        {
            return cast(kept, id, "its definition")
        }
        let record = resolution.record(id, context)
        resolution.enter(context, id, scope)
        defer { resolution.leave() }
        if substitutable, let substitute = resolution.substitute(id, scope) {
            return cast(substitute, id, "its substitution")
        }
        if let found = resolution.existing(record, scope) {
            return cast(found, id, "its definition")
        }
        if scope.isSingleton {
            if let kept = context.singleton(id, of: nil) {
                return cast(resolution.found(kept), id, "its definition")
            }
            DIContext.creation.lock()
        }
        defer {
            if scope.isSingleton {
                DIContext.creation.unlock()
            }
        }
        if scope.isSingleton, let kept = context.singleton(id, of: nil) {
            return cast(resolution.found(kept), id, "its definition")  // made meanwhile
        }
        let slot = resolution.starting(record, scope)
        var object = make()
        slot?.object = object  // before injection, so that property cycles find it
        inject(&object)
        let result: Result = cast(object, id, "its definition")
        slot?.object = result  // inject may have changed a value or returned another instance
        resolution.finish(result, id, scope)
        return result
    }

    /// `value` as `R`: free where the compiler knows both types, else a cast that must succeed.
    @inlinable @inline(__always) final func cast<T, R>(
        _ value: T,
        _ id: DIContext.DefinitionID,
        _ maker: String
    ) -> R {
        guard let result = value as? R else {
            wiringMismatch(id, R.self, maker, type(of: value))
        }
        return result
    }
}

extension DIContext {
    /// Names a definition: its assembly's type and its key.
    @usableFromInline struct DefinitionID: Hashable, CustomStringConvertible {
        let assembly: Assembly.Type
        let key: String
        /// Both hashed once, here; dictionaries then hash this one number.
        let hash: Int

        @usableFromInline init(_ assembly: Assembly.Type, _ key: String) {
            self.assembly = assembly
            self.key = key
            let seed = Int(bitPattern: ObjectIdentifier(assembly))
            let mix = { (hash: Int, byte: UInt8) in (hash ^ Int(byte)) &* Self.fnvPrime }
            hash =
                key.utf8.withContiguousStorageIfAvailable { $0.reduce(seed, mix) }
                ?? key.utf8.reduce(seed, mix)
        }

        /// FNV-1a's 64-bit multiplier: a key is hashed byte by byte, far cheaper than `Hasher`
        /// for the short keys definitions have; dictionaries still mix the result with `Hasher`.
        static let fnvPrime = 0x100_0000_01b3

        @usableFromInline var description: String { "\(assembly).\(key)" }

        @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.hash == rhs.hash && lhs.assembly == rhs.assembly && lhs.key == rhs.key
        }

        @usableFromInline func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
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

extension Assembly {
    /// Makes the definition named `key` return `make()` until removed (tests, A/B switches).
    ///
    /// The context keeps `make`: if it captures an assembly of the same context, the context is
    /// never freed. To read another definition, take its assembly as the closure's parameter.
    ///
    /// - Parameters:
    ///   - key: The definition's name: the property's or method's name, or the key it gave.
    ///   - make: Makes the substitute.
    public func addSubstitution<Value>(for key: String, with make: @escaping () -> Value) {
        substitute(
            DIContext.DefinitionID(type(of: self), key), DIContext.Substitution { _ in make() })
    }

    /// Makes the definition named `key` return what `make` gives, given the assembly of type
    /// `Other` in this context: `addSubstitution(for: "feature") { (v2: V2) in v2.feature }`.
    ///
    /// - Parameters:
    ///   - key: The definition's name: the property's or method's name, or the key it gave.
    ///   - make: Makes the substitute from the assembly it reads.
    public func addSubstitution<Value, Other: Assembly>(
        for key: String,
        with make: @escaping (Other) -> Value
    ) {
        substitute(
            DIContext.DefinitionID(type(of: self), key),
            DIContext.Substitution { make($0.assembly()) })
    }

    /// Restores the original definition named `key`, with its singleton if it has one.
    ///
    /// - Parameter key: The definition's name.
    public func removeSubstitution(for key: String) {
        substitute(DIContext.DefinitionID(type(of: self), key), nil)
    }

    /// Sets or removes a substitution, and with it the singleton it made.
    func substitute(_ id: DIContext.DefinitionID, _ substitution: DIContext.Substitution?) {
        let replaced = context.lock.withLock {
            let replaced = context.tables.substitutions[id]
            context.tables.substitutions[id] = substitution
            return replaced
        }
        withExtendedLifetime(replaced) {}  // released here, unlocked: its deinit may resolve
    }
}

/// Gives assemblies compile-checked substitutions: `addSubstitution(for: \.apiClient) { Fake() }`.
public protocol KeyPathSubstitutable: AnyObject {}

extension Assembly: KeyPathSubstitutable {}

extension KeyPathSubstitutable where Self: Assembly {
    /// Makes the definition behind `keyPath` return `make()` until removed.
    ///
    /// The first use of a key path on an assembly type reads the property once, with `make`
    /// serving the read (a singleton keeps what it made), to learn which definition it names.
    ///
    /// - Parameters:
    ///   - keyPath: A property whose getter returns a `define(...)`.
    ///   - file: Where the call is, for the message if the key path is not a definition.
    ///   - line: Where the call is, for the message if the key path is not a definition.
    ///   - make: Makes the substitute.
    public func addSubstitution<Value>(
        for keyPath: KeyPath<Self, Value>,
        file: StaticString = #fileID,
        line: UInt = #line,
        with make: @escaping () -> Value
    ) {
        substitute(keyPath, "\(file):\(line)", DIContext.Substitution { _ in make() })
    }

    /// Makes the definition behind `keyPath` return what `make` gives, given the assembly of
    /// type `Other` in this context: `addSubstitution(for: \.feature) { (v2: V2) in v2.feature }`.
    ///
    /// - Parameters:
    ///   - keyPath: A property whose getter returns a `define(...)`.
    ///   - file: Where the call is, for the message if the key path is not a definition.
    ///   - line: Where the call is, for the message if the key path is not a definition.
    ///   - make: Makes the substitute from the assembly it reads.
    public func addSubstitution<Value, Other: Assembly>(
        for keyPath: KeyPath<Self, Value>,
        file: StaticString = #fileID,
        line: UInt = #line,
        with make: @escaping (Other) -> Value
    ) {
        substitute(keyPath, "\(file):\(line)", DIContext.Substitution { make($0.assembly()) })
    }

    /// Restores the definition behind `keyPath`.
    ///
    /// - Parameter keyPath: A property whose getter returns a `define(...)`.
    public func removeSubstitution<Value>(for keyPath: KeyPath<Self, Value>) {
        if let id = definition(keyPath, serving: nil) {
            substitute(id, nil)
        }
    }

    func substitute<Value>(
        _ keyPath: KeyPath<Self, Value>,
        _ site: String,
        _ substitution: DIContext.Substitution
    ) {
        guard let id = definition(keyPath, serving: substitution) else {
            wiringFailure(
                "the key path given to addSubstitution(for:) at \(site) is not a definition: its "
                    + "getter calls no define(...) that returns \(Value.self)")
        }
        substitute(id, substitution)
    }

    /// The definition behind `keyPath`: remembered, or learnt by reading the property once with
    /// a probe, which lets `substitution` serve the read (without one, the read goes on as usual).
    func definition<Value>(
        _ keyPath: KeyPath<Self, Value>,
        serving substitution: DIContext.Substitution?
    ) -> DIContext.DefinitionID? {
        if let id = DIContext.KeyPathDefinitions.definition(keyPath, type(of: self)) {
            return id
        }
        let resolution = DIContext.Resolution.current()
        let probe = DIContext.Probe(resolution.depth, Value.self, substitution)
        resolution.probe = probe
        _ = self[keyPath: keyPath]
        resolution.probe = nil
        if let id = probe.id {
            DIContext.KeyPathDefinitions.remember(keyPath, type(of: self), id)
        }
        return probe.id
    }
}

extension DIContext {
    /// A substitute's maker and, for a singleton, what it made; `made` is guarded by the
    /// context's `lock`. The maker is given the context, so it need not capture an assembly.
    @usableFromInline final class Substitution {
        let make: (DIContext) -> Any
        var made: Kept?

        init(_ make: @escaping (DIContext) -> Any) {
            self.make = make
        }
    }

    /// Which definition a key path names on each assembly type (a base class's key path names
    /// one per subclass; a getter may return another assembly's definition), learnt by a probe
    /// read. Process-wide; `lock` guards `definitions`.
    enum KeyPathDefinitions {
        static let lock = NSLock()
        nonisolated(unsafe) static var definitions: [Pair: DefinitionID] = [:]

        struct Pair: Hashable {
            let keyPath: AnyKeyPath
            let assembly: ObjectIdentifier
        }

        static func definition(_ keyPath: AnyKeyPath, _ assembly: Assembly.Type) -> DefinitionID? {
            lock.withLock {
                definitions[Pair(keyPath: keyPath, assembly: ObjectIdentifier(assembly))]
            }
        }

        static func remember(_ keyPath: AnyKeyPath, _ assembly: Assembly.Type, _ id: DefinitionID) {
            lock.withLock {
                definitions[Pair(keyPath: keyPath, assembly: ObjectIdentifier(assembly))] = id
            }
        }
    }

    /// A key path's probe read. The getter's last `define` at the probe's depth that returns the
    /// key path's type is its definition; the substitution, if any, serves each such call.
    @usableFromInline final class Probe {
        let depth: Int
        let type: ObjectIdentifier
        let substitution: Substitution?
        var id: DefinitionID?

        init(_ depth: Int, _ type: Any.Type, _ substitution: Substitution?) {
            self.depth = depth
            self.type = ObjectIdentifier(type)
            self.substitution = substitution
        }
    }
}

// MARK: - Placeholders

extension Assembly {
    /// Returns the object injected under this key in the current graph (VIPER views, say).
    ///
    /// - Parameter key: The key the object was injected under; the calling property's name by
    ///   default.
    @inlinable public final func definePlaceholder<Result>(key: String = #function) -> Result {
        let missing = { () -> Result in
            wiringFailure(
                "placeholder \(type(of: self)).\(key) has no object injected under that key in the "
                    + "current graph; call defineInjection(key:into:) first, in the same resolution"
            )
        }
        return resolve(key, .objectGraph, missing, substitutable: true) { _ in }
    }
}

// MARK: - Resolution

extension DIContext {
    /// What one thread is reading: the define calls under way (`frames`, innermost last), one
    /// graph per context they reached, and the thread's records of the definitions it read. Only
    /// its thread touches it, and no access to a property lasts while user code runs, so
    /// exclusivity needs no run-time checks. The top-level read's end lets go of every object the
    /// read made and keeps the records, emptied, for the next read.
    @usableFromInline final class Resolution {
        struct Frame {
            let id: DefinitionID
            let scope: Scope
            let context: ObjectIdentifier
            var substituted = false
        }

        @exclusivity(unchecked) var frames: [Frame] = []
        /// The graph of the innermost frame's context.
        @exclusivity(unchecked) var graph: Graph?
        /// Every graph of a read under way that reached more than one context, by context.
        @exclusivity(unchecked) var graphs: [ObjectIdentifier: Graph] = [:]
        /// Numbers the top-level reads; a record holds an object of the read under way only.
        @exclusivity(unchecked) var read = 0
        /// This thread's records, kept from read to read (up to `Record.limit`).
        @exclusivity(unchecked) var records: [Record.Place: Record] = [:]
        /// The records that hold an object of the read under way.
        @exclusivity(unchecked) var filled: [Record] = []
        /// An assembly this thread is making, and how many define calls were under way then.
        struct Making {
            let assembly: Assembly.Type
            let context: DIContext
            let depth: Int
        }

        /// The assemblies this thread is making, innermost last.
        var making: [Making] = []
        @exclusivity(unchecked) @usableFromInline var probe: Probe?
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

        /// How many define calls are under way on this thread.
        @usableFromInline var depth: Int { frames.count }

        /// The context an assembly made now belongs to: that of the innermost assembly or define
        /// call this thread is making, if any.
        var currentContext: DIContext? {
            guard let last = making.last, last.depth == depth else {
                return graph?.context ?? making.last?.context
            }
            return last.context
        }

        /// Notes that this thread makes an assembly; stops if it is already making the same one.
        func startMaking(_ assembly: Assembly.Type, in context: DIContext) {
            if let start = making.firstIndex(where: {
                $0.assembly == assembly && $0.context === context
            }) {
                let names = (making[start...].map(\.assembly) + [assembly]).map { "\($0)" }
                wiringFailure(
                    "assemblies made in each other's stored properties: "
                        + "\(names.joined(separator: " → ")); get one with a computed property, "
                        + "such as `var other: Other { context.assembly() }`")
            }
            making.append(Making(assembly: assembly, context: context, depth: depth))
        }

        /// Starts a define call in `context`, in that context's graph of this read.
        @usableFromInline func enter(_ context: DIContext, _ id: DefinitionID, _ scope: Scope) {
            var marker = 0
            if withUnsafeMutablePointer(to: &marker, { UInt(bitPattern: $0) }) < stackLimit {
                let path = frames.suffix(3).map { "\($0.id) → " }.joined()
                wiringFailure(
                    "definitions nested \(depth) deep have used up the thread's stack, ending "
                        + "…\(path)\(id); does a definition or substitution read itself forever?")
            }
            if graph == nil {
                graph = Graph(context)
                read += 1
            } else if graph!.context !== context {
                switchGraph(to: context)
            }
            frames.append(Frame(id: id, scope: scope, context: ObjectIdentifier(context)))
        }

        /// Moves to `context`'s graph of this read, started if need be; `graphs` holds every
        /// graph of a read that reaches more than one context.
        func switchGraph(to context: DIContext) {
            if graphs.isEmpty {
                graphs[ObjectIdentifier(graph!.context)] = graph
            }
            if graphs[ObjectIdentifier(context)] == nil {
                graphs[ObjectIdentifier(context)] = Graph(context)
            }
            graph = graphs[ObjectIdentifier(context)]
        }

        /// This thread's record of the definition `id` in `context`.
        @usableFromInline func record(_ id: DefinitionID, _ context: DIContext) -> Record {
            let place = Record.Place(id, ObjectIdentifier(context))
            if let record = records[place] {
                return record
            }
            let record = Record(place.id)
            records[place] = record
            return record
        }

        /// Ends a define call; the top-level one's end lets go of everything the read made.
        @usableFromInline func leave() {
            frames.removeLast()
            if let outer = frames.last {
                if outer.context != ObjectIdentifier(graph!.context) {
                    graph = graphs[outer.context]
                }
                return
            }
            let ended = (graph, graphs)
            graphs = [:]
            graph = nil
            let number = read
            var made: [Record] = []
            swap(&made, &filled)
            // Let go only now, the thread's state clean: a deinit that reads starts a new read.
            for record in made where record.read == number {
                record.read = 0
                record.object = nil
            }
            withExtendedLifetime(ended) {}
            // Records a thread no longer reads go once they are many: a read of many runtime
            // keys leaves no lasting trace, while a big graph read again and again keeps its own.
            if records.count > max(Record.limit, 2 * made.count) {
                records = [:]
            }
            made.removeAll(keepingCapacity: true)
            if filled.isEmpty && made.capacity <= Record.limit {
                swap(&made, &filled)
            }
        }

        /// What the read holds for `record`, if anything; stops on a cycle that cannot close.
        @usableFromInline func existing(_ record: Record, _ scope: Scope) -> Any? {
            let callers = frames.dropLast()
            let id = record.id
            if scope == .prototype {
                let loop = callers.reversed().prefix { $0.scope == .prototype }
                if loop.contains(where: { $0.id == id }) {
                    wiringCycle(callers.map(\.id), id, advice: Self.prototypeAdvice)
                }
                return nil
            }
            guard record.read == read else {
                return nil
            }
            guard let object = record.object else {
                wiringCycle(callers.map(\.id), id, advice: Self.initAdvice)
            }
            return found(object)
        }

        static let initAdvice = "set one side in inject: instead of init:"
        static let prototypeAdvice = "prototypes always make new ones; make one of them objectGraph"

        /// Reports a found object to the trace hook and returns it.
        @usableFromInline func found(_ object: Any) -> Any {
            report(created: false)
            return object
        }

        /// What the graph's substitution of `id` gives, if it has one. Read by its own substitute,
        /// a definition gives the original, which the substitute may wrap.
        @usableFromInline func substitute(_ id: DefinitionID, _ scope: Scope) -> Any? {
            let graph = graph!
            guard !graph.substitutions.isEmpty, let substitution = graph.substitutions[id] else {
                return nil
            }
            let caller = frames.dropLast().last
            if caller?.id == id && caller?.substituted == true {
                return nil
            }
            frames[frames.count - 1].substituted = true
            if let made = graph.substitutes[id] {
                return found(made)
            }
            if scope.isSingleton {
                if let kept = graph.context.singleton(id, of: substitution) {
                    return found(kept)
                }
                DIContext.creation.lock()
            }
            defer {
                if scope.isSingleton {
                    DIContext.creation.unlock()
                }
            }
            if scope.isSingleton, let kept = graph.context.singleton(id, of: substitution) {
                return found(kept)  // made meanwhile
            }
            let made = substitution.make(graph.context)
            if scope != .prototype {
                graph.substitutes[id] = made
            }
            if scope.isSingleton {
                graph.context.keep(made, id, scope, by: substitution)
            }
            report(created: true)
            return made
        }

        /// Serves a probe's candidate with its substitution; `nil` for any other define call.
        @usableFromInline func serveProbe(
            _ id: DefinitionID,
            _ scope: Scope,
            _ type: Any.Type,
            _ context: DIContext
        ) -> Any? {
            guard let probe, probe.depth == depth, probe.type == ObjectIdentifier(type) else {
                return nil
            }
            probe.id = id
            guard let substitution = probe.substitution else {
                return nil  // only learning which definition it is: the read goes on as usual
            }
            self.probe = nil  // what the substitute reads is read as usual, in this context
            making.append(Making(assembly: id.assembly, context: context, depth: depth))
            let made = substitution.make(context)
            making.removeLast()
            self.probe = probe
            substitution.made = nil
            if scope.isSingleton {
                context.keep(made, id, scope, by: substitution)
            }
            return made
        }

        /// Marks `record` as being made in this read, and returns it to hold the object; a
        /// prototype is not kept.
        @usableFromInline func starting(_ record: Record, _ scope: Scope) -> Record? {
            guard scope != .prototype else {
                return nil
            }
            record.read = read
            record.object = nil
            filled.append(record)
            return record
        }

        /// Keeps a new singleton and reports the new object.
        @usableFromInline func finish(_ result: Any, _ id: DefinitionID, _ scope: Scope) {
            if scope.isSingleton {
                graph!.context.keep(result, id, scope, by: nil)
            }
            report(created: true)
        }

        func report(created: Bool) {
            guard let trace = graph!.context.trace else {
                return
            }
            let frame = frames[frames.count - 1]
            let event = TraceEvent(
                definition: "\(frame.id)", scope: frame.scope, depth: frames.count - 1,
                parent: frames.dropLast().last.map { "\($0.id)" }, created: created,
                substituted: frame.substituted)
            trace(event)
        }

        /// The lowest address this thread's stack may reach before a define stops the program:
        /// `stackReserve` above the bottom (a quarter of a smaller stack), or 0 where the bottom
        /// cannot be learnt.
        static func stackLimit() -> UInt {
            #if canImport(Darwin)
                let size = UInt(pthread_get_stacksize_np(pthread_self()))
                let bottom = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self())) - size
            #else
                // glibc and musl have pthread_getattr_np, which Swift's Glibc module leaves out.
                typealias GetAttributes =
                    @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
                guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else {
                    return 0
                }
                var attributes = pthread_attr_t()
                guard
                    unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), &attributes) == 0
                else {
                    return 0
                }
                var base: UnsafeMutableRawPointer?
                var size = 0
                pthread_attr_getstack(&attributes, &base, &size)
                pthread_attr_destroy(&attributes)
                let bottom = UInt(bitPattern: base)
            #endif
            return bottom == 0 ? 0 : bottom + min(stackReserve, UInt(size) / 4)
        }

        /// Stack kept free for the code between two define calls and for the message.
        static let stackReserve: UInt = 128 * 1024
    }

    /// A thread's place for one definition in one context: the object the read under way made
    /// for it (`nil` while it is being made), if `read` is that read's number. Only its thread
    /// touches it.
    @usableFromInline final class Record {
        /// A definition in a context.
        struct Place: Hashable {
            let id: DefinitionID
            let context: ObjectIdentifier

            init(_ id: DefinitionID, _ context: ObjectIdentifier) {
                self.id = id
                self.context = context
            }
        }

        @usableFromInline let id: DefinitionID
        @exclusivity(unchecked) var read = 0
        @exclusivity(unchecked) @usableFromInline var object: Any?

        init(_ id: DefinitionID) {
            self.id = id
        }

        /// How many records a thread keeps between reads whatever it reads, and the most room
        /// for `filled`.
        static let limit = 4096
    }

    /// The substitutions one top-level read began with in one context, and what they made.
    final class Graph {
        let context: DIContext
        let substitutions: [DefinitionID: Substitution]
        /// What the substitutions made in this read.
        var substitutes: [DefinitionID: Any] = [:]

        init(_ context: DIContext) {
            self.context = context
            self.substitutions = context.lock.withLock { context.tables.substitutions }
        }
    }
}

// MARK: - Diagnostics

/// Stops with a message that names what went wrong; also in release builds.
@usableFromInline func wiringFailure(_ message: String) -> Never {
    fatalError("Wiring: " + message)
}

/// Stops on a value of the wrong type, naming the definition and both types.
@usableFromInline func wiringMismatch(
    _ id: DIContext.DefinitionID,
    _ declared: Any.Type,
    _ maker: String,
    _ made: Any.Type
) -> Never {
    wiringFailure("\(id) is declared as \(declared) but \(maker) made \(made)")
}

/// Stops on a cycle, naming the definitions from the first request of `id` to the repeated one.
func wiringCycle(_ path: [DIContext.DefinitionID], _ id: DIContext.DefinitionID, advice: String)
    -> Never
{
    let start = path.lastIndex(of: id) ?? 0
    let names = (path[start...] + [id]).map { "\($0)" }
    wiringFailure(
        "cycle that cannot close: \(names.joined(separator: " → ")) is asked for again before it "
            + "is made; \(advice)")
}
