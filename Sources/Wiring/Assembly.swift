// Wiring: dependency injection for Swift in one file. MIT licence.
//
// Assemblies describe objects with computed properties that call `define(...)`; a `DIContext` keeps what
// outlives one resolution. The file reads: scopes → context → assembly → define → substitutions →
// placeholders → the per-thread machinery they share → diagnostics.
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

// MARK: - Scopes

/// How long an object made by a definition lives.
public enum Scope: Int, Sendable {
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
    @usableFromInline let literal: StaticString?, text: String?  // a literal's address makes lookups cheap
    /// A literal key, such as the default `#function`.
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
    @usableFromInline let lock = Lock()  // guards the tables below; never held while user code runs
    @usableFromInline let creation = Lock(recursive: true)  // held while a singleton is made, so it is made once
    @usableFromInline let trace: (@Sendable (TraceEvent) -> Void)?
    @usableFromInline let threadKey = ThreadState.key  // a copy here saves a lazy-global check per define
    @exclusivity(unchecked) var assemblies: [ObjectIdentifier: WeakBox] = [:]
    @usableFromInline @exclusivity(unchecked) var singletons: [Stored?] = []  // by definition id
    @usableFromInline @exclusivity(unchecked) var substitutions: [Int: Substitution] = [:]

    /// Makes an isolated context; `trace`, if given, hears of every resolution (off, it costs one branch).
    public init(trace: (@Sendable (TraceEvent) -> Void)? = nil) { self.trace = trace }

    /// The one assembly of type `A` in this context, made on first use.
    public func assembly<A: Assembly>() -> A {
        if let existing = lock.run({ assemblies[ObjectIdentifier(A.self)]?.object }) as? A { return existing }
        let made = A()  // outside the lock: an assembly's init may ask for others
        made.context = self
        return lock.run {
            if let raced = assemblies[ObjectIdentifier(A.self)]?.object as? A { return raced }
            assemblies[ObjectIdentifier(A.self)] = WeakBox(made)
            return made
        }
    }
}

/// One resolution step, as reported to a context's trace hook.
public struct TraceEvent: Sendable, CustomStringConvertible {
    /// `Assembly.key`, its scope, depth below the top-level read, the definition that asked, made or reused.
    public let definition: String, scope: Scope, depth: Int, parent: String?, created: Bool, substituted: Bool
    /// A one-line summary, indented by depth.
    public var description: String {
        String(repeating: "  ", count: depth) + "\(definition) [\(scope)] \(created ? "created" : "reused")"
            + (substituted ? " (substituted)" : "") + (parent.map { " ← \($0)" } ?? "")
    }
}

// MARK: - Assembly

/// Base class of assemblies: subclass it and describe objects with `define(...)`.
open class Assembly {
    /// The context this assembly belongs to; holding the assembly keeps the context alive.
    @exclusivity(unchecked) public internal(set) final var context: DIContext = .defaultInstance
    /// Assemblies are made by their context; use `instance(from:)` or `context.assembly()`.
    public required init() {}
    /// The assembly of this type in `context`.
    public static func instance(from context: DIContext = .defaultInstance) -> Self { context.assembly() }

    // MARK: Define

