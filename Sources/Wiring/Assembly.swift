// Wiring: dependency injection for Swift in one file. MIT licence.
//
// Assemblies describe objects with computed properties that call `define(...)`; a `DIContext`
// keeps what outlives one resolution. The story below runs: scopes → context → assembly →
// define → substitutions → placeholders → diagnostics, with the machinery each one needs.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Scopes

/// How long an object made by a definition lives.
public enum Scope: Sendable {
    /// One instance per top-level resolution, so property cycles close (the default).
    case objectGraph
    /// A new instance on every read, even inside one resolution.
    case prototype
    /// Made on first read, then kept by the context for as long as the context lives.
    case lazySingleton
    /// Shared while something else holds it; made anew once it has been released.
    case weakSingleton
}

/// The name a definition is stored under: the caller's `#function`, a literal, or `"item-\(n)"`.
public struct DefinitionKey: ExpressibleByStringInterpolation, CustomStringConvertible, Sendable {
    @usableFromInline let literal: StaticString?
    @usableFromInline let text: String?
    /// A literal key; its address makes repeated lookups cheap.
    public init(stringLiteral value: StaticString) { (literal, text) = (value, nil) }
    /// A key built at run time, for parameterised definitions.
    public init(_ text: String) { (literal, self.text) = (nil, text) }
    /// A key built by interpolation, such as `"item-\(n)"`.
    public init(stringInterpolation: StringInterpolation) { self.init(stringInterpolation.text) }
    /// The key as written.
    public var description: String { text ?? literal!.description }

    /// Collects the pieces of an interpolated key.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        /// Starts an empty key.
        public init(literalCapacity: Int, interpolationCount: Int) {}
        /// Appends the literal part.
        public mutating func appendLiteral(_ literal: StaticString) { text += literal.description }
        /// Appends an interpolated value as `String(describing:)` prints it.
        public mutating func appendInterpolation<T>(_ value: T) { text += String(describing: value) }
    }
}

// MARK: - Context

/// Owns singletons and substitutions; assemblies of one context share them and the current graph.
public final class DIContext: @unchecked Sendable {
    /// The context used when none is given.
    public static let defaultInstance = DIContext()
    @usableFromInline let lock = Lock()
    @usableFromInline let creation = Lock(recursive: true)  // held only while a singleton is made
    @usableFromInline let trace: (@Sendable (TraceEvent) -> Void)?
    var assemblies: [ObjectIdentifier: WeakBox] = [:]
    @usableFromInline var singletons: [Stored?] = []
    @usableFromInline var weakSingletons: [Int: WeakBox] = [:]
    @usableFromInline var substitutions: [Int: Substitution] = [:]

    /// Makes an isolated context; `trace`, if given, hears of every resolution (off costs one branch).
    public init(trace: (@Sendable (TraceEvent) -> Void)? = nil) { self.trace = trace }

    /// The one assembly of type `A` in this context, made on first use.
    public func assembly<A: Assembly>() -> A {
        let type = ObjectIdentifier(A.self)
        if let existing = lock.run({ assemblies[type]?.object }) { return existing as! A }
        let made = A()  // outside the lock: an assembly's init may ask for others
        made.context = self
        return lock.run {
            if let raced = assemblies[type]?.object { return raced as! A }
            assemblies[type] = WeakBox(made)
            return made
        }
    }
}

/// One resolution step, as reported to a context's trace hook.
public struct TraceEvent: Sendable, CustomStringConvertible {
    /// The assembly type and definition key, e.g. `ServiceAssembly.apiClient`.
    public let definition: String
    /// The scope the definition was declared with.
    public let scope: Scope
    /// Nesting depth inside the top-level resolution (0 for the top).
    public let depth: Int
    /// The definition that asked for this one, if any.
    public let parent: String?
    /// True when an object was made, false when an existing one was reused.
    public let created: Bool
    /// True when a substitution supplied the object.
    public let substituted: Bool
    /// A one-line summary.
    public var description: String {
        "\(String(repeating: "  ", count: depth))\(definition) [\(scope)] \(created ? "created" : "reused")"
            + (substituted ? " (substituted)" : "") + (parent.map { " ← \($0)" } ?? "")
    }
}

// MARK: - Assembly

