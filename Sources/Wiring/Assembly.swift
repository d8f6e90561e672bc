// Wiring: dependency injection for Swift in one file. MIT licence.
//
// Assemblies describe objects with computed properties that call `define(...)`; a `DIContext` keeps what
// outlives one resolution. The file reads: scopes → context → assembly → define → substitutions →
// placeholders → the per-thread machinery they share (nested in `DIContext`, so a copied file adds
// no names beside the public ones) → diagnostics.
import Foundation

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
    /// A key built by interpolation, such as `"item-\(n)"`; use `"\(name)"` for a `String` variable.
    public init(stringInterpolation: StringInterpolation) {
        (literal, text) = (nil, stringInterpolation.text)
    }
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
        public mutating func appendInterpolation<T>(_ value: T) {
            text += String(describing: value)
        }
        /// Appends a value's `description` without the run-time checks `String(describing:)` makes.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            text += value.description
        }
    }
}

// MARK: - Context

/// Owns singletons and substitutions; assemblies of one context share them and the current graph.
public final class DIContext: @unchecked Sendable {
    /// The context used when none is given.
    public static let defaultInstance = DIContext()
    // Singletons and substitutions are guarded by `stripes` (64 mutexes, every 8th used, so no two share a cache line):
    // a reader takes its thread's stripe, a writer all of them,
    // so threads reading never contend; none is held while user code runs. `creation` is held while a singleton or an
    // assembly is made (and guards `assemblies`), so each is made once; it is recursive as one may make others.
    @usableFromInline let stripes = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 64),
        creation = NSRecursiveLock()
    @usableFromInline let trace: (@Sendable (TraceEvent) -> Void)?, threadKey = ThreadState.key
    @usableFromInline @exclusivity(unchecked) var singletons: [Stored?] = [],
        substitutions: [Int: () -> Any] = [:]
    @usableFromInline @exclusivity(unchecked) var substitutedSingletons: [Int: Stored] = [:]
    @exclusivity(unchecked) var assemblies: [ObjectIdentifier: WeakBox] = [:]

    /// Makes an isolated context; `trace`, if given, hears of every resolution (off, it costs one branch).
    public init(trace: (@Sendable (TraceEvent) -> Void)? = nil) {
        self.trace = trace
        (0..<64).forEach { pthread_mutex_init(stripes + $0, nil) }
    }
    deinit {
        (0..<64).forEach { pthread_mutex_destroy(stripes + $0) }
        stripes.deallocate()
    }

    /// The one assembly of type `A` in this context, made on first use.
    public func assembly<A: Assembly>() -> A {
        wiringLocked(creation) {  // `A()` finds this context in the thread's state: an assembly's `context` is constant
            if let existing = assemblies[ObjectIdentifier(A.self)]?.object as? A { return existing }
            let state = ThreadState.current(threadKey)
            state.pointee.making = self
            let made = A()
            (state.pointee.making, assemblies[ObjectIdentifier(A.self)]) = (nil, WeakBox(made))
            return made
        }
    }
}

/// One resolution step, as reported to a context's trace hook.
public struct TraceEvent: Sendable {
    /// `Assembly.key`, its scope, depth below the top-level read, the definition that asked, made or reused.
    public let definition: String, scope: Scope, depth: Int, parent: String?, created: Bool,
        substituted: Bool

    @usableFromInline init(_ frame: DIContext.Frame, created: Bool) {
        let path = frame.state.pointee.graph.pathIDs
        let names = path.suffix(2).map { DIContext.Registry.name($0 >> 2) }
        (definition, scope, depth, parent, self.created, substituted) = (
            names.last!, frame.scope, path.count - 1, names.dropLast().last, created,
            frame.substituted
        )
    }
}

// MARK: - Assembly

/// Base class of assemblies: subclass it and describe objects with `define(...)`.
open class Assembly {
    /// The context this assembly belongs to; holding the assembly keeps the context alive.
    public let context: DIContext
    /// Assemblies are made by their context; use `instance(from:)` or `context.assembly()`.
    public required init() {
        context =
            DIContext.ThreadState.current(DIContext.ThreadState.key).pointee.making
            ?? .defaultInstance
    }
    /// The assembly of this type in `context`.
    public static func instance(from context: DIContext = .defaultInstance) -> Self {
        context.assembly()
    }