    /// Defines an object made by `init` and returned as `Result` (often a protocol).
    @inlinable public final func define<Object, Result>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph, init make: @autoclosure () -> Object
    ) -> Result { resolve(key, scope, make) { (_: inout Object) in } }

    /// Defines an object made by `init` and given its dependencies by `inject`, which may `return $0`.
    @inlinable public final func define<Object, Result, Returned>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph, init make: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Result {
        resolve(key, scope, make) { object in
            let returned = inject(&object)  // an EasyDi 1.6 closure may return a changed copy: that one counts
            if Returned.self == Object.self { object = unsafeBitCast(returned, to: Object.self) }
        }
    }

    /// Injects into an object made elsewhere (a view, say); placeholders find it by `key`.
    @inlinable @discardableResult public final func defineInjection<Object, Returned>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph, into object: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Object { define(key: key, scope: scope, init: object(), inject: inject) }

    /// Makes an object made elsewhere available to placeholders, injecting nothing.
    @inlinable @discardableResult public final func defineInjection<Object>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph, into object: @autoclosure () -> Object
    ) -> Object { define(key: key, scope: scope, init: object()) }

    @inlinable final func resolve<Object, Result>(_ key: DefinitionKey, _ scope: Scope, placeholder: Bool = false,
                                                  _ make: () -> Object, _ inject: (inout Object) -> Void) -> Result {
        let context = self.context, state = ThreadState.current(context.threadKey)
        var frame = context.begin(state, state.pointee.id(type(of: self), key), scope)
        defer { context.end(state) }
        let makesSingleton = frame.cached == nil && frame.scope.rawValue >= Scope.lazySingleton.rawValue
        if makesSingleton {  // one maker at a time; another thread may have finished while we waited
            context.creation.lock()
            frame.cached = context.lock.run { context.storedSingleton(frame) }
        }
        defer { if makesSingleton { context.creation.unlock() } }
        if let cached = frame.cached { return context.report(frame, created: false, cached.value(frame)) }
        if let substitute = frame.substitute {
            let made = context.lock.run { substitute.takeSpare() } ?? substitute.make()
            guard let result = made as? Result else { wiringMismatch(frame, Result.self, made) }
            return context.report(frame, created: true, context.keep(frame, .of(result), result))
        }
        if placeholder { wiringMissingPlaceholder(frame) }
        state.pointee.graph.remember(frame.id, Stored(context, Graph.initializing))  // asked again now: a cycle
        var object = make()
        var result: Result = cast(object, frame), stored = Stored.of(result)
        state.pointee.graph.remember(frame.id, frame.scope == .prototype ? nil : stored)  // inject's cycles find it
        inject(&object)
        if !(Object.self is AnyObject.Type) { (result, stored) = (cast(object, frame), .of(result)) }
        return context.report(frame, created: true, context.keep(frame, stored, result))
    }

    @inlinable @inline(__always) final func cast<Object, Result>(_ object: Object, _ frame: Frame) -> Result {
        if Object.self == Result.self { return unsafeBitCast(object, to: Result.self) }
        guard let result = object as? Result else { wiringMismatch(frame, Result.self, object) }
        return result
    }
}

// MARK: - Substitutions

/// A replacement factory for one definition; a substituted singleton keeps its own instance.
@usableFromInline final class Substitution {
    @usableFromInline let make: () -> Any
    @usableFromInline @exclusivity(unchecked) var singleton: Stored?, spare: Any?  // guarded by the context's lock
    init(_ make: @escaping () -> Any) { self.make = make }
    @usableFromInline func takeSpare() -> Any? { defer { spare = nil }; return spare }
}

extension Assembly {
    /// Makes the definition named `key` return `make()` until removed (tests, A/B switches).
    public func addSubstitution<Value>(for key: String, with make: @escaping () -> Value) {
        setSubstitution(Registry.shared.id(type(of: self), key), Substitution { make() })
    }

    /// Restores the original definition named `key`, with its cached singleton.
    public func removeSubstitution(for key: String) { setSubstitution(Registry.shared.id(type(of: self), key), nil) }

    func setSubstitution(_ id: Int?, _ substitution: Substitution?) {
        if let id { context.lock.run { context.substitutions[id] = substitution } }
    }
}

/// Gives assemblies compile-checked substitutions: `addSubstitution(for: \.apiClient) { Fake() }`.
public protocol KeyPathSubstitutable: AnyObject {}
extension Assembly: KeyPathSubstitutable {}

extension KeyPathSubstitutable where Self: Assembly {
    /// Makes the definition behind `keyPath` return `make()` until removed.
    public func addSubstitution<Value>(for keyPath: KeyPath<Self, Value>, with make: @escaping () -> Value) {
        let substitution = Substitution { make() }
        if let id = Registry.shared.lock.run({ Registry.shared.keyPaths[keyPath] }) { return setSubstitution(id, substitution) }
        let state = ThreadState.current(context.threadKey)  // the getter's define names the definition
        (state.pointee.probe, state.pointee.probedID) = (substitution, nil)
        substitution.spare = self[keyPath: keyPath]  // what the probe made serves the next read
        guard state.pointee.probe == nil, let id = state.pointee.probedID else {
            wiringFailure("\(keyPath) is not a definition: its getter must call define(...)")
        }
        Registry.shared.lock.run { Registry.shared.keyPaths[keyPath] = id }
        setSubstitution(id, substitution)
    }