/// Base class of assemblies: subclass it and describe objects with `define(...)`.
open class Assembly {
    /// The context this assembly belongs to; holding the assembly keeps the context alive.
    public internal(set) var context: DIContext = .defaultInstance

    /// Assemblies are made by their context; use `instance(from:)` or `context.assembly()`.
    public required init() {}

    /// The assembly of this type in `context`.
    public static func instance(from context: DIContext = .defaultInstance) -> Self { context.assembly() }

    // MARK: Define

    /// Defines an object made by `init` and returned as `Result` (often a protocol).
    @inlinable public func define<Object, Result>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph, init make: @autoclosure () -> Object
    ) -> Result {
        resolve(key, scope, make) { (_: inout Object) in }
    }

    /// Defines an object made by `init` and then given its dependencies by `inject`.
    ///
    /// `inject` may return nothing or `$0`; when it returns an `Object`, that value is used.
    @inlinable public func define<Object, Result, Returned>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph, init make: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Result {
        resolve(key, scope, make) { object in
            let returned = inject(&object)
            if Returned.self == Object.self { object = unsafeBitCast(returned, to: Object.self) }
        }
    }

    /// Injects into an object made elsewhere (a view, say); placeholders find it by `key`.
    @inlinable @discardableResult public func defineInjection<Object, Returned>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph, into object: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Object {
        define(key: key, scope: scope, init: object(), inject: inject)
    }

    /// Injects nothing into an object made elsewhere, but makes it available to placeholders.
    @inlinable @discardableResult public func defineInjection<Object>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph, into object: @autoclosure () -> Object
    ) -> Object {
        define(key: key, scope: scope, init: object())
    }

    @inlinable func resolve<Object, Result>(
        _ key: DefinitionKey, _ scope: Scope, placeholder: Bool = false, _ make: () -> Object,
        _ inject: (inout Object) -> Void
    ) -> Result {
        var frame = context.enter(self, key, scope)
        defer { frame.thread.leave() }
        let makesSingleton = frame.cached == nil && (scope == .lazySingleton || scope == .weakSingleton)
        if makesSingleton {
            context.creation.lock()  // one maker per singleton; re-check once we hold it
            frame.cached = context.singleton(frame)
        }
        defer { if makesSingleton { context.creation.unlock() } }
        if let cached = frame.cached { return context.report(frame, created: false, cached.value(frame)) }
        if let substitute = frame.substitute {
            let made = context.lock.run { substitute.takeSpare() } ?? substitute.make()
            guard let result = made as? Result else { wiringMismatch(frame, Result.self, made) }
            return context.report(frame, created: true, context.keep(frame, .of(result), result))
        }
        if placeholder { wiringMissingPlaceholder(frame) }
        frame.thread.initializing(frame, true)
        var object = make()
        frame.thread.initializing(frame, false)
        var result = cast(object, to: Result.self, frame)
        var stored = Stored.of(result)
        if scope != .prototype { frame.thread.graph.remember(frame.id, stored) }  // cycles find it
        inject(&object)
        if !(Object.self is AnyObject.Type) { (result, stored) = (cast(object, to: Result.self, frame), .of(result)) }
        return context.report(frame, created: true, context.keep(frame, stored, result))
    }

    @inlinable func cast<Object, Result>(_ object: Object, to: Result.Type, _ frame: Frame) -> Result {
        if Object.self == Result.self { return unsafeBitCast(object, to: Result.self) }
        guard let result = object as? Result else { wiringMismatch(frame, Result.self, object) }
        return result
    }
}

// MARK: - Substitutions

/// A replacement factory for one definition; a substituted singleton keeps its own instance.
@usableFromInline final class Substitution {
    @usableFromInline let make: () -> Any
    @usableFromInline var singleton: Stored?
    var spare: Any?  // the object made while a key path was probed, used by the next read
    init(_ make: @escaping () -> Any) { self.make = make }
    @usableFromInline func takeSpare() -> Any? { defer { spare = nil }; return spare }
}

extension Assembly {
    /// Makes the definition named `key` return `make()` until removed (tests, A/B switches).
    public func addSubstitution<Value>(for key: String, with make: @escaping () -> Value) {
        let id = Registry.shared.id(type(of: self), key)
        context.lock.run { context.substitutions[id] = Substitution { make() } }
    }