    // MARK: Define

    /// Defines an object made by `init` and returned as `Result` (often a protocol).
    @inlinable public final func define<Object, Result>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object
    ) -> Result { resolve(key, scope, make) { (_: inout Object) in } }

    /// Defines an object made by `init` and given its dependencies by `inject`, which may `return $0`.
    @inlinable public final func define<Object, Result, Returned>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Result {  // an EasyDi 1.6 closure may return a changed copy: that one counts
        resolve(key, scope, make) {
            let returned = inject(&$0)
            if Returned.self == Object.self { $0 = unsafeBitCast(returned, to: Object.self) }
        }
    }

    /// Injects into an object made elsewhere (a view, say); placeholders find it by `key`.
    @inlinable @discardableResult public final func defineInjection<Object, Returned>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Object { define(key: key, scope: scope, init: object(), inject: inject) }

    /// Makes an object made elsewhere available to placeholders under `key`, injecting nothing.
    @inlinable @discardableResult public final func defineInjection<Object>(
        key: DefinitionKey = #function, scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object
    ) -> Object { define(key: key, scope: scope, init: object()) }

    @inlinable final func resolve<Object, Result>(
        _ key: DefinitionKey, _ scope: Scope, _ make: () -> Object,
        _ inject: (inout Object) -> Void
    ) -> Result {
        let context = self.context
        let state = DIContext.ThreadState.current(context.threadKey)  // a constant: no retain
        var frame = DIContext.Frame(
            state: state, id: state.pointee.id(type(of: self), key), scope: scope)
        defer { if state.pointee.ends() { DIContext.ThreadState.endGraph(state) } }
        if let found = state.pointee.begin(context, &frame) {
            return context.report(frame, false, found).value(frame)
        }
        // A singleton has one maker at a time, who looks again first.
        if frame.isSingleton { context.creation.lock() }
        defer { if frame.isSingleton { context.creation.unlock() } }
        if frame.isSingleton, let found = context.singleton(frame, locking: true) {
            return context.report(frame, false, found).value(frame)
        }
        if frame.substituted {  // made by the substitution the graph began with
            let result: Result = DIContext.cast(state.pointee.substitutions[frame.id]!(), frame)
            state.pointee.remember(frame, .init(result))
            return context.report(frame, true, result)
        }
        state.pointee.graph.slots[frame.id].initializing = true  // asked for again before `make` returns: a cycle
        var object = make()
        state.pointee.graph.slots[frame.id].initializing = false
        var result: Result = DIContext.cast(object, frame)  // a class instance goes in the graph now: cycles find it
        let isClass = Object.self is AnyObject.Type || type(of: object as Any) is AnyObject.Type  // a class behind a protocol too
        if isClass { state.pointee.remember(frame, .init(result)) }
        inject(&object)
        if !isClass {
            result = DIContext.cast(object, frame)
            state.pointee.remember(frame, .init(result))
        }  // `inject` changed the copy
        return context.report(frame, true, result)
    }
}

// MARK: - Substitutions

extension Assembly {
    /// Makes the definition named `key` return `make()` until removed (tests, A/B switches).
    public func addSubstitution<Value>(for key: String, with make: @escaping () -> Value) {
        context.substitute(DIContext.Registry.id(type(of: self), key)) { make() }
    }

    /// Restores the original definition named `key`, with its cached singleton.
    public func removeSubstitution(for key: String) {
        context.substitute(DIContext.Registry.id(type(of: self), key), nil)
    }
}

/// Gives assemblies compile-checked substitutions: `addSubstitution(for: \.apiClient) { Fake() }`.
public protocol KeyPathSubstitutable: AnyObject {}
extension Assembly: KeyPathSubstitutable {}