    /// Restores the definition behind `keyPath`.
    public func removeSubstitution(for keyPath: KeyPath<Self, some Any>) {
        setSubstitution(Registry.shared.lock.run { Registry.shared.keyPaths[keyPath] }, nil)
    }
}

// MARK: - Placeholders

extension Assembly {
    /// Returns the object injected under this key in the current graph (VIPER views, say).
    @inlinable public final func definePlaceholder<Result>(key: DefinitionKey = #function) -> Result {
        resolve(key, .objectGraph, placeholder: true, { () -> Result in fatalError() }, { _ in })
    }
}

// MARK: - Machinery: stored values, frames, graphs, thread state

/// A resolved value with the static type it was stored as, so reads need no dynamic cast.
@usableFromInline struct Stored {
    @usableFromInline let object: AnyObject, type: ObjectIdentifier
    @inlinable init(_ object: AnyObject, _ type: ObjectIdentifier) { (self.object, self.type) = (object, type) }

    /// Class instances are stored as they are; other values in a box.
    @inlinable @inline(__always) static func of<R>(_ value: R) -> Stored {
        Stored(R.self is AnyObject.Type ? unsafeBitCast(value, to: AnyObject.self) : Box(value), ObjectIdentifier(R.self))
    }

    @inlinable @inline(__always) func value<R>(_ frame: Frame) -> R {
        if type == ObjectIdentifier(R.self) {
            return R.self is AnyObject.Type ? unsafeBitCast(object, to: R.self) : unsafeDowncast(object, to: Box<R>.self).value
        }
        let any = (object as? AnyBox)?.any ?? object  // e.g. a placeholder read as the view's protocol
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

/// One define call in progress: which definition, as what scope, and what was found for it.
@usableFromInline struct Frame {
    @usableFromInline let state: UnsafeMutablePointer<ThreadState>, id: Int
    @usableFromInline var scope: Scope, cached: Stored? = nil, substitute: Substitution? = nil
}

extension DIContext {
    /// Starts a define call: joins or starts the thread's graph, checks for cycles, finds what exists.
    @usableFromInline func begin(_ state: UnsafeMutablePointer<ThreadState>, _ id: Int, _ scope: Scope) -> Frame {
        var frame = Frame(state: state, id: id, scope: scope)
        let top = state.pointee.startGraph(self)
        if id >= state.pointee.graph.slots.count { state.pointee.graph.slots += Array(repeating: nil, count: id + 64) }
        if let probe = state.pointee.probe {  // addSubstitution(for: keyPath) asks which definition this is
            (state.pointee.probe, state.pointee.probedID, frame.scope, frame.substitute) = (nil, id, .prototype, probe)
        } else if scope != .prototype, let slot = state.pointee.graph.slots[id] {
            if slot.type == Graph.initializing { wiringCycle(state.pointee.graph, id) }
            frame.cached = slot
        } else if scope == .prototype, state.pointee.graph.prototypeLoop(id) {
            wiringCycle(state.pointee.graph, id)
        } else if top || scope.rawValue >= Scope.lazySingleton.rawValue {
            lock.lock()
            if top { state.pointee.graph.substitutions = substitutions }
            frame.substitute = state.pointee.graph.substitutions.isEmpty ? nil : state.pointee.graph.substitutions[id]
            frame.cached = storedSingleton(frame)
            lock.unlock()
        } else if !state.pointee.graph.substitutions.isEmpty {
            frame.substitute = state.pointee.graph.substitutions[id]
        }
        state.pointee.graph.path.append(id << 2 | frame.scope.rawValue)
        return frame
    }

    /// Ends a define call; the end of the top-level one ends the graph.
    @usableFromInline func end(_ state: UnsafeMutablePointer<ThreadState>) {
        state.pointee.graph.path.removeLast()
        if state.pointee.graph.path.isEmpty { state.pointee.finishGraph() }
    }

    /// The singleton kept for `frame`, if any; the caller holds `lock`.
    @usableFromInline func storedSingleton(_ frame: Frame) -> Stored? {
        guard frame.scope.rawValue >= Scope.lazySingleton.rawValue, let stored = frame.substitute.map({ $0.singleton })
            ?? (frame.id < singletons.count ? singletons[frame.id] : nil) else { return nil }
        guard stored.type == ObjectIdentifier(WeakBox.self) else { return stored }
        return unsafeDowncast(stored.object, to: WeakBox.self).object.map { Stored($0, stored.type) }  // held while read
    }

    /// Keeps a new object as its scope asks and returns it.
    @inlinable @inline(__always) func keep<R>(_ frame: Frame, _ stored: Stored, _ result: R) -> R {
        if frame.scope != .prototype { frame.state.pointee.graph.remember(frame.id, stored) }
        if frame.scope.rawValue >= Scope.lazySingleton.rawValue { keepSingleton(frame, stored, result) }
        return result
    }

    @usableFromInline func keepSingleton(_ frame: Frame, _ stored: Stored, _ result: Any) {
        var stored = stored
        if frame.scope == .weakSingleton {
            guard type(of: result) is AnyObject.Type else {
                wiringFailure("\(Registry.shared.name(frame.id)) is a weakSingleton but made \(type(of: result)), not a class")
            }
            stored = Stored(WeakBox(result as AnyObject), ObjectIdentifier(WeakBox.self))
        }
        lock.run {
            if let substitute = frame.substitute {
                substitute.singleton = stored
            } else {
                if singletons.count <= frame.id { singletons += Array(repeating: nil, count: frame.id + 1 - singletons.count) }
                singletons[frame.id] = stored
            }
        }
    }

    @inlinable @inline(__always) func report<R>(_ frame: Frame, created: Bool, _ result: R) -> R {
        if let trace { trace(frame.state.pointee.graph.event(frame, created: created)) }
        return result
    }
}

/// The objects of the resolution under way on one thread, indexed by definition id.
@usableFromInline struct Graph {
    @usableFromInline static var initializing: ObjectIdentifier { ObjectIdentifier(Graph.Type.self) }
    @usableFromInline var slots: [Stored?] = []
    var used: [Int] = []  // slots to empty when the graph ends
    var path: [Int] = []  // definitions under resolution, innermost last: id << 2 | scope
    unowned(unsafe) var context: DIContext? = nil  // the resolving assembly keeps it alive
    var substitutions: [Int: Substitution] = [:]  // as they were when the graph began

    @usableFromInline mutating func remember(_ id: Int, _ stored: Stored?) {
        if slots[id] == nil { used.append(id) }
        slots[id] = stored
    }

    /// A prototype asked for again with only prototypes in between would never end.
    func prototypeLoop(_ id: Int) -> Bool {
        for entry in path.reversed() where entry >> 2 == id || entry & 3 != Scope.prototype.rawValue {
            return entry >> 2 == id && entry & 3 == Scope.prototype.rawValue
        }
        return false
    }

    @usableFromInline func event(_ frame: Frame, created: Bool) -> TraceEvent {
        TraceEvent(definition: Registry.shared.name(frame.id), scope: frame.scope, depth: path.count - 1,
                   parent: path.count > 1 ? Registry.shared.name(path[path.count - 2] >> 2) : nil,
                   created: created, substituted: frame.substitute != nil)
    }
}

/// Per-thread state behind a pthread key: the current graph, graphs paused while another context
/// resolves inside them, and a small cache from literal keys to definition ids.
@usableFromInline struct ThreadState {
    @usableFromInline var graph = Graph()
    var paused: [Graph] = [], probe: Substitution?, probedID: Int?
    var keyCache = [(type: ObjectIdentifier?, address: UInt, id: Int)](repeating: (nil, 0, 0), count: 256)

    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) {
            let state = ($0 as UnsafeMutableRawPointer?)!.assumingMemoryBound(to: ThreadState.self)
            state.deinitialize(count: 1)
            state.deallocate()
        }
        return key
    }()