    /// Restores the original definition named `key`, with its cached singleton.
    public func removeSubstitution(for key: String) {
        let id = Registry.shared.id(type(of: self), key)
        _ = context.lock.run { context.substitutions.removeValue(forKey: id) }
    }
}

/// Gives assemblies compile-checked substitutions: `addSubstitution(for: \.apiClient) { Fake() }`.
public protocol KeyPathSubstitutable: AnyObject {}
extension Assembly: KeyPathSubstitutable {}

extension KeyPathSubstitutable where Self: Assembly {
    /// Makes the definition behind `keyPath` return `make()` until removed.
    public func addSubstitution<Value>(for keyPath: KeyPath<Self, Value>, with make: @escaping () -> Value) {
        let substitution = Substitution { make() }
        var id = Registry.shared.lock.run { Registry.shared.keyPaths[keyPath] }
        if id == nil {  // the getter's define call names the definition, served by the substitution
            let thread = ThreadState.current
            (thread.probe, thread.probedID) = (substitution, nil)
            substitution.spare = self[keyPath: keyPath]
            id = Registry.shared.record(keyPath, thread.probedID)
            guard thread.probe == nil, id != nil else {
                thread.probe = nil
                wiringFailure("\(keyPath) is not a definition: its getter must call define(...)")
            }
        }
        context.lock.run { context.substitutions[id!] = substitution }
    }

    /// Restores the definition behind `keyPath`.
    public func removeSubstitution(for keyPath: KeyPath<Self, some Any>) {
        guard let id = Registry.shared.lock.run({ Registry.shared.keyPaths[keyPath] }) else { return }
        _ = context.lock.run { context.substitutions.removeValue(forKey: id) }
    }
}

// MARK: - Placeholders

extension Assembly {
    /// Returns the object injected under this key in the current graph (VIPER views, say).
    @inlinable public func definePlaceholder<Result>(key: DefinitionKey = #function) -> Result {
        resolve(key, .objectGraph, placeholder: true, { () -> Result in fatalError() }, { _ in })
    }
}

// MARK: - Resolution machinery

/// A resolved value with the static type it was stored as, so reads skip dynamic casts.
@usableFromInline struct Stored {
    @usableFromInline let object: AnyObject
    @usableFromInline let type: ObjectIdentifier

    @inlinable init(_ object: AnyObject, _ type: ObjectIdentifier) { (self.object, self.type) = (object, type) }

    /// Class instances are stored as they are; other values in a box.
    @inlinable static func of<R>(_ value: R) -> Stored {
        Stored(R.self is AnyObject.Type ? value as AnyObject : Box(value), ObjectIdentifier(R.self))
    }

    @inlinable func value<R>(_ frame: Frame) -> R {
        if type == ObjectIdentifier(R.self) {
            if R.self is AnyObject.Type { return unsafeBitCast(object, to: R.self) }
            return unsafeDowncast(object, to: Box<R>.self).value
        }
        let any = (object as? AnyBox)?.any ?? object
        guard let result = any as? R else { wiringMismatch(frame, R.self, any) }
        return result
    }
}

@usableFromInline protocol AnyBox: AnyObject { var any: Any { get } }
@usableFromInline final class Box<T>: AnyBox {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
    @usableFromInline var any: Any { value }
}
@usableFromInline final class WeakBox {
    @usableFromInline weak var object: AnyObject?
    @usableFromInline init(_ object: AnyObject) { self.object = object }
}

/// What `enter` found out about one define call.
@usableFromInline struct Frame {
    @usableFromInline let thread: ThreadState
    @usableFromInline let id: Int
    @usableFromInline let scope: Scope
    @usableFromInline var cached: Stored?
    @usableFromInline var substitute: Substitution?
}

extension DIContext {
    @usableFromInline func enter(_ assembly: Assembly, _ key: DefinitionKey, _ scope: Scope) -> Frame {
        let thread = ThreadState.current
        let id = thread.id(type(of: assembly), key)
        if let probe = thread.probe {
            (thread.probe, thread.probedID) = (nil, id)
            return thread.push(Frame(thread: thread, id: id, scope: .prototype, substitute: probe), self)
        }
        var frame = thread.push(Frame(thread: thread, id: id, scope: scope), self)
        let graph = thread.graph
        if graph.path.count == 1 { graph.substitutions = lock.run { substitutions } }
        frame.substitute = graph.substitutions.isEmpty ? nil : graph.substitutions[id]
        if scope != .prototype, let slot = graph.slot(id) {
            if slot.type == Graph.initializing { wiringCycle(graph, id) }
            frame.cached = slot
        } else if scope == .prototype, graph.prototypeLoop(id) {
            wiringCycle(graph, id)
        } else if scope == .lazySingleton || scope == .weakSingleton {
            frame.cached = singleton(frame)
        }
        return frame
    }

