// Wiring: dependency injection for Swift in one file. MIT licence.
//
// Assemblies describe objects with computed properties that call `define(...)`. A `DIContext`
// keeps what outlives one read: singletons, substitutions and one assembly of each type. What a
// top-level read makes lives in the reading thread's `Resolution` and is let go when it returns.
//
// The file reads: scopes → context → assembly → define (and `Resolution.supply`, the one path
// that makes or finds every object) → substitutions → placeholders → diagnostics. Every
// declaration is nonisolated and every internal type is nested, so a copy of this file in an app
// module (MainActor by default or not) adds only its public names.
import Foundation

// MARK: - Scopes

nonisolated extension Assembly {
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

        var isSingleton: Bool { self == .lazySingleton || self == .weakSingleton }
    }
}

// MARK: - Context

/// Keeps singletons, substitutions and one assembly of each type, apart from other contexts.
///
/// A context lives while you hold it or one of its assemblies. It holds its assemblies only
/// while something else does, and its singletons and substitutions for as long as it lives: so
/// nothing it keeps may hold one of its assemblies, or it lives forever. A substitute that needs
/// another definition takes that definition's assembly as its parameter instead of capturing it.
public nonisolated final class DIContext: @unchecked Sendable {
    /// The context that `Assembly.instance()` uses when no other is current: the one given to
    /// the innermost `withDefault` of this task or thread, else a process-wide one, settable as in
    /// EasyDi.
    public static var defaultInstance: DIContext {
        get { Default.scoped ?? Default.lock.withLock { Default.context } }
        set {
            var replaced = newValue
            Default.lock.withLock { swap(&replaced, &Default.context) }
        }  // the replaced context is let go here, unlocked: its deinits may read
    }

    /// Runs `operation` with `context` as the default context of this thread or task and of the
    /// tasks it starts, so that tests running in parallel each substitute in their own.
    ///
    /// - Parameters:
    ///   - context: The context that `defaultInstance` gives while `operation` runs.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    public static func withDefault<R>(_ context: DIContext, _ operation: () throws -> R) rethrows
        -> R
    {
        try Default.$scoped.withValue(context, operation: operation)
    }

    /// Runs the asynchronous `operation` with `context` as the default context of this task and
    /// of the tasks it starts.
    ///
    /// - Parameters:
    ///   - context: The context that `defaultInstance` gives while `operation` runs.
    ///   - isolation: Where `operation` runs; the caller's, by default.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    public static func withDefault<R>(
        _ context: DIContext,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> R
    ) async rethrows -> R {
        try await Default.$scoped.withValue(context, operation: operation)
    }

    let trace: (@Sendable (TraceEvent) -> Void)?
    /// Guards `tables` and every `Substitution`'s `singletons` and `used`; never held while user
    /// code runs.
    let lock = NSLock()
    var tables = Tables()
    /// Held while a singleton of any context is made, so that each is made once and singletons
    /// of two contexts that need each other cannot deadlock; recursive, as one may need others.
    /// Only making the singleton runs under it: trace events are told when the read ends.
    static let creation = NSRecursiveLock()

    /// Makes an isolated context.
    ///
    /// - Parameter trace: If given, hears of every definition read, on the reading thread, when
    ///   the top-level read ends.
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
        if let kept = lock.withLock({ tables.assemblies[id]?.value }) {
            return kept as! Assembly
        }
        let made = Resolution.current().making(type, in: self)
        return lock.withLock {
            if let kept = tables.assemblies[id]?.value {
                return kept as! Assembly
            }
            tables.assemblies[id] = Kept(made, weakly: true)
            return made
        }
    }

    /// The substitutions of this context that no read has used since they were added, as
    /// `Assembly.name`: a test that expects its fakes to be read checks that this is empty.
    public var unusedSubstitutions: [String] {
        lock.withLock { tables.substitutions.values.filter { !$0.used }.map(\.name).sorted() }
    }

    /// What a context keeps between reads; `lock` guards it.
    struct Tables {
        var singletons = Shelf()
        var substitutions: [Key: Substitution] = [:]
        /// The definition each key path added here names, so that removing reads no getter.
        var keyPaths: [KeyPathName: Key] = [:]
        var assemblies: [ObjectIdentifier: Kept] = [:]
    }

    /// The singleton that `substitution` (or, without one, the definition) made at `slot`.
    func singleton(_ slot: Slot, by substitution: Substitution?) -> Any? {
        lock.withLock { (substitution?.singletons ?? tables.singletons)[slot] }
    }

    /// Keeps the singleton `frame` made, in its substitution or in the context. A weak one must
    /// be an object, or an optional one; an empty optional is not kept.
    func keep(_ value: Any, for frame: Frame) {
        var kept = Kept(value, weakly: false)
        if frame.read.scope == .weakSingleton {
            let mirror = Mirror(reflecting: value)
            guard
                let object = mirror.displayStyle == .optional ? mirror.children.first?.value : value
            else {
                return
            }
            guard type(of: object) is AnyObject.Type else {
                DIContext.fail(
                    "\(frame.read) is a weakSingleton but made \(type(of: value)), not a class")
            }
            kept = Kept(object, weakly: true)
        }
        lock.withLock {
            if let substitution = frame.substitution {
                substitution.singletons.put(kept, at: frame.slot)
            } else {
                tables.singletons.put(kept, at: frame.slot)
            }
        }
    }

    /// The singletons of a context or of one substitution, by slot, each made once under the
    /// creation lock: only an entry whose weak singleton was released is ever replaced. Entries
    /// of released weak singletons are dropped whenever the shelf has doubled since the last
    /// sweep, so sweeping costs O(1) amortised.
    struct Shelf {
        /// The fewest entries a shelf holds before it is swept.
        static let smallestSweep = 64
        var entries: [Slot: Kept] = [:]
        var sweepAt = smallestSweep

        subscript(slot: Slot) -> Any? { entries[slot]?.value }

        mutating func put(_ kept: Kept, at slot: Slot) {
            if entries.count >= sweepAt {
                entries = entries.filter { $0.value.value != nil }
                sweepAt = max(Self.smallestSweep, 2 * entries.count)
            }
            entries[slot] = kept
        }
    }

    /// A singleton or an assembly, held strongly, or weakly for a `weakSingleton` and the
    /// context's assemblies.
    struct Kept {
        let strong: Any?
        weak var weak: AnyObject?

        init(_ value: Any, weakly: Bool) {
            strong = weakly ? nil : value
            weak = weakly ? value as AnyObject : nil
        }

        var value: Any? { strong ?? weak }
    }

    /// The default contexts: the process-wide one, which `lock` guards, and a task's.
    enum Default {
        static let lock = NSLock()
        nonisolated(unsafe) static var context = DIContext()
        @TaskLocal static var scoped: DIContext?
    }

    /// One definition read, as reported to a context's trace hook, parents before children.
    public struct TraceEvent: Sendable {
        /// The definition read, as `Assembly.key`.
        public let definition: String
        /// Its scope.
        public let scope: Assembly.Scope
        /// How many definitions were being read around it (0 for a top-level read).
        public let depth: Int
        /// The definition that asked for it, if any.
        public let parent: String?
        /// True when this read makes the object, false when it finds it.
        public let created: Bool
        /// True when a substitution gives the object.
        public let substituted: Bool
    }
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
nonisolated open class Assembly {
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

nonisolated extension Assembly {
    /// Defines an object made by `make` and returned as `Result` (often a protocol).
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default. A method with
    ///     arguments gives one made from them (`key: "item-\(n)"`).
    ///   - definitionKey: The name substitutions also match; the calling property's by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    ///   - file: Where the define call is, which tells an override's define from its superclass's.
    ///   - line: Where the define call is, which tells an override's define from its superclass's.
    @inlinable public final func define<Object, Result>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Result {
        resolve(key, definitionKey, scope, make, at: .init(file, line)) { _ in }
    }

    /// Defines an object made by `make` and given its dependencies by `inject`.
    ///
    /// `inject` changes the object in place (`{ $0.client = self.client }`) or returns it, as
    /// in EasyDi (`{ $0.client = self.client; return $0 }`); what it returns is the result.
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default.
    ///   - definitionKey: The name substitutions also match; the calling property's by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    ///   - inject: Sets the object's dependencies by reading other definitions.
    ///   - file: Where the define call is, which tells an override's define from its superclass's.
    ///   - line: Where the define call is, which tells an override's define from its superclass's.
    @inlinable public final func define<Object, Result, Returned>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (inout Object) -> Returned,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Result {
        resolve(key, definitionKey, scope, make, at: .init(file, line)) { Self.apply(inject, &$0) }
    }

    /// Defines an object with an `inject` that takes the object and returns it: a typed closure
    /// (`{ (o: X) -> X in …; return o }`) or a function.
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default.
    ///   - definitionKey: The name substitutions also match; the calling property's by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    ///   - inject: Sets the object's dependencies and returns the result.
    ///   - file: Where the define call is, which tells an override's define from its superclass's.
    ///   - line: Where the define call is, which tells an override's define from its superclass's.
    @_disfavoredOverload
    @inlinable public final func define<Object, Result>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (Object) -> Object,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Result {
        resolve(key, definitionKey, scope, make, at: .init(file, line)) { $0 = inject($0) }
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
        resolve(key, key, scope, object, at: nil, substitutable: false) { Self.apply(inject, &$0) }
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
        resolve(key, key, scope, object, at: nil, substitutable: false) { $0 = inject($0) }
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
        resolve(key, key, scope, object, at: nil, substitutable: false) { _ in }
    }

    /// Runs an `inject:` closure on `object`; an object of the object's type (a subclass too)
    /// that it returns replaces it.
    @inlinable static func apply<Object, Returned>(
        _ inject: (inout Object) -> Returned,
        _ object: inout Object
    ) {
        let returned = inject(&object)
        if Returned.self != Void.self, let returned = returned as? Object {
            object = returned
        }
    }

    /// Reads a definition through `Resolution.obtain`, with a maker that records the new object
    /// before `inject` runs, so that cycles close.
    @inlinable final func resolve<Object, Result>(
        _ key: String,
        _ name: String,
        _ scope: Scope,
        _ make: () -> Object,
        at site: DIContext.Site?,
        substitutable: Bool = true,
        _ inject: (inout Object) -> Void
    ) -> Result {
        let read = DIContext.Read(
            type(of: self), key, name, scope, Result.self, site, substitutable: substitutable)
        let value = DIContext.Resolution.current().obtain(read, in: context) {
            var object = make()
            $0.record(object)
            inject(&object)
            return object
        }
        guard let result = value as? Result else {
            DIContext.mismatch(read, Result.self, value, in: context)
        }
        return result
    }
}

nonisolated extension DIContext {
    /// Names a definition in a context's tables and a graph: its assembly type and a name.
    struct Key: Hashable {
        let assembly: ObjectIdentifier
        let name: String
    }

    /// Where a define call is: reads of one key from two define calls are two definitions (a
    /// subclass's and its superclass's), kept apart in graphs and among singletons.
    @usableFromInline struct Site: Hashable {
        let file: UnsafeRawPointer
        let line: UInt

        @usableFromInline init(_ file: StaticString, _ line: UInt) {
            self.file = UnsafeRawPointer(file.utf8Start)
            self.line = line
        }
    }

    /// One definition read as its define call asks: which, under which names, of what type, and
    /// from where. A placeholder and `defineInjection` give no site, so that the one finds what
    /// the other keeps; no substitution replaces what `defineInjection` keeps.
    @usableFromInline struct Read: CustomStringConvertible {
        let assembly: Assembly.Type
        let key: Key
        /// The calling property's or method's name, which substitutions also match.
        let name: String
        let scope: Assembly.Scope
        let result: ObjectIdentifier
        let site: Site?
        let substitutable: Bool

        @usableFromInline init(
            _ assembly: Assembly.Type, _ key: String, _ name: String, _ scope: Assembly.Scope,
            _ result: Any.Type, _ site: Site?, substitutable: Bool
        ) {
            self.assembly = assembly
            self.key = Key(assembly: ObjectIdentifier(assembly), name: key)
            self.name = name
            self.scope = scope
            self.result = ObjectIdentifier(result)
            self.site = site
            self.substitutable = substitutable
        }

        @usableFromInline var description: String { "\(assembly).\(key.name)" }

        /// The key of the calling property or method, which substitutions also match.
        var byName: Key { Key(assembly: key.assembly, name: name) }

        /// Where this read's object is kept when no substitution makes it.
        var slot: Slot { Slot(key: key, site: site, substituted: false) }

        /// True if `read` is this define call's superclass's definition: the same key, read
        /// from another define call.
        func overrides(_ read: Read) -> Bool {
            read.key == key && read.site != nil && site != nil && read.site != site
        }

        /// Stops if this is a method with arguments but no key, as its calls would share one
        /// object: when one is found in the graph, or a singleton is made.
        func mustNotShare() {
            guard key.name.hasSuffix(":)") else {
                return
            }
            DIContext.fail(
                "\(self) is a method with arguments but no key:, so its calls would share one "
                    + "object; give each its own key, such as define(key: \"item-\\(n)\", …), "
                    + "or use scope: .prototype")
        }
    }

    /// What one thread is reading. Only its thread touches it, and only inside Wiring's own
    /// calls: `top` is the innermost define call under way, `graphs` the objects of the read
    /// under way by context, and `assemblies` the assemblies this thread is making. Nothing it
    /// holds is let go while one of its properties is being changed, so a `deinit` that reads
    /// finds it whole.
    @usableFromInline final class Resolution {
        var top: Frame?
        var graphs: [ObjectIdentifier: Graph] = [:]
        /// The assemblies this thread is making, with how many define calls were under way then.
        var assemblies: [(type: Assembly.Type, context: DIContext, depth: Int)] = []
        /// The key-path probe whose getter runs, if any; its read has the thread to itself.
        var probe: Probe?
        /// The trace events of the reads under way, told when the outermost ends: never while a
        /// singleton is being made.
        var events: [(hook: @Sendable (TraceEvent) -> Void, event: TraceEvent)] = []
        /// How many reads are under way, counting a key-path probe's and a `deinit`'s started
        /// inside another read.
        var reading = 0
        /// Below this address the thread's stack is nearly used up.
        let stackLimit = Resolution.stackLimit()

        static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { Unmanaged<Resolution>.fromOpaque($0!).release() }
            return key
        }()

        /// This thread's resolution, made on its first read.
        @usableFromInline static func current() -> Resolution {
            if let raw = pthread_getspecific(key) {
                return Unmanaged<Resolution>.fromOpaque(raw).takeUnretainedValue()
            }
            let resolution = Resolution()
            pthread_setspecific(key, Unmanaged.passRetained(resolution).toOpaque())
            return resolution
        }

        /// How many define calls are under way.
        var depth: Int { top?.depth ?? 0 }

        /// The context of the innermost assembly or define call this thread is making, if any.
        var currentContext: DIContext? {
            if let making = assemblies.last, making.depth == depth {
                return making.context
            }
            return top?.graph.context ?? assemblies.last?.context
        }

        /// Makes an assembly of `type` for `context`; stops if this thread is already making it.
        func making(_ type: Assembly.Type, in context: DIContext) -> Assembly {
            if let start = assemblies.firstIndex(where: {
                $0.type == type && $0.context === context
            }) {
                let names = (assemblies[start...].map(\.type) + [type]).map { "\($0)" }
                DIContext.fail(
                    "assemblies made in each other's stored properties: "
                        + "\(names.joined(separator: " → ")); get one with a computed property, "
                        + "such as `var other: Other { context.assembly() }`")
            }
            assemblies.append((type, context, depth))
            defer { assemblies.removeLast() }
            return type.init()
        }

        /// Reads `read` in `context` through `supply`. The top-level read's end lets go of its
        /// graphs, this thread's state clean first, so a `deinit` that reads starts a read of its
        /// own; the outermost read's end then tells the trace events.
        @usableFromInline func obtain(
            _ read: Read, in context: DIContext, make: (Resolution) -> Any
        )
            -> Any
        {
            let stack = guardStack(read)
            // A top-level singleton read skips the graph: 6,701 → 1,956 instructions a read in
            // `Benchmarks/run --callgrind singleton`.
            if top == nil, probe == nil, read.scope.isSingleton, context.trace == nil,
                let kept = context.lock.withLock({
                    context.tables.substitutions.isEmpty
                        ? context.tables.singletons[read.slot] : nil
                })
            {
                return kept
            }
            reading += 1
            let value = supply(read, graph(of: context), stack, make)
            if top == nil {
                let probe = self.probe
                self.probe = nil  // from here on a deinit's reads are its own, not the probe's
                var ended: [ObjectIdentifier: Graph] = [:]
                swap(&ended, &graphs)
                for graph in ended.values {
                    graph.objects.removeAll()  // its records hold it: let them go
                    graph.discarded.removeAll()
                }
                _ = consume ended
                self.probe = probe
            }
            reading -= 1
            if reading == 0 {
                var told: [(hook: @Sendable (TraceEvent) -> Void, event: TraceEvent)] = []
                swap(&told, &events)
                for (hook, event) in told {
                    hook(event)
                }
            }
            return value
        }

        /// The one path that makes or finds an object for a definition read, whoever supplies
        /// it: the definition (`make`), its substitution, or a key-path probe's substitute. It
        /// finds it in the graph or among the singletons, or makes it (a singleton under the
        /// creation lock, checked again once locked), and records it in the graph.
        func supply(_ read: Read, _ graph: Graph, _ stack: UInt, _ make: (Resolution) -> Any)
            -> Any
        {
            let caller = top
            let layered = caller.map { $0.replaces(read, in: graph) } ?? false
            let probe = self.probe
            let probing = caller == nil && probe?.result == read.result
            let substitutable = read.substitutable && !layered
            let substitution =
                probing
                ? probe!.serve(read, graph.context)
                : substitutable ? graph.substitution(of: read) : nil
            let frame = Frame(read, graph, substitution, caller, stack)
            if read.scope != .prototype, let record = graph.claim(frame) {
                guard let object = record.object else {
                    DIContext.cycle(Self.reads(to: caller) + [read])
                }
                read.mustNotShare()
                if record.standIn == .made {
                    record.standIn = .read
                }
                return found(object, frame)
            }
            if let substitution, !probing {
                graph.context.lock.withLock { substitution.used = true }
            }
            let singleton = read.scope.isSingleton
            if singleton {
                if let kept = graph.context.singleton(frame.slot, by: substitution) {
                    return found(kept, frame)
                }
                DIContext.creation.lock()
            }
            defer {
                if singleton {
                    DIContext.creation.unlock()
                }
            }
            if singleton, let kept = graph.context.singleton(frame.slot, by: substitution) {
                return found(kept, frame)  // made meanwhile
            }
            note(read, graph, substitution, created: true)
            top = frame
            let value = substitution?.make(graph.context) ?? make(self)
            top = caller
            if probing {
                probe!.served = value
            }
            if frame.standIn == .read, let standIn = frame.object,
                type(of: value) is AnyObject.Type,
                value as AnyObject !== standIn as AnyObject
            {
                DIContext.fail(
                    "cycle that cannot close: \(read) was read while its substitute ran, and got "
                        + "what the substitute's first define of its type made (as in EasyDi), but "
                        + "the substitute returned another object; make it first, or set one side "
                        + "in inject:")
            }
            if singleton {
                read.mustNotShare()
                graph.context.keep(value, for: frame)
            }
            frame.put(value)
            return value
        }

        /// Records `object` in the innermost define call before its inject runs, so that cycles
        /// close. The first define a substitute calls of the type it replaces makes the
        /// substitute, as in EasyDi, so it is recorded for the substitution too.
        @usableFromInline func record(_ object: Any) {
            guard let frame = top else {
                return
            }
            frame.put(object)
            if frame.read.scope != .prototype, let outer = frame.parent, outer.substitution != nil,
                outer.read.scope != .prototype, outer.read.key != frame.read.key,
                outer.object == nil, outer.read.result == frame.read.result
            {
                outer.put(object)
                outer.standIn = .made
            }
        }

        /// Reports an object found for `frame`'s read, and holds it there.
        func found(_ object: Any, _ frame: Frame) -> Any {
            note(frame.read, frame.graph, frame.substitution, created: false)
            frame.put(object)
            return object
        }

        /// This read's graph of `context`, started with the context's substitutions if new.
        func graph(of context: DIContext) -> Graph {
            if let graph = top?.graph, graph.context === context {
                return graph
            }
            if let graph = graphs[ObjectIdentifier(context)] {
                return graph
            }
            let graph = Graph(context)
            graphs[ObjectIdentifier(context)] = graph
            return graph
        }

        /// The reads under way at `top`, outermost first.
        static func reads(to top: Frame?) -> [Read] {
            top.map { sequence(first: $0, next: \.parent).map(\.read).reversed() } ?? []
        }

        /// Adds the trace event of `read`, if its context has a trace hook.
        func note(_ read: Read, _ graph: Graph, _ by: Substitution?, created: Bool) {
            if let hook = graph.context.trace {
                let event = TraceEvent(
                    definition: "\(read)", scope: read.scope, depth: depth,
                    parent: top.map { "\($0.read)" }, created: created, substituted: by != nil)
                events.append((hook, event))
            }
        }

        /// Stops before a define call that would leave too little stack for the next one (taken
        /// to need as much as this one's caller used) on top of `stackLimit`; returns the stack's
        /// address.
        func guardStack(_ read: Read) -> UInt {
            var marker = 0
            let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
            let level = top.map { $0.stack > here ? $0.stack - here : 0 } ?? 0
            guard here < stackLimit + level else {
                return here
            }
            // The message is made on a thread of its own, as this one has little stack left: even
            // a new array here may run the runtime's type lookup, which takes many kilobytes.
            nonisolated(unsafe) let last = (top, read)
            let thread = Thread {
                DIContext.fail(Self.stackMessage(last.0, last.1))
            }
            thread.stackSize = 1 << 20
            thread.start()
            while true {
                sleep(1)
            }
        }

        /// Names the define calls that used up the stack: the repeating ones, if any.
        static func stackMessage(_ top: Frame?, _ read: Read) -> String {
            let earlier = reads(to: top)
            let start = earlier.lastIndex { $0.key == read.key } ?? max(0, earlier.count - 3)
            let path = (earlier + [read])[start...].suffix(9).map { "\($0)" }
            let repeating = earlier.indices.contains(start) && earlier[start].key == read.key
            let loop = earlier[start...].allSatisfy { $0.scope == .prototype }
            return "definitions nested \(earlier.count) deep have used up the thread's stack, "
                + (repeating ? "repeating …" : "ending …") + path.joined(separator: " → ") + "; "
                + (repeating && loop
                    ? "prototypes always make new ones; make one of them objectGraph"
                    : "does a definition or substitution read itself forever?")
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

    /// A define call under way, then the record of its object in its read's graph: its read, its
    /// context's graph, who supplies the object, the call that asked for it, and the stack's
    /// address when it started. Only the reading thread touches it. A graph's records hold the
    /// graph: the top-level read's end lets go of them.
    final class Frame {
        let read: Read
        let graph: Graph
        let substitution: Substitution?
        let parent: Frame?
        let depth: Int
        let stack: UInt
        /// Where the graph (if not a prototype) and the singletons keep its object.
        let slot: Slot
        /// The object, once made (`nil` while it is being made).
        var object: Any?
        /// For a substitute's call, whether its object is the one its first define of its type
        /// made (EasyDi's rule), standing in until it returns, and whether a read got it.
        var standIn = StandIn.none

        enum StandIn {
            case none
            case made
            case read
        }

        init(
            _ read: Read, _ graph: Graph, _ by: Substitution?, _ parent: Frame?, _ stack: UInt
        ) {
            self.read = read
            self.graph = graph
            self.substitution = by
            self.parent = parent
            self.depth = (parent?.depth ?? 0) + 1
            self.stack = stack
            self.slot = by == nil ? read.slot : Slot(key: read.key, site: nil, substituted: true)
        }

        /// True if `read` is what this call's definition stands in for, read from inside it: its
        /// original, if a substitution supplies this call, or its superclass's definition.
        func replaces(_ read: Read, in graph: Graph) -> Bool {
            self.graph === graph
                && (self.read.overrides(read) || self.read.key == read.key && substitution != nil)
        }

        /// Holds `value`; the object held before stays in the graph until the read ends, so that
        /// a deinit that reads starts a read of its own.
        func put(_ value: Any) {
            if let replaced = object {
                graph.discarded.append(replaced)
            }
            object = value
        }
    }

    /// Where a graph or a table of singletons keeps an object: its definition's key, the define
    /// call that made it, or whether its substitute made it. A substitute that reads its
    /// original, or an override that reads `super`, reads another slot than its own.
    struct Slot: Hashable {
        let key: Key
        let site: Site?
        let substituted: Bool
    }

    /// The objects one top-level read made in one context, by slot (prototypes are not kept),
    /// and the context's substitutions as the read found them. Only the reading thread touches it.
    final class Graph {
        let context: DIContext
        let substitutions: [Key: Substitution]
        var objects: [Slot: Frame?] = [:]
        /// Objects that an `inject:` replaced, let go when the read ends.
        var discarded: [Any] = []

        init(_ context: DIContext) {
            self.context = context
            self.substitutions = context.lock.withLock { context.tables.substitutions }
            // Room for a screen's worth of objects, so the table does not grow four times a read:
            // graph11 55,649 → 46,309 instructions in `Benchmarks/run --callgrind graph11`.
            objects.reserveCapacity(16)
        }

        /// The record at `frame`'s slot, if there is one; else none, and `frame` is its record now
        /// (one hash for both).
        func claim(_ frame: Frame) -> Frame? {
            func take(_ record: inout Frame?) -> Frame? {
                if record == nil {
                    record = frame
                    return nil
                }
                return record
            }
            return take(&objects[frame.slot, default: nil])
        }

        /// The substitution of `read`, by its key or else by its calling property's name.
        func substitution(of read: Read) -> Substitution? {
            substitutions.isEmpty ? nil : substitutions[read.key] ?? substitutions[read.byName]
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

nonisolated extension Assembly {
    /// Makes the definition named `key` return `make()` until removed (tests, A/B switches).
    ///
    /// The context keeps `make`: if it captures an assembly of the same context, the context is
    /// never freed. To read another definition, take its assembly as the closure's parameter.
    ///
    /// - Parameters:
    ///   - key: The definition's key, or the name of the property or method that defines it.
    ///   - make: Makes the substitute.
    public func addSubstitution<Value>(for key: String, with make: @escaping () -> Value) {
        substitute(key, .init("\(type(of: self)).\(key)") { _ in make() })
    }

    /// Makes the definition named `key` return what `make` gives, given the assembly of type
    /// `Other` in this context: `addSubstitution(for: "feature") { (v2: V2) in v2.feature }`.
    ///
    /// - Parameters:
    ///   - key: The definition's key, or the name of the property or method that defines it.
    ///   - make: Makes the substitute from the assembly it reads.
    public func addSubstitution<Value, Other: Assembly>(
        for key: String,
        with make: @escaping (Other) -> Value
    ) {
        substitute(key, .init("\(type(of: self)).\(key)") { make($0.assembly()) })
    }

    /// Restores the original definition named `key`, with its singleton if it has one.
    ///
    /// - Parameter key: The name the substitution was added for.
    public func removeSubstitution(for key: String) {
        substitute(key, nil)
    }

    /// Sets or removes the substitution of this assembly type's definition `name`.
    func substitute(_ name: String, _ substitution: DIContext.Substitution?) {
        let key = DIContext.Key(assembly: ObjectIdentifier(type(of: self)), name: name)
        substitute(key, substitution, keyPath: nil)
    }

    /// Sets or removes the substitution of `key`, remembering the key path that names it, if
    /// any, and forgetting those that named the one replaced. That one is let go after
    /// unlocking: its deinit may read.
    func substitute(
        _ key: DIContext.Key,
        _ substitution: DIContext.Substitution?,
        keyPath: DIContext.KeyPathName?
    ) {
        let replaced = context.lock.withLock {
            let replaced = context.tables.substitutions[key]
            context.tables.substitutions[key] = substitution
            context.tables.keyPaths = context.tables.keyPaths.filter { $0.value != key }
            if let keyPath {
                context.tables.keyPaths[keyPath] = key
            }
            return replaced
        }
        withExtendedLifetime(replaced) {}
    }
}

/// Gives assemblies compile-checked substitutions: `addSubstitution(for: \.apiClient) { Fake() }`.
public nonisolated protocol KeyPathSubstitutable: AnyObject {}

nonisolated extension Assembly: KeyPathSubstitutable {}

nonisolated extension KeyPathSubstitutable where Self: Assembly {
    /// Makes the definition behind `keyPath` return `make()` until removed.
    ///
    /// Adding reads the property once, served by `make` (a singleton keeps what it made), to
    /// learn which definition it names: the one define call it makes of the property's type.
    ///
    /// - Parameters:
    ///   - keyPath: A property whose getter returns a `define(...)`.
    ///   - file: Where the call is, for the message if the key path is not one definition.
    ///   - line: Where the call is, for the message if the key path is not one definition.
    ///   - make: Makes the substitute.
    public func addSubstitution<Value>(
        for keyPath: KeyPath<Self, Value>,
        file: StaticString = #fileID,
        line: UInt = #line,
        with make: @escaping () -> Value
    ) {
        substitute(keyPath, "\(file):\(line)") { _ in make() }
    }

    /// Makes the definition behind `keyPath` return what `make` gives, given the assembly of
    /// type `Other` in this context: `addSubstitution(for: \.feature) { (v2: V2) in v2.feature }`.
    ///
    /// - Parameters:
    ///   - keyPath: A property whose getter returns a `define(...)`.
    ///   - file: Where the call is, for the message if the key path is not one definition.
    ///   - line: Where the call is, for the message if the key path is not one definition.
    ///   - make: Makes the substitute from the assembly it reads.
    public func addSubstitution<Value, Other: Assembly>(
        for keyPath: KeyPath<Self, Value>,
        file: StaticString = #fileID,
        line: UInt = #line,
        with make: @escaping (Other) -> Value
    ) {
        substitute(keyPath, "\(file):\(line)") { make($0.assembly()) }
    }

    /// Restores the definition that a substitution added for `keyPath` replaced; does nothing
    /// if none was added for it. Reads nothing.
    ///
    /// - Parameter keyPath: The key path the substitution was added for.
    public func removeSubstitution<Value>(for keyPath: KeyPath<Self, Value>) {
        let name = DIContext.KeyPathName(
            keyPath: keyPath, assembly: ObjectIdentifier(type(of: self)))
        if let key = context.lock.withLock({ context.tables.keyPaths[name] }) {
            substitute(key, nil, keyPath: nil)
        }
    }

    /// Learns the definition behind `keyPath` with a probe read, then substitutes it.
    func substitute<Value>(
        _ keyPath: KeyPath<Self, Value>,
        _ site: String,
        _ make: @escaping (DIContext) -> Any
    ) {
        let resolution = DIContext.Resolution.current()
        let probe = DIContext.Probe(Value.self, site, make)
        // The probe is a top-level read of its own: a read under way keeps its graphs.
        let outer = (probe: resolution.probe, top: resolution.top, graphs: resolution.graphs)
        resolution.probe = probe
        resolution.top = nil
        resolution.graphs = [:]
        let returned = self[keyPath: keyPath]
        resolution.probe = outer.probe
        resolution.top = outer.top
        resolution.graphs = outer.graphs
        let read = probe.check(returned, context)
        let name = DIContext.KeyPathName(
            keyPath: keyPath, assembly: ObjectIdentifier(type(of: self)))
        substitute(read.byName, probe.substitution, keyPath: name)
    }
}

nonisolated extension DIContext {
    /// A substitute's maker (given the context, so that it need not capture an assembly), its
    /// name for `unusedSubstitutions`, the singletons it made and whether a read has used it;
    /// the context's `lock` guards `singletons` and `used`.
    final class Substitution {
        var name: String
        let make: (DIContext) -> Any
        var singletons = Shelf()
        var used = false

        init(_ name: String, _ make: @escaping (DIContext) -> Any) {
            self.name = name
            self.make = make
        }
    }

    /// A key path on an assembly type: how a context remembers what it substituted.
    struct KeyPathName: Hashable {
        let keyPath: AnyKeyPath
        let assembly: ObjectIdentifier
    }

    /// A key path's probe read: the one define call its getter makes of the key path's type, at
    /// the top of the probe's own read, is its definition; the substitution serves it, and the
    /// getter must return what it served, in the assembly's context.
    final class Probe {
        let result: ObjectIdentifier
        let site: String
        let substitution: Substitution
        var found: (read: Read, context: DIContext)?
        var served: Any?

        init(_ type: Any.Type, _ site: String, _ make: @escaping (DIContext) -> Any) {
            self.result = ObjectIdentifier(type)
            self.site = site
            self.substitution = Substitution("", make)
        }

        /// Takes `read` as the key path's definition, and its substitution to serve it.
        func serve(_ read: Read, _ context: DIContext) -> Substitution {
            if let found, found.read.key != read.key || found.context !== context {
                fail("reads more than one definition of its type: \(found.read) and \(read)")
            }
            found = (read, context)
            return substitution
        }

        /// The definition the probe found, or a stop if it found none, one of another context,
        /// or the getter returned another object than the one served.
        func check(_ returned: Any, _ context: DIContext) -> Read {
            guard let found else {
                fail("is not a definition: its getter calls no define(...) of its type")
            }
            guard found.context === context else {
                fail("names \(found.read) of another context; substitute it on an assembly there")
            }
            if let served, type(of: returned) is AnyObject.Type,
                returned as AnyObject !== served as AnyObject
            {
                fail("reads \(found.read) but returns another object; substitute that one")
            }
            substitution.name = "\(found.read.assembly).\(found.read.name)"
            return found.read
        }

        func fail(_ problem: String) -> Never {
            DIContext.fail("the key path given to addSubstitution(for:) at \(site) \(problem)")
        }
    }
}

// MARK: - Placeholders

nonisolated extension Assembly {
    /// Returns the object injected under this key in the current graph (VIPER views, say).
    ///
    /// - Parameters:
    ///   - key: The key the object was injected under; the calling property's name by default.
    ///   - definitionKey: The name substitutions also match; the calling property's by default.
    ///   - file: Where the placeholder is, for the message if nothing was injected.
    ///   - line: Where the placeholder is, for the message if nothing was injected.
    @inlinable public final func definePlaceholder<Result>(
        key: String = #function,
        definitionKey: String = #function,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Result {
        let missing = { () -> Result in
            DIContext.fail(
                "placeholder \(type(of: self)).\(key) at \(file):\(line) has no object injected under "
                    + "that key in the current graph; call defineInjection(key:into:) first, in the "
                    + "same resolution")
        }
        return resolve(key, definitionKey, .objectGraph, missing, at: nil) { _ in }
    }
}

// MARK: - Diagnostics

nonisolated extension DIContext {
    /// Stops with a message that names what went wrong; also in release builds.
    @usableFromInline static func fail(_ message: String) -> Never {
        fatalError("Wiring: " + message)
    }

    /// Stops on an object of the wrong type, naming the definition, both types and its maker.
    @usableFromInline static func mismatch(
        _ read: Read,
        _ declared: Any.Type,
        _ value: Any,
        in context: DIContext
    ) -> Never {
        let maker = Graph(context).substitution(of: read) == nil ? "definition" : "substitution"
        fail("\(read) is declared as \(declared) but its \(maker) made \(type(of: value))")
    }

    /// Stops on a definition asked for again in its context before it exists, naming the path
    /// from its first read.
    static func cycle(_ path: [Read]) -> Never {
        let start = path.firstIndex { $0.key == path.last!.key } ?? 0
        let names = path[start...].map { "\($0)" }.joined(separator: " → ")
        fail(
            "cycle that cannot close: \(names) is asked for again before it is made; set one side "
                + "in inject: instead of init:")
    }
}