extension KeyPathSubstitutable where Self: Assembly {
    /// Makes the definition behind `keyPath` return `make()` until removed.
    public func addSubstitution<Value>(
        for keyPath: KeyPath<Self, Value>, with make: @escaping () -> Value
    ) {
        let substitution: () -> Any = { make() }
        let state = DIContext.ThreadState.current(context.threadKey)
        if let id = DIContext.Registry.keyPath(keyPath) {
            return context.substitute(id, substitution)
        }
        (state.pointee.probe, state.pointee.probedID) = (substitution, nil)  // the getter's define names the definition
        _ = self[keyPath: keyPath]  // and substitutes it; a singleton keeps what the substitute made for this read
        guard state.pointee.probe == nil, let id = state.pointee.probedID else {
            wiringFailure("\(keyPath) is not a definition")
        }
        _ = DIContext.Registry.keyPath(keyPath, id)
    }

    /// Restores the definition behind `keyPath`.
    public func removeSubstitution(for keyPath: KeyPath<Self, some Any>) {
        context.substitute(DIContext.Registry.keyPath(keyPath), nil)
    }
}

// MARK: - Placeholders

extension Assembly {
    /// Returns the object injected under this key in the current graph (VIPER views, say).
    @inlinable public final func definePlaceholder<Result>(key: DefinitionKey = #function) -> Result
    {
        resolve(
            key, .objectGraph,
            { () -> Result in
                wiringFailure(
                    "placeholder \(type(of: self)).\(key) has no object injected "
                        + "under that key in the current graph; call defineInjection(key:into:) first, in the same resolution"
                )
            }, { _ in })
    }
}

// MARK: - Machinery: stored values, frames, graphs, thread state

extension DIContext {
    /// A resolved value with the static type it was stored as, so reads need no dynamic cast.
    @usableFromInline struct Stored {
        @usableFromInline let object: AnyObject, type: ObjectIdentifier
        @inlinable init(_ object: AnyObject, as type: Any.Type) {
            (self.object, self.type) = (object, ObjectIdentifier(type))
        }
        @inlinable @inline(__always) init<R>(_ value: R) {  // class instances as they are, other values in a box
            self.init(
                R.self is AnyObject.Type ? unsafeBitCast(value, to: AnyObject.self) : Box(value),
                as: R.self)
        }
        @inlinable @inline(__always) consuming func value<R>(_ frame: Frame) -> R {
            guard type == ObjectIdentifier(R.self) else { return cast(object, frame) }  // e.g. a view read as its protocol
            return R.self is AnyObject.Type
                ? unsafeBitCast(object, to: R.self) : unsafeDowncast(object, to: Box<R>.self).value
        }
    }

    /// Sets or removes the substitution of a definition; a substituted singleton is made anew by the next one.
    func substitute(_ id: Int?, _ make: (() -> Any)?) {  // what it replaces is released after unlocking: a deinit may resolve
        if let id {
            _ = exclusively {
                defer { (substitutions[id], substitutedSingletons[id]) = (make, nil) }
                return (substitutions[id], substitutedSingletons[id])
            }
        }
    }

    /// Runs `body` as the one writer of the context's tables, holding every stripe.
    func exclusively<T>(_ body: () -> T) -> T {
        for i in 0..<64 { pthread_mutex_lock(stripes + i) }
        defer { for i in 0..<64 { pthread_mutex_unlock(stripes + i) } }
        return body()
    }

    /// Holds a value that is not a class instance.
    @usableFromInline final class Box<T> {
        @usableFromInline let value: T
        @usableFromInline init(_ value: T) { self.value = value }
    }
    /// Holds an assembly or a weak singleton without keeping it alive.
    @usableFromInline final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// `value` as `R`: free when the types are the same, else a dynamic cast that must succeed.
    @inlinable @inline(__always) static func cast<T, R>(_ value: T, _ frame: Frame) -> R {
        if let result = value as? R { return result }  // specialised, a cast to the same type costs nothing
        wiringFailure(
            "\(Registry.name(frame.id)) is declared as \(R.self) but "
                + "\(frame.substituted ? "its substitution" : "its definition") made \(type(of: value))"
        )
    }

    /// One define call in progress: which definition, as what scope, and whether a substitution makes it.
    @usableFromInline struct Frame {
        @usableFromInline let state: UnsafeMutablePointer<ThreadState>, id: Int
        @usableFromInline var scope: Scope, substituted = false
        @inlinable init(state: UnsafeMutablePointer<ThreadState>, id: Int, scope: Scope) {
            (self.state, self.id, self.scope) = (state, id, scope)
        }
        @usableFromInline var isSingleton: Bool { scope.rawValue >= Scope.lazySingleton.rawValue }
    }