    @usableFromInline func singleton(_ frame: Frame) -> Stored? {
        lock.run {
            if let substitute = frame.substitute { return substitute.singleton }
            if frame.scope == .weakSingleton {
                return weakSingletons[frame.id]?.object.map { Stored($0, ObjectIdentifier(AnyObject.self)) }
            }
            return frame.id < singletons.count ? singletons[frame.id] : nil
        }
    }

    /// Keeps a new object as its scope asks and returns it.
    @inlinable func keep<R>(_ frame: Frame, _ stored: Stored, _ result: R) -> R {
        if frame.scope != .prototype { frame.thread.graph.remember(frame.id, stored) }
        guard frame.scope == .lazySingleton || frame.scope == .weakSingleton else { return result }
        lock.run {
            if let substitute = frame.substitute {
                substitute.singleton = stored
            } else if frame.scope == .weakSingleton {
                weakSingletons[frame.id] = WeakBox(weakObject(result, frame))
            } else {
                if singletons.count <= frame.id { singletons += Array(repeating: nil, count: frame.id + 1 - singletons.count) }
                singletons[frame.id] = stored
            }
        }
        return result
    }

    @usableFromInline func weakObject(_ value: Any, _ frame: Frame) -> AnyObject {
        guard type(of: value) is AnyObject.Type else {
            wiringFailure("\(Registry.shared.name(frame.id)) is a weakSingleton but made \(type(of: value)), not a class")
        }
        return value as AnyObject
    }

    @inlinable func report<R>(_ frame: Frame, created: Bool, _ result: R) -> R {
        if let trace { trace(frame.thread.graph.event(frame, created: created)) }
        return result
    }
}

/// The objects of the resolution under way on one thread, indexed by definition id.
@usableFromInline final class Graph {
    @usableFromInline static let initializing = ObjectIdentifier(Graph.self)
    @usableFromInline var slots: [Stored?] = []
    var used: [Int] = []
    var path: [(id: Int, scope: Scope)] = []
    var context: DIContext?
    var substitutions: [Int: Substitution] = [:]

    func slot(_ id: Int) -> Stored? { id < slots.count ? slots[id] : nil }

    @usableFromInline func remember(_ id: Int, _ stored: Stored) {
        if slots.count <= id { slots += Array(repeating: nil, count: id + 1 - slots.count) }
        if slots[id] == nil { used.append(id) }
        slots[id] = stored
    }

    /// A prototype asked for again with only prototypes in between never ends.
    func prototypeLoop(_ id: Int) -> Bool {
        for entry in path.dropLast().reversed() {
            if entry.id == id { return true }
            if entry.scope != .prototype { return false }
        }
        return false
    }

    @usableFromInline func event(_ frame: Frame, created: Bool) -> TraceEvent {
        let parent = path.count > 1 ? Registry.shared.name(path[path.count - 2].id) : nil
        return TraceEvent(definition: Registry.shared.name(frame.id), scope: frame.scope, depth: path.count - 1,
                          parent: parent, created: created, substituted: frame.substitute != nil)
    }
}