    @usableFromInline static func current(_ key: pthread_key_t) -> UnsafeMutablePointer<ThreadState> {
        if let state = pthread_getspecific(key) { return state.assumingMemoryBound(to: ThreadState.self) }
        let state = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
        state.initialize(to: ThreadState())
        pthread_setspecific(key, state)
        return state
    }

    /// The id of a definition; literal keys hit a small cache by address, others ask the registry.
    @usableFromInline mutating func id(_ type: Assembly.Type, _ key: DefinitionKey) -> Int {
        guard let literal = key.literal, literal.hasPointerRepresentation else { return Registry.shared.id(type, "\(key)") }
        let address = UInt(bitPattern: literal.utf8Start), typeID = ObjectIdentifier(type)
        let index = Int(truncatingIfNeeded: ((address ^ UInt(bitPattern: typeID)) &* 0x9E37_79B9) >> 8) & 255
        if keyCache[index].address == address, keyCache[index].type == typeID { return keyCache[index].id }
        keyCache[index] = (typeID, address, Registry.shared.id(type, literal.description))
        return keyCache[index].id
    }

    /// Joins the graph under way, or starts one (pausing the current one for another context).
    mutating func startGraph(_ owner: DIContext) -> Bool {
        if !graph.path.isEmpty, graph.context === owner { return false }
        if !graph.path.isEmpty { paused.append(graph); graph = Graph() }
        graph.context = owner
        return true
    }