    /// The singleton kept for `frame` (a weak one only while alive), if any, read under the thread's stripe.
    @usableFromInline @inline(__always) func singleton(_ frame: Frame, locking: Bool = false)
        -> Stored?
    {
        let stripe = stripes + frame.state.pointee.stripe  // held by the caller unless it asks for `locking`
        if locking { pthread_mutex_lock(stripe) }
        defer { if locking { pthread_mutex_unlock(stripe) } }
        guard frame.isSingleton,
            let stored = frame.substituted
                ? substitutedSingletons[frame.id]
                : frame.id < singletons.count ? singletons[frame.id] : nil
        else { return nil }
        guard stored.type == ObjectIdentifier(WeakBox.self) else { return stored }
        return unsafeDowncast(stored.object, to: WeakBox.self).object.map {
            Stored($0, as: WeakBox.self)
        }
    }

    /// Keeps a new singleton in the context (or in its substitution), then tells the trace hook.
    @inlinable @inline(__always) func report<R>(_ frame: Frame, _ created: Bool, _ result: R) -> R {
        if created && frame.isSingleton { keep(frame, Stored(result), result) }
        if let trace { trace(TraceEvent(frame, created: created)) }
        return result
    }

    @usableFromInline func keep(_ frame: Frame, _ stored: Stored, _ result: Any) {
        guard frame.scope != .weakSingleton || type(of: result) is AnyObject.Type else {
            wiringFailure(
                "\(Registry.name(frame.id)) is a weakSingleton but made \(type(of: result)), not a class"
            )
        }
        let kept =
            frame.scope == .weakSingleton
            ? Stored(WeakBox(result as AnyObject), as: WeakBox.self) : stored
        exclusively {
            if singletons.count <= frame.id {
                singletons += Array(repeating: nil, count: frame.id + 64)
            }
            if frame.substituted {
                substitutedSingletons[frame.id] = kept
            } else {
                singletons[frame.id] = kept
            }
        }
    }

    /// Per-thread state behind a pthread key: the graph under way (the objects of the resolution in progress,
    /// indexed by definition id) with the substitutions it began with, graphs paused while another context
    /// resolves inside, a spare graph, and a key cache.
    @usableFromInline struct ThreadState {
        /// The graph under way in one context: what it holds per definition id (`slots`), the define calls in progress
        /// (`path`, innermost last: id << 2 | scope) and the chain of filled slots, emptied when it ends.
        /// Raw buffers, not arrays: the hot path then makes no uniqueness checks and no copies; a graph is a plain value.
        @usableFromInline struct Graph {
            @usableFromInline var slots: UnsafeMutablePointer<Slot>, capacity: Int,
                path = UnsafeMutablePointer<Int>.allocate(capacity: 64)
            @usableFromInline var depth = 0, pathCapacity = 64, lastFilled = -1,
                context: ObjectIdentifier?
            init(capacity: Int) {
                (slots, self.capacity) = (.allocate(capacity: capacity), capacity)
                slots.initialize(repeating: Slot(), count: capacity)
            }
            func free() {
                slots.deinitialize(count: capacity).deallocate()
                path.deallocate()
            }
            var pathIDs: UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: path, count: depth) }
        }
        /// What the graph holds for one definition id; `next` chains the filled ones.
        @usableFromInline struct Slot {
            @usableFromInline var stored: Stored?, initializing = false, next = -1
        }

        @usableFromInline var graph = Graph(capacity: 64),
            keys = UnsafeMutablePointer<(address: UInt, type: UInt, id: Int)>.allocate(
                capacity: 512)
        @usableFromInline var substitutions: [Int: () -> Any] = [:],
            paused: [(Graph, [Int: () -> Any])] = []  // as the graph began
        @usableFromInline var spare: Graph?, probe: (() -> Any)?, probedID: Int?,
            stripe = Registry.nextStripe(), making: DIContext?