/// Per-thread state: the current graph, graphs paused for another context, and a key cache.
@usableFromInline final class ThreadState {
    @usableFromInline var graph = Graph()
    var paused: [Graph] = []
    var probe: Substitution?
    var probedID: Int?
    var keyCache = [(type: ObjectIdentifier?, address: UInt, id: Int)](repeating: (nil, 0, 0), count: 256)

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { Unmanaged<ThreadState>.fromOpaque(($0 as UnsafeMutableRawPointer?)!).release() }
        return key
    }()

    @usableFromInline static var current: ThreadState {
        if let state = pthread_getspecific(key) { return Unmanaged<ThreadState>.fromOpaque(state).takeUnretainedValue() }
        let state = ThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Definition ids: literal keys hit a small cache by address; others ask the registry.
    func id(_ type: Assembly.Type, _ key: DefinitionKey) -> Int {
        guard let literal = key.literal, literal.hasPointerRepresentation else {
            return Registry.shared.id(type, key.description)
        }
        let address = UInt(bitPattern: literal.utf8Start)
        let slot = Int(truncatingIfNeeded: ((address ^ UInt(bitPattern: ObjectIdentifier(type))) &* 0x9E37_79B9) >> 8) & 255
        let entry = keyCache[slot]
        if entry.address == address, entry.type == ObjectIdentifier(type) { return entry.id }
        let id = Registry.shared.id(type, literal.description)
        keyCache[slot] = (ObjectIdentifier(type), address, id)
        return id
    }

    func push(_ frame: Frame, _ context: DIContext) -> Frame {
        if graph.context !== context {
            if graph.context != nil { paused.append(graph); graph = Graph() }  // another context nests
            graph.context = context
        }
        graph.path.append((frame.id, frame.scope))
        return frame
    }

    @usableFromInline func leave() {
        graph.path.removeLast()
        guard graph.path.isEmpty else { return }
        for id in graph.used { graph.slots[id] = nil }  // a finished graph keeps nothing alive
        graph.used.removeAll(keepingCapacity: true)
        (graph.context, graph.substitutions) = (nil, [:])
        if let outer = paused.popLast() { graph = outer }
    }

    /// Marks a definition whose `init:` is running, so asking for it again is a reported cycle.
    @usableFromInline func initializing(_ frame: Frame, _ running: Bool) {
        if running { graph.remember(frame.id, Stored(graph, Graph.initializing)) } else { graph.slots[frame.id] = nil }
    }
}

/// Process-wide numbering of definitions (assembly type + key), so lookups index arrays.
@usableFromInline final class Registry: @unchecked Sendable {
    static let shared = Registry()
    let lock = Lock()
    var ids: [Key: Int] = [:]
    var names: [String] = []
    var keyPaths: [AnyKeyPath: Int] = [:]

    struct Key: Hashable { let type: ObjectIdentifier, key: String }

    func id(_ type: Assembly.Type, _ key: String) -> Int {
        lock.run {
            if let id = ids[Key(type: ObjectIdentifier(type), key: key)] { return id }
            names.append(String(describing: type) + "." + key)
            ids[Key(type: ObjectIdentifier(type), key: key)] = names.count - 1
            return names.count - 1
        }
    }

    func name(_ id: Int) -> String { lock.run { names[id] } }

    func record(_ keyPath: AnyKeyPath, _ id: Int?) -> Int? {
        guard let id else { return nil }
        lock.run { keyPaths[keyPath] = id }
        return id
    }
}

/// A pthread mutex; `recursive` lets a singleton's maker resolve other singletons.
@usableFromInline final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(recursive: Bool = false) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }

    @usableFromInline func lock() { pthread_mutex_lock(mutex) }
    @usableFromInline func unlock() { pthread_mutex_unlock(mutex) }
    @usableFromInline func run<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

// MARK: - Diagnostics

/// Stops with a message that names what went wrong; also in release builds.
@usableFromInline func wiringFailure(_ message: String) -> Never { fatalError("Wiring: " + message) }

@usableFromInline func wiringCycle(_ graph: Graph, _ id: Int) -> Never {
    let start = graph.path.firstIndex { $0.id == id } ?? 0
    let names = graph.path[start...].map { Registry.shared.name($0.id) }
    wiringFailure("cycle that cannot close: \(names.joined(separator: " → ")) is asked for again before its "
        + "init: finished; break it by setting one side in inject: instead of init:")
}

@usableFromInline func wiringMismatch(_ frame: Frame, _ expected: Any.Type, _ actual: Any) -> Never {
    wiringFailure("\(Registry.shared.name(frame.id)) is declared as \(expected) but "
        + "\(frame.substitute == nil ? "its definition" : "its substitution") made \(type(of: actual))")
}

@usableFromInline func wiringMissingPlaceholder(_ frame: Frame) -> Never {
    wiringFailure("placeholder \(Registry.shared.name(frame.id)) has no object injected under that key in the "
        + "current graph; call defineInjection(key:into:) first, in the same resolution")
}