    mutating func finishGraph() {
        for id in graph.used { graph.slots[id] = nil }  // a finished graph keeps nothing alive
        if !graph.used.isEmpty { graph.used.removeAll(keepingCapacity: true) }
        if !graph.substitutions.isEmpty { graph.substitutions = [:] }
        graph.context = nil
        if let outer = paused.popLast() { graph = outer }
    }
}

/// Process-wide numbering of definitions (assembly type + key), so graphs and singletons index arrays.
@usableFromInline final class Registry: @unchecked Sendable {
    struct Key: Hashable { let type: ObjectIdentifier, key: String }
    static let shared = Registry()
    let lock = Lock()
    @exclusivity(unchecked) var ids: [Key: Int] = [:], names: [String] = [], keyPaths: [AnyKeyPath: Int] = [:]

    func id(_ type: Assembly.Type, _ key: String) -> Int {
        lock.run {
            if let id = ids[Key(type: ObjectIdentifier(type), key: key)] { return id }
            names.append(String(describing: type) + "." + key)
            ids[Key(type: ObjectIdentifier(type), key: key)] = names.count - 1
            return names.count - 1
        }
    }

    func name(_ id: Int) -> String { lock.run { names[id] } }
}

/// A pthread mutex; the recursive kind lets a singleton's maker resolve other singletons.
@usableFromInline final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init(recursive: Bool = false) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_NORMAL))
        pthread_mutex_init(mutex, &attributes)
    }
    deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }
    @usableFromInline func lock() { pthread_mutex_lock(mutex) }
    @usableFromInline func unlock() { pthread_mutex_unlock(mutex) }
    @usableFromInline func run<T>(_ body: () throws -> T) rethrows -> T { lock(); defer { unlock() }; return try body() }
}

// MARK: - Diagnostics

/// Stops with a message that names what went wrong; also in release builds.
@usableFromInline func wiringFailure(_ message: String) -> Never { fatalError("Wiring: " + message) }

@usableFromInline func wiringCycle(_ graph: Graph, _ id: Int) -> Never {
    let names = graph.path[(graph.path.firstIndex { $0 >> 2 == id } ?? 0)...].map { Registry.shared.name($0 >> 2) }
    wiringFailure("cycle that cannot close: \((names + [Registry.shared.name(id)]).joined(separator: " → ")) is asked "
        + "for again before it is made; set one side in inject: instead of init:, or make a prototype objectGraph")
}

@usableFromInline func wiringMismatch(_ frame: Frame, _ expected: Any.Type, _ actual: Any) -> Never {
    wiringFailure("\(Registry.shared.name(frame.id)) is declared as \(expected) but "
        + "\(frame.substitute == nil ? "its definition" : "its substitution") made \(type(of: actual))")
}

@usableFromInline func wiringMissingPlaceholder(_ frame: Frame) -> Never {
    wiringFailure("placeholder \(Registry.shared.name(frame.id)) has no object injected under that key in the "
        + "current graph; call defineInjection(key:into:) first, in the same resolution")
}