        static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { ended($0) }
            return key
        }()
        static func ended(_ raw: UnsafeMutableRawPointer?) {  // the thread's end: its graph is empty
            let state = raw!.assumingMemoryBound(to: ThreadState.self)
            state.pointee.graph.free()
            state.pointee.spare?.free()
            state.pointee.keys.deallocate()
            state.deinitialize(count: 1).deallocate()
        }

        /// This thread's state, made on its first define.
        @inlinable @inline(__always) static func current(_ key: pthread_key_t)
            -> UnsafeMutablePointer<ThreadState>
        {
            pthread_getspecific(key)?.assumingMemoryBound(to: ThreadState.self) ?? started(key)
        }
        @usableFromInline static func started(_ key: pthread_key_t) -> UnsafeMutablePointer<
            ThreadState
        > {
            let state = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
            state.initialize(to: ThreadState())
            state.pointee.keys.initialize(repeating: (0, 0, 0), count: 512)
            pthread_setspecific(key, state)
            return state
        }

        /// The id of a definition; literal keys hit a small cache by address, others ask the registry.
        @inlinable @inline(__always) func id(_ type: Assembly.Type, _ key: DefinitionKey) -> Int {
            guard let literal = key.literal, literal.hasPointerRepresentation else {
                return Registry.id(type, key.description)
            }
            let address = UInt(bitPattern: literal.utf8Start)
            let typeID = UInt(bitPattern: ObjectIdentifier(type))
            let entry =
                keys + Int(truncatingIfNeeded: ((address ^ typeID) &* 0x9E37_79B9_7F4A_7C15) >> 55)  // 512 entries
            if entry.pointee.address == address && entry.pointee.type == typeID {
                return entry.pointee.id
            }
            entry.pointee = (address, typeID, Registry.id(type, literal.description))
            return entry.pointee.id
        }

        /// Starts a define call: joins or starts the graph, checks for cycles, finds what exists for it.
        @usableFromInline mutating func begin(_ owner: DIContext, _ frame: inout Frame) -> Stored? {
            if graph.depth != 0 && graph.context != ObjectIdentifier(owner) {
                paused.append((graph, substitutions))
                (graph, substitutions) = (Graph(capacity: graph.capacity), [:])
            }
            let id = frame.id
            let scope = frame.scope
            let top = graph.depth == 0  // top of its own graph, even inside another context's
            if id >= graph.capacity {
                Self.grow(&graph.slots, &graph.capacity, to: id + 64, Slot())
            }
            if graph.depth == graph.pathCapacity {
                Self.grow(&graph.path, &graph.pathCapacity, to: 2 * graph.depth, 0)
            }
            let slot = graph.slots + id
            defer {
                graph.context = ObjectIdentifier(owner)
                graph.path[graph.depth] = id << 2 | frame.scope.rawValue
                graph.depth += 1
            }
            if let probe {  // addSubstitution(for: keyPath) asks which definition this is: substitute it now
                (self.probe, probedID, frame.substituted, substitutions[id]) = (
                    nil, id, true, probe
                )
                owner.substitute(id, probe)
            } else if slot.pointee.initializing
                || scope == .prototype
                    && graph.pathIDs.reversed()
                        .prefix(while: { $0 & 3 == Scope.prototype.rawValue }).contains(
                            id << 2 | Scope.prototype.rawValue)
            {
                wiringCycle(Array(graph.pathIDs), id)  // made again while making it, or prototypes all the way round
            } else if scope != .prototype, let stored = slot.pointee.stored {
                return stored
            } else if top || frame.isSingleton {
                pthread_mutex_lock(owner.stripes + stripe)
                defer { pthread_mutex_unlock(owner.stripes + stripe) }
                if top && !owner.substitutions.isEmpty { substitutions = owner.substitutions }  // (it is empty: see endGraph)
                frame.substituted = !substitutions.isEmpty && substitutions[id] != nil
                return owner.singleton(frame)
            }
            frame.substituted = !substitutions.isEmpty && substitutions[id] != nil
            return nil
        }

        /// Moves `buffer` to a larger one, filling the new places.
        static func grow<T>(
            _ buffer: inout UnsafeMutablePointer<T>, _ count: inout Int, to size: Int, _ fill: T
        ) {
            let larger = UnsafeMutablePointer<T>.allocate(capacity: size)
            larger.moveInitialize(from: buffer, count: count)
            (larger + count).initialize(repeating: fill, count: size - count)
            buffer.deallocate()
            (buffer, count) = (larger, size)
        }

        /// Ends a define call: true when it was the top-level one and its graph has something to undo.
        @inlinable @inline(__always) mutating func ends() -> Bool {
            graph.depth -= 1
            return graph.depth == 0
                && (graph.lastFilled >= 0 || !substitutions.isEmpty || !paused.isEmpty)
        }

        /// Ends the graph under way: the thread takes up the paused graph (or the spare one) first, then the ended
        /// graph is emptied, so it keeps nothing alive and a deinit that resolves meanwhile finds the state whole.
        @usableFromInline static func endGraph(_ state: UnsafeMutablePointer<ThreadState>) {  // through the pointer, which deinits change
            var ended = state.pointee.graph
            var substitutions: [Int: () -> Any] = [:]
            swap(&substitutions, &state.pointee.substitutions)
            if let resumed = state.pointee.paused.popLast() {
                (state.pointee.graph, state.pointee.substitutions) = resumed
            } else {
                (state.pointee.graph, state.pointee.spare) = (
                    state.pointee.spare ?? Graph(capacity: ended.capacity), nil
                )
            }
            while ended.lastFilled >= 0 {
                let slot = ended.slots + ended.lastFilled
                (ended.lastFilled, slot.pointee) = (slot.pointee.next, Slot())
            }
            if state.pointee.spare == nil { state.pointee.spare = ended } else { ended.free() }
            withExtendedLifetime(substitutions) {}
        }

        /// Keeps a new object for the rest of the graph (prototypes excepted) and returns it.
        @inlinable @inline(__always) mutating func remember(
            _ frame: Frame, _ stored: __owned Stored
        ) {
            guard frame.scope != .prototype else { return }
            let slot = graph.slots + frame.id
            if slot.pointee.stored == nil {
                (slot.pointee.next, graph.lastFilled) = (graph.lastFilled, frame.id)
            }
            slot.pointee.stored = stored
        }
    }

    /// Process-wide numbering of definitions (assembly type + key), so graphs and singletons index arrays.
    @usableFromInline enum Registry {
        static let lock = NSLock()  // guards the three tables
        nonisolated(unsafe) static var ids: [ObjectIdentifier: [String: Int]] = [:],
            names: [String] = [], threads = 0, keyPaths: [AnyKeyPath: Int] = [:]

        @usableFromInline static func id(_ type: Assembly.Type, _ key: String) -> Int {
            wiringLocked(lock) {  // keyed by the type itself: type names can repeat across modules
                if let id = ids[ObjectIdentifier(type)]?[key] { return id }
                ids[ObjectIdentifier(type), default: [:]][key] = names.count
                names.append("\(type).\(key)")
                return names.count - 1
            }
        }

        @usableFromInline static func name(_ id: Int) -> String { wiringLocked(lock) { names[id] } }
        static func keyPath(_ k: AnyKeyPath, _ id: Int? = nil) -> Int? {
            wiringLocked(lock) {
                keyPaths[k] = id ?? keyPaths[k]
                return keyPaths[k]
            }
        }
        static func nextStripe() -> Int {
            wiringLocked(lock) {
                threads += 1
                return threads % 8 * 8
            }
        }  // far apart in memory
    }
}

@usableFromInline func wiringLocked<T>(_ lock: NSLocking, _ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
}

// MARK: - Diagnostics

/// Stops with a message that names what went wrong; also in release builds.
@usableFromInline func wiringFailure(_ message: String) -> Never {
    fatalError("Wiring: " + message)
}

@usableFromInline func wiringCycle(_ path: [Int], _ id: Int) -> Never {
    let names = (path[(path.firstIndex { $0 >> 2 == id } ?? 0)...].map { $0 >> 2 } + [id]).map(
        DIContext.Registry.name)
    wiringFailure(
        "cycle that cannot close: \(names.joined(separator: " → ")) is asked for again before it is made; "
            + "set one side in inject: instead of init:, or make a prototype objectGraph")
}
