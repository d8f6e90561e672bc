// Wiring: dependency injection for Swift in one file. MIT licence.
//
// Assemblies describe objects with computed properties that call `define(...)`. A `DIContext`
// keeps what outlives one read: singletons, substitutions and one assembly of each type. What a
// top-level read makes lives in the reading thread's `Read` and is let go when it returns.
//
// The file reads: scopes → context → assembly → define (and `Read.supply`, the one path
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

        @usableFromInline var isSingleton: Bool { self == .lazySingleton || self == .weakSingleton }
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
    /// the innermost `withDefault` of this task or thread, else a process-wide one. Settable as in
    /// EasyDi: inside a `withDefault`, setting it replaces that one, for the rest of the call.
    public static var defaultInstance: DIContext {
        get {
            let holder = Default.current
            return Default.lock.locked { holder.context }
        }
        set {
            var replaced: DIContext? = newValue
            let holder = Default.current
            Default.lock.locked { Swift.swap(&replaced!, &holder.context) }
            Read.current().letGo(&replaced)  // unlocked: its deinits may read
        }
    }

    /// Runs `operation` with `context` as the default context of this thread or task and of the
    /// tasks it starts, so that tests running in parallel each substitute in their own. Setting
    /// `defaultInstance` in `operation` (a logout, say) replaces `context` there, not the
    /// process-wide default. A `Task.detached`, a `DispatchQueue`'s block and a `Thread` inherit no
    /// task-local value: they get the process-wide default.
    ///
    /// - Parameters:
    ///   - context: The context that `defaultInstance` gives while `operation` runs.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    public static func withDefault<R>(_ context: DIContext, _ operation: () throws -> R) rethrows
        -> R
    {
        try Default.$scoped.withValue(Default.Holder(context), operation: operation)
    }

    /// Runs the asynchronous `operation` with `context` as the default context of this task and
    /// of the tasks it starts (not of a `Task.detached`, which inherits no task-local value).
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
        try await Default.$scoped.withValue(Default.Holder(context), operation: operation)
    }

    let trace: (@Sendable (TraceEvent) -> Void)?
    /// Guards the three tables below and every `Substitution`'s `singletons` and `used`; never
    /// held while user code runs.
    let lock = NSLock()
    /// The lazy singletons that `remember` boxed, at their `recentIndex`. Declared before
    /// `singletons`, so that it is let go of first and what they keep goes in the same order as
    /// if it had never been remembered.
    @exclusivity(unchecked) var recent: [Box?] = []
    let singletons = Shelf()
    /// Like a shelf's entries, skips Swift's run-time exclusivity checks: the lock keeps other
    /// threads out, and no user code runs under it, so no access overlaps another. A singleton
    /// read 1,321 → 1,110 instructions in `Benchmarks/run --callgrind singleton`.
    @exclusivity(unchecked) var substitutions: [Key: Substitution] = [:]
    /// The assemblies, each held weakly: an assembly holds its context.
    var assemblies: [ObjectIdentifier: () -> Any?] = [:]
    /// Held while a singleton of any context is made, so that each is made once and singletons
    /// of two contexts that need each other cannot deadlock; recursive, as one may need others.
    /// Only making the singleton (with the deinits of what that lets go) runs under it: trace
    /// events are told when the outermost read ends.
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
    /// Getting an assembly takes no lock while it is made, so it waits for a singleton being made
    /// only if its stored properties read one. Two threads asking at once may both make one; both
    /// get the one that is kept.
    public func instance(for type: Assembly.Type) -> Assembly {
        let read = Read.current()
        // Asked for in the rest of its own `init` (by a substitute that a key-path substitution
        // added there, say): this thread's, as it is; other threads see it once it is made.
        if let made = read.assemblies.last(where: { $0.type == type && $0.context === self })?.made
        {
            return made
        }
        let id = ObjectIdentifier(type)
        if let kept = lock.locked({ assemblies[id]?() as? Assembly }) {
            return kept
        }
        let made = read.making(type, in: self)
        return lock.locked {
            let kept = assemblies[id]?() as? Assembly ?? made
            assemblies[id] = { [weak kept] in kept }
            return kept
        }
    }

    /// A copy of `substitutions`, taken under the lock.
    var snapshot: [Key: Substitution] { lock.locked { substitutions } }

    /// Makes `change` to a new table of substitutions, under the lock: reads look theirs up in
    /// copies, unlocked, and a change written into storage that a copy shared once is a race to
    /// ThreadSanitizer, which does not see the reference count that tells it the copy is gone.
    func changeSubstitutions(_ change: (inout [Key: Substitution]) -> Void) {
        lock.locked {
            var table = substitutions
            change(&table)
            substitutions = table
        }
    }

    /// The substitutions of this context that no read has used since they were added, as
    /// `Assembly.name`: a test that expects its fakes to be read checks that this is empty.
    public var unusedSubstitutions: [String] {
        lock.locked { substitutions.values.filter { !$0.used }.map(\.name).sorted() }
    }

    /// Keeps a new singleton, in the substitution that made it or in the context. A weak one
    /// must be an object, or an optional one (an empty one is as good as released). Returns the
    /// singletons a sweep found alive, for the read to let go of when it ends.
    func keep(_ value: Any, for call: Call) -> [Slot: Any] {
        var kept = Kept(strong: value)
        if call.scope == .weakSingleton {
            let object = DIContext.unwrapped(value)
            guard object.map({ type(of: $0) is AnyObject.Type }) ?? true else {
                DIContext.fail(
                    "\(call) is a weakSingleton but made \(type(of: value)), not a class")
            }
            kept = Kept(strong: nil, weak: object.map { $0 as AnyObject })
        }
        return lock.locked { call.shelf.put(kept, at: call.slot) }
    }

    /// The singletons of a context or of one substitution, by slot, each held strongly or, for
    /// a `weakSingleton`, weakly; the context's `lock` guards them (and so `entries` skips the
    /// run-time exclusivity checks, as `substitutions` does). Each is made once under the
    /// creation lock, so only the entry of a released weak singleton is ever replaced. Entries
    /// of released weak singletons are dropped whenever the table would grow, which leaves it
    /// room for as many again, so sweeping costs O(1) amortised.
    final class Shelf {
        @exclusivity(unchecked) var entries: [Slot: Kept] = [:]

        /// Keeps `kept` at `slot`; returns the singletons a sweep found alive, to be let go of
        /// after unlocking: if another thread lets go of one meanwhile, its deinit runs where they
        /// are let go, and it may read.
        func put(_ kept: Kept, at slot: Slot) -> [Slot: Any] {
            var alive: [Slot: Any] = [:]
            if entries.count == entries.capacity {
                alive = entries.compactMapValues(\.object)
                entries = entries.filter { alive[$0.key] != nil }
                entries.reserveCapacity(2 * entries.count)
            }
            entries[slot] = kept
            return alive
        }
    }

    /// A singleton as a shelf keeps it: strongly, or weakly for a `weakSingleton`.
    struct Kept {
        let strong: Any?
        weak var weak: AnyObject?

        var object: Any? { strong ?? weak }
    }

    /// How many lazy singletons a context remembers: `1 << recentBits`.
    static let recentBits = 6
    /// Knuth's multiplier for hashing by multiplication, 2^64 over the golden ratio (its low half
    /// where a word has 32 bits), which leaves the product's top bits well mixed.
    static let mixer = UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)

    /// Where a context remembers the singleton of the define call at `site`.
    static func recentIndex(_ site: Site) -> Int {
        let file = site.file.hasPointerRepresentation ? UInt(bitPattern: site.file.utf8Start) : 0
        return Int(
            ((site.line << 16 ^ site.column ^ file) &* mixer) >> (UInt.bitWidth - recentBits))
    }

    /// A lazy singleton that its define call made, remembered by its context for its key and
    /// define call in a `Typed` box of the type the define call returns, one per index that the
    /// define call's file, line and column choose (the first made there), to be found again
    /// without making a `Call`, hashing a slot or casting from `Any`: a singleton read 3,636 →
    /// 476 and graph11 26,001 → 19,019 instructions in `Benchmarks/run --callgrind`. Only one
    /// kept strongly is remembered: the context never lets it go while it lives, so a box holds
    /// nothing longer than it would.
    @usableFromInline class Box {
        let key: Key
        let site: Site

        init(_ key: Key, _ site: Site) {
            self.key = key
            self.site = site
        }
    }

    /// A singleton as the type its define call returns.
    @usableFromInline final class Typed<Object>: Box {
        @usableFromInline let object: Object

        init(_ object: Object, _ key: Key, _ site: Site) {
            self.object = object
            super.init(key, site)
        }
    }

    /// Remembers `object`, the lazy singleton that `call`'s definition made and its context
    /// keeps as `value`, at its define call's index unless another is there; not one that a
    /// cast converted (an `Int` to an `NSNumber`, say), which each read makes anew.
    @usableFromInline static func remember<Object>(_ object: Object, as value: Any, for call: Call)
    {
        guard let site = call.site, same(object, value) else {
            return
        }
        let (context, index, box) = (call.context, recentIndex(site), Typed(object, call.key, site))
        context.lock.locked {
            if context.recent.isEmpty {
                context.recent = Array(repeating: nil, count: 1 << recentBits)
            }
            context.recent[index] = context.recent[index] ?? box
        }
    }

    /// The default contexts: the process-wide one and the one each `withDefault` gives its
    /// task, each in a holder whose context `lock` guards, so that setting `defaultInstance`
    /// replaces what getting it gives.
    enum Default {
        static let lock = NSLock()
        static let processWide = Holder(DIContext())
        @TaskLocal static var scoped: Holder?

        /// The holder that `defaultInstance` gets and sets: the task's, else the process-wide one.
        static var current: Holder { scoped ?? processWide }

        /// One default context; `Default.lock` guards `context`.
        final class Holder: @unchecked Sendable {
            var context: DIContext

            init(_ context: DIContext) {
                self.context = context
            }
        }
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

nonisolated extension NSLocking {
    /// Runs `body` holding the lock: `withLock` under a name of this file's own, which an app's
    /// `withLock` (MainActor, in a module that is by default) cannot take over in a copy of it.
    fileprivate func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
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
        let read = DIContext.Read.current()
        context = read.currentContext
        read.adopt(self)
    }

    /// The assembly of this type in `context`.
    ///
    /// - Parameter context: The context; if `nil`, the one whose assembly or definition this
    ///   thread is making (so a stored property `let other = Other.instance()` of an assembly
    ///   shares its context), else `DIContext.defaultInstance`.
    public static func instance(from context: DIContext? = nil) -> Self {
        (context ?? DIContext.Read.current().currentContext).instance(for: self) as! Self
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
    ///   - column: Where the define call is, which tells two define calls of one line apart.
    @inlinable public final func define<Object, Result>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> Result {
        resolve(
            key, definitionKey, scope, make, at: .init(file, line, column), inPlace: false
        ) { _ in }
    }

    /// Defines an object made by `make` and given its dependencies by `inject`.
    ///
    /// `inject` takes the object, as in EasyDi, and sets its dependencies
    /// (`{ $0.client = self.client }`); if it returns an object of the object's type (`return $0`,
    /// a decorator, an instance of a subclass), that is the result: give `init:` the definition's
    /// type (`init: Service() as Servicing`) for a decorator of a protocol. An object taken this
    /// way may be captured by an escaping closure (`{ c in c.onDone = { c.run() } }`).
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default.
    ///   - definitionKey: The name substitutions also match; the calling property's by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    ///   - inject: Sets the object's dependencies by reading other definitions.
    ///   - file: Where the define call is, which tells an override's define from its superclass's.
    ///   - line: Where the define call is, which tells an override's define from its superclass's.
    ///   - column: Where the define call is, which tells two define calls of one line apart.
    @inlinable public final func define<Object, Result, Returned>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (Object) -> Returned,
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> Result {
        resolve(key, definitionKey, scope, make, at: .init(file, line, column), inPlace: false) {
            inject($0)
        }
    }

    /// Defines an object whose `inject` changes it in place: a struct's properties
    /// (`{ $0.count = self.count }`), or the object itself (`{ $0 = Other() }`). Chosen only where
    /// an `inject` that takes the object cannot do that.
    ///
    /// - Parameters:
    ///   - key: The definition's name; the calling property's name by default.
    ///   - definitionKey: The name substitutions also match; the calling property's by default.
    ///   - scope: How long the object lives.
    ///   - make: Makes the object.
    ///   - inject: Changes the object in place; what it returns, if of the object's type, is the
    ///     result.
    ///   - file: Where the define call is, which tells an override's define from its superclass's.
    ///   - line: Where the define call is, which tells an override's define from its superclass's.
    ///   - column: Where the define call is, which tells two define calls of one line apart.
    @_disfavoredOverload
    @inlinable public final func define<Object, Result, Returned>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        init make: @autoclosure () -> Object,
        inject: (inout Object) -> Returned,
        file: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> Result {
        resolve(
            key, definitionKey, scope, make, at: .init(file, line, column), inPlace: true, inject)
    }

    /// Injects into an object made elsewhere (a view, say); placeholders find it by `key`.
    ///
    /// - Parameters:
    ///   - key: The name placeholders find the object by; the calling function's by default.
    ///   - definitionKey: EasyDi's name for the definition; the calling function's by default.
    ///   - scope: How long the object lives.
    ///   - object: The object.
    ///   - inject: Takes the object and sets its dependencies; what it returns, if of the
    ///     object's type, is the result.
    /// - Returns: The object after injection.
    @inlinable @discardableResult public final func defineInjection<Object, Returned>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object,
        inject: (Object) -> Returned
    ) -> Object {
        resolve(key, definitionKey, scope, object, substitutable: false, inPlace: false) {
            inject($0)
        }
    }

    /// Injects into an object made elsewhere with an `inject` that changes it in place (a
    /// struct's properties); chosen only where one that takes the object cannot do that.
    ///
    /// - Parameters:
    ///   - key: The name placeholders find the object by; the calling function's by default.
    ///   - definitionKey: EasyDi's name for the definition; the calling function's by default.
    ///   - scope: How long the object lives.
    ///   - object: The object.
    ///   - inject: Changes the object in place; what it returns, if of the object's type, is the
    ///     result.
    /// - Returns: The object after injection.
    @_disfavoredOverload
    @inlinable @discardableResult public final func defineInjection<Object, Returned>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object,
        inject: (inout Object) -> Returned
    ) -> Object {
        resolve(key, definitionKey, scope, object, substitutable: false, inPlace: true, inject)
    }

    /// Makes an object made elsewhere available to placeholders under `key`, injecting nothing.
    ///
    /// - Parameters:
    ///   - key: The name placeholders find the object by; the calling function's by default.
    ///   - definitionKey: EasyDi's name for the definition; the calling function's by default.
    ///   - scope: How long the object lives.
    ///   - object: The object.
    /// - Returns: The object.
    @inlinable @discardableResult public final func defineInjection<Object>(
        key: String = #function,
        definitionKey: String = #function,
        scope: Scope = .objectGraph,
        into object: @autoclosure () -> Object
    ) -> Object {
        resolve(key, definitionKey, scope, object, substitutable: false, inPlace: false) { _ in }
    }

    /// Reads a definition through `Read.obtain`, with a maker that records the new object before
    /// `inject` runs, so that cycles close. An object of the object's type (a subclass too) that
    /// `inject` returns replaces it, as one that `inject` assigns does if it takes the object
    /// `inPlace` (stated by each caller: a closure that takes it by value is wrapped as one that
    /// takes it `inout`).
    @inlinable final func resolve<Object, Result, Returned>(
        _ key: String,
        _ name: String,
        _ scope: Scope,
        _ make: () -> Object,
        at site: DIContext.Site? = nil,
        substitutable: Bool = true,
        inPlace: Bool,
        _ inject: (inout Object) -> Returned
    ) -> Result {
        let read = DIContext.Read.current()
        if scope == .lazySingleton,
            let box = read.remembered(key, site, in: self) as? DIContext.Typed<Result>
        {
            return box.object
        }
        let call = DIContext.Call(
            type(of: self), key, name, scope, Result.self, site, substitutable, in: context)
        // The object this call made, when of the result's own type, not cast from `Any`: graph11
        // 33,066 → 31,692 instructions in `Benchmarks/run --callgrind graph11`. Of another type,
        // it is cast from `Any`: a release build made a cast between two function types that
        // differ by `@Sendable` a forced one.
        var made: Result?
        var created = false
        let value = read.obtain(call) {
            var object = make()
            created = true
            $0.record(object, replaceable: inPlace || Returned.self != Void.self)
            if let replaced = DIContext.replacement(inject(&object), of: Object.self) {
                object = replaced
            }
            made = Object.self == Result.self ? object as? Result : nil
            return object
        }
        guard let result = made ?? value as? Result else {
            DIContext.mismatch(call, Result.self, value)
        }
        if created, scope == .lazySingleton {
            DIContext.remember(result, as: value, for: call)
        }
        return result
    }
}

nonisolated extension DIContext {
    /// What an `inject:` closure returned, if it replaces the object: a value of the object's type
    /// (a decorator, a subclass's instance), never what an optional chain's statement gives (`()`,
    /// however deep in optionals: `{ $0?.x?.y = 1 }`), and an empty optional, which casts to any
    /// optional, only if declared as the object's type. Checked before the cast: a release build
    /// crashed casting an empty optional to a class.
    @inlinable static func replacement<Returned, Object>(
        _ returned: Returned,
        of _: Object.Type
    ) -> Object? {
        if Returned.self == Object.self {
            return returned as? Object
        }
        guard Returned.self != Void.self, let content = unwrapped(returned), !(content is Void)
        else {
            return nil
        }
        return opaque(returned) as? Object
    }

    /// `value`, out of the optimiser's sight: it made a cast between two function types that
    /// differ by `@Sendable` a forced one, which crashed a release build.
    @usableFromInline @inline(never) static func opaque(_ value: Any) -> Any {
        value
    }

    /// Names a definition in a context's tables: its assembly type and a name.
    struct Key: Hashable {
        let assembly: ObjectIdentifier
        let name: String

        init(_ name: String, of assembly: Assembly.Type) {
            self.assembly = ObjectIdentifier(assembly)
            self.name = name
        }
    }

    /// Where a define call is: reads of one key from two define calls are two definitions (a
    /// subclass's and its superclass's, say), kept apart in graphs and among singletons.
    @usableFromInline struct Site: Equatable {
        let file: StaticString
        let line: UInt
        let column: UInt

        @usableFromInline init(_ file: StaticString, _ line: UInt, _ column: UInt) {
            self.file = file
            self.line = line
            self.column = column
        }

        /// One file, whether or not its name is at one address: a module that inlines a getter
        /// from a dynamic library (or specialises a generic one) has its own copy of the name.
        @usableFromInline static func == (left: Site, right: Site) -> Bool {
            guard left.line == right.line, left.column == right.column else {
                return false
            }
            let pointers = left.file.hasPointerRepresentation && right.file.hasPointerRepresentation
            return pointers && left.file.utf8Start == right.file.utf8Start
                || left.file.description == right.file.description
        }
    }

    /// Where a read's graph or a table of singletons keeps a call's object: its context, its
    /// definition's key, the define call (none for a placeholder and an injection, so that the
    /// one finds what the other keeps, and none for a substitute) and which substitution made it,
    /// if one did. A substitute that reads its original, or an override that reads `super`, reads
    /// another slot than its own.
    struct Slot: Hashable {
        let context: ObjectIdentifier
        let key: Key
        let site: Site?
        let substitution: ObjectIdentifier?

        /// Hashes the context and the key but not the define call or which substitution made
        /// it, in which only a few slots of one key differ (an override and its superclass, a
        /// substitute and its original): graph11 33,218 → 30,422 and a singleton read 1,433 →
        /// 1,205 instructions in `Benchmarks/run --callgrind`. The context and the assembly type
        /// go in as one word (the context's bits times an odd number, so no two contexts of one
        /// assembly type, nor two assembly types of one context, share a word): graph11 20,348 →
        /// 20,069.
        func hash(into hasher: inout Hasher) {
            hasher.combine((UInt(bitPattern: context) &* 31) ^ UInt(bitPattern: key.assembly))
            hasher.combine(key.name)
        }
    }

    /// One define call: the definition it reads in its context (which, under which names, of
    /// what type, from which call site, and whether a substitution may replace it: not what
    /// `defineInjection` keeps), then, once `supply` takes it, the substitution that supplies its
    /// object, if any, the stack's address and its object. The read's graph keeps it until the
    /// read ends, unless it is a prototype's or found its object: then only its define call
    /// does. Only the reading thread touches it, or, once the stack guard stops the program, the
    /// thread that names the path while the reading one sleeps.
    @usableFromInline final class Call: CustomStringConvertible {
        let assembly: Assembly.Type
        let key: Key
        /// The calling property's or method's name, which substitutions also match.
        let name: String
        let scope: Assembly.Scope
        let result: Any.Type
        let site: Site?
        let substitutable: Bool
        let context: DIContext
        @exclusivity(unchecked) var substitution: Substitution?
        @exclusivity(unchecked) var stack: UInt = 0
        /// What it made or found: before its inject runs, the object it injects; while a
        /// substitute runs, the object of the first define of its type that the substitute calls,
        /// which stands in for it (EasyDi's rule).
        @exclusivity(unchecked) var object: Any?
        /// What its init made, held as long as the call is (until the read ends, unless a
        /// prototype's), should `inject:` replace it: its deinit may read. Only an `inject:` that
        /// returns a value or takes the object `inout` can: graph11 21,212 → 20,348 instructions in
        /// `Benchmarks/run --callgrind graph11` for those that cannot.
        @exclusivity(unchecked) var made: Any?
        /// Whether its `inject:` can replace its object, so that `made` holds what its init made.
        @exclusivity(unchecked) var replaceable = false
        /// Whether a read found it in the graph: while a substitute runs, that it got the stand-in,
        /// which the substitute must then return.
        @exclusivity(unchecked) var found = false
        /// How many slots its read's graph held when it took its own: its place in the read.
        @exclusivity(unchecked) var order = 0

        @usableFromInline init(
            _ assembly: Assembly.Type, _ key: String, _ name: String, _ scope: Assembly.Scope,
            _ result: Any.Type, _ site: Site?, _ substitutable: Bool,
            in context: DIContext
        ) {
            self.assembly = assembly
            self.key = Key(key, of: assembly)
            self.name = name
            self.scope = scope
            self.result = result
            self.site = site
            self.substitutable = substitutable
            self.context = context
        }

        @usableFromInline var description: String { "\(assembly).\(key.name)" }

        /// The key of the calling property or method, which substitutions also match.
        var byName: Key { Key(name, of: assembly) }

        var slot: Slot {
            Slot(
                context: ObjectIdentifier(context), key: key,
                site: substitution == nil ? site : nil,
                substitution: substitution.map(ObjectIdentifier.init))
        }

        /// Where its singletons are kept: in the substitution that supplies it, else its context.
        var shelf: Shelf { substitution?.singletons ?? context.singletons }

        /// The singleton that its substitution (or, without one, its definition) made.
        var singleton: Any? { context.lock.locked { shelf.entries[slot]?.object } }

        /// True if this call stands in for `call`, asked for inside it, which `listed` would
        /// serve: an original (its own define call, or any that its substitution serves too),
        /// read by its substitute, or its superclass's definition (the same key and property from
        /// another define call), read by its override.
        func standsIn(for call: Call, _ listed: Substitution) -> Bool {
            guard call.context === context else {
                return false
            }
            if let substitution {
                return substitution === listed || site == call.site && key == call.key
            }
            return call.key == key && call.name == name && site != nil && call.site != nil
                && site != call.site
        }

        /// Stops if this is a method with arguments but no key (its key is shaped as `#function`
        /// gives it, `item(_:)`), as its calls would share one object: when one is found in the
        /// graph, or a singleton is made. A placeholder (no define call, substitutable) finds what
        /// an injection made, under whatever key.
        func mustNotShare() {
            if site != nil || !substitutable, Call.takesArguments(key.name) {
                DIContext.fail(
                    "\(self) is a method with arguments but no key:, so its calls would share one "
                        + "object; give each its own key, such as define(key: \"item-\\(n)\", …), "
                        + "or use scope: .prototype")
            }
        }

        /// Whether this call has the object of `key` in `context`: what a placeholder looks for.
        func holds(_ key: Key, in context: DIContext) -> Bool {
            self.key == key && self.context === context && object != nil
        }

        /// A placeholder's own call, which no substitution serves: it finds its object, never
        /// makes one.
        var findsOnly: Bool { site == nil && substitutable && substitution == nil }

        /// True if `name` is shaped as `#function` names a method or subscript with arguments.
        static func takesArguments(_ name: String) -> Bool {
            name.hasSuffix(":)") && name.contains("(" as Character)
        }
    }

    /// A key-path probe under way: the substitution that serves the define calls of the key
    /// path's type that its getter makes itself (one read deeper than `reading`, not what a
    /// definition or a `deinit` reads), and the calls it served.
    struct Probe {
        let reading: Int
        let result: Any.Type
        let substitution: Substitution
        var served: [Call] = []
    }

    /// What one thread is reading: the define calls under way (innermost last), the read's graph
    /// (the call of each slot, whose object is nil until made) and the last one's emptied storage,
    /// each context's substitutions as the read first met them, the key-path probe whose getter
    /// runs, and the assemblies being made (with how many define calls were under way then, and
    /// each once its `Assembly.init` has run). Made on the thread's first read and kept for its
    /// life; only its thread touches it, and only inside Wiring's own calls. A read's end empties
    /// it before it lets go of anything, so a `deinit` that reads starts a read of its own.
    ///
    /// Its variables, and a `Call`'s, skip Swift's run-time exclusivity checks: graph11 52,356 →
    /// 40,908 instructions in `Benchmarks/run --callgrind graph11`. Only their thread touches them,
    /// and what a change replaces is held elsewhere or swapped out, never let go during the change:
    /// no user code (a `deinit`) runs in one. `.ci/exclusivity` runs the library's tests with the
    /// checks back in.
    @usableFromInline final class Read {
        @exclusivity(unchecked) var calls: [Call] = []
        /// Room for a screen's worth of calls from the start: graph11 61,383 → 52,954
        /// instructions in `Benchmarks/run --callgrind graph11`.
        @exclusivity(unchecked) var graph = [Slot: Call](minimumCapacity: 16)
        /// The storage of the last read's graph, emptied, for the next: graph11 22,414 → 21,447
        /// instructions in `Benchmarks/run --callgrind graph11` (nor is it let go through the
        /// standard library's unspecialised deinit). Kept only up to `spareCapacity`.
        @exclusivity(unchecked) var spare: [Slot: Call]?
        static let spareCapacity = 64
        /// The contexts' substitutions by context, and those of the context met last, which the
        /// next call most often reads, found without hashing (graph11 34,553 → 32,058 instructions
        /// in `Benchmarks/run --callgrind graph11`) and added to the table only once another is met
        /// (25,509 → 24,322: a read of one context makes no table).
        @exclusivity(unchecked) var substitutions: [ObjectIdentifier: Substitutions] = [:]
        @exclusivity(unchecked) var lastSubstitutions: Substitutions?
        @exclusivity(unchecked) var probe: Probe?
        /// What sweeps of weak singletons found alive, let go of with the read.
        @exclusivity(unchecked) var swept: [Any] = []
        /// Whether the read has met a `defineInjection`, whose object its define calls find.
        @exclusivity(unchecked) var injected = false
        /// How many reads are under way, counting those a key-path probe or a `deinit` starts
        /// inside another, and the trace events to tell when the outermost ends: never while a
        /// singleton is being made.
        @exclusivity(unchecked) var reading = 0
        @exclusivity(unchecked) var events: [() -> Void] = []
        /// Where on the stack `letGo` is letting go of objects, from which the stack guard
        /// measures what a `deinit` that reads has used: 0 at other times.
        @exclusivity(unchecked) var releasing: UInt = 0
        /// How many rounds of events the outermost read has told: a read that a hook makes is
        /// traced only in the first, so a hook that reads a traced definition (its own context's,
        /// say) hears of its reads once, not forever.
        @exclusivity(unchecked) var told = 0
        /// The rounds whose reads are traced: the read's own (none told yet), then its hooks'.
        static let tracedRounds = 2
        var assemblies: [(type: Assembly.Type, context: DIContext, depth: Int, made: Assembly?)] =
            []
        /// Below this address the thread's stack is nearly used up.
        let stackLimit = Read.stackLimit()

        /// A context's substitutions as a read first met them, with the context, so that its
        /// identifier is not reused meanwhile.
        typealias Substitutions = (context: DIContext, table: [Key: Substitution])

        static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { Unmanaged<Read>.fromOpaque($0!).release() }
            return key
        }()

        /// This thread's read, made and stored on its first use only: graph11 31,967 → 31,597
        /// and a singleton read 1,207 → 1,167 instructions in `Benchmarks/run --callgrind`.
        @usableFromInline static func current() -> Read {
            guard let raw = pthread_getspecific(key) else {
                let made = Unmanaged.passRetained(Read())
                pthread_setspecific(key, made.toOpaque())
                return made.takeUnretainedValue()
            }
            return Unmanaged<Read>.fromOpaque(raw).takeUnretainedValue()
        }

        /// The context of the innermost assembly or define call this thread is making, else
        /// `DIContext.defaultInstance`.
        var currentContext: DIContext {
            let making = assemblies.last.flatMap { $0.depth == calls.count ? $0.context : nil }
            return making ?? calls.last?.context ?? .defaultInstance
        }

        /// Makes an assembly of `type` for `context`; stops if this thread is already making it.
        func making(_ type: Assembly.Type, in context: DIContext) -> Assembly {
            let start = assemblies.firstIndex { $0.type == type && $0.context === context }
            if let start {
                let names = (assemblies[start...].map(\.type) + [type]).map { "\($0)" }
                DIContext.fail(
                    "assemblies made in each other's stored properties: "
                        + "\(names.joined(separator: " → ")); get one with a computed property, "
                        + "such as `var other: Other { context.assembly() }`")
            }
            assemblies.append((type, context, calls.count, nil))
            reading += 1  // what its stored properties read is not a key-path probe's getter's
            let made = type.init()
            assemblies.removeLast()
            endReading()
            return made
        }

        /// Called by `Assembly.init`, when the object is whole: if it is the assembly this thread
        /// is making, the rest of a subclass's `init` gets it from `instance(from:)`.
        func adopt(_ assembly: Assembly) {
            guard let last = assemblies.last, last.type == type(of: assembly),
                last.context === assembly.context, last.made == nil
            else {
                return
            }
            assemblies[assemblies.count - 1].made = assembly
        }

        /// The lazy singleton that the define call at `site` made for `key` in `assembly`'s
        /// context, if the context remembers it and `supply` would find it too, where no trace
        /// hook or probe is to hear of it and no substitution may serve it: at the top level, or
        /// inside a read whose context met last is this one, with no substitutions.
        @usableFromInline func remembered(_ key: String, _ site: Site?, in assembly: Assembly)
            -> Box?
        {
            let context = assembly.context
            let inRead = !calls.isEmpty
            guard let site, probe == nil, context.trace == nil,
                !inRead
                    || lastSubstitutions?.context === context
                        && lastSubstitutions?.table.isEmpty == true
            else {
                return nil
            }
            let index = DIContext.recentIndex(site)
            return context.lock.locked {
                guard inRead || context.substitutions.isEmpty, index < context.recent.count,
                    let box = context.recent[index], box.site == site,
                    box.key == Key(key, of: Swift.type(of: assembly))
                else {
                    return nil
                }
                return box
            }
        }

        /// Reads `call` through `supply`; a top-level read then ends (`end`), and the outermost
        /// read's end tells the trace events.
        @usableFromInline func obtain(_ call: Call, make: (Read) -> Any) -> Any {
            reading += 1
            let value = supply(call, make)
            if calls.isEmpty {
                end(call)
            }
            endReading()
            return value
        }

        /// Ends the top-level read of `call`: empties the read, then lets go of its objects, so
        /// that a `deinit` that reads starts a read of its own. Out of line: in `obtain`, whose
        /// frame each level of a chain repeats, it took 32 bytes more of stack per define call.
        @inline(never) func end(_ call: Call) {
            var used = graph
            var released = Optional((substitutions, lastSubstitutions, swept))
            (graph, spare) = (spare ?? [Slot: Call](minimumCapacity: 16), nil)
            substitutions = [:]
            lastSubstitutions = nil
            swept = []
            injected = false
            // Only now, with the read empty; a graph's storage is kept for the next read.
            marked { used.removeAll(keepingCapacity: true) }
            spare = used.capacity <= Read.spareCapacity ? used : nil
            letGo(&released)
            letGo(&call.made)  // what an inject: replaced, which only the call holds
        }

        /// Lets go of `value`, whose deinits may read, with the stack marked here: the stack guard
        /// measures such a read from this point, so a loop of them stops as a chain does.
        func letGo<T>(_ value: inout T?) {
            marked { Read.drop(&value) }
        }

        /// Runs `release`, whose deinits may read, with the stack marked here, as `letGo` does.
        func marked(_ release: () -> Void) {
            let outer = releasing
            releasing = Swift.withUnsafePointer(to: outer) { UInt(bitPattern: $0) }
            release()
            releasing = outer
        }

        /// Empties `value` out of line: the optimiser may move a release it sees past later
        /// statements, but not out of a function it cannot see into.
        @inline(never) static func drop<T>(_ value: inout T?) {
            value = nil
        }

        /// Ends one of the reads `reading` counts; the outermost tells the trace events, then those
        /// of the reads its hooks made.
        func endReading() {
            while reading == 1, !events.isEmpty {
                told += 1
                let round = events
                events = []
                for tell in round {
                    tell()
                }
            }
            if reading == 1 {
                told = 0
            }
            reading -= 1
        }

        /// The one path that makes or finds an object for a define call, whoever supplies it:
        /// the definition (`make`), its substitution, or a key-path probe's substitute. It finds
        /// it in the read's graph or among the singletons, or makes it (a singleton under the
        /// creation lock, checked again once locked).
        func supply(_ call: Call, _ make: (Read) -> Any) -> Any {
            call.stack = guardStack(call)
            let listed = substitution(of: call)
            if call.substitutable, probe?.reading == reading - 1, probe?.result == call.result {
                probe!.served.append(call)
                call.substitution = probe!.substitution
            } else if call.substitutable, let substitution = listed,
                calls.last?.standsIn(for: call, substitution) != true,
                !originalUnderWay(of: call, substitution)
            {
                call.substitution = substitution
                if probe == nil {  // a probe's reads are the substitution's set-up, not a use
                    call.context.lock.locked { substitution.used = true }
                }
            }
            let slot = call.slot
            // A placeholder finds its key's object under way, innermost first, each time it is
            // read, so prototype cells, each under one key, each get their own; a substitute whose
            // stand-in it finds must then return it, as when the graph gives it.
            if call.findsOnly, let record = underWay(call), let object = record.object {
                record.found = true
                return found(object, call)
            }
            // A singleton already made is found where it is kept, not in the graph, as in EasyDi:
            // without the creation lock, else under it, where it is made if still not found.
            let kept = {
                call.scope.isSingleton ? call.singleton.map { self.found($0, call) } : nil
            }
            if let object = kept() {
                return object
            }
            call.order = graph.count
            injected = injected || !call.substitutable
            if call.scope != .prototype,
                let record = graph.updateValue(call, forKey: slot) ?? injection(for: call)
            {
                graph[slot] = record
                // Not made yet: a cycle, unless a substitute's stand-in is found.
                guard let object = record.object else {
                    DIContext.cycle(calls + [call])
                }
                record.found = true
                call.mustNotShare()
                return found(object, call)
            }
            guard call.scope.isSingleton else {
                return create(call, make)
            }
            return DIContext.creation.locked {
                guard let object = kept() else {
                    return create(call, make)
                }
                graph[slot] = nil  // made meanwhile by another thread: kept before the read, too
                return object
            }
        }

        /// The substitution of `call` in its context's table as this read first met it (a
        /// context's first call takes the snapshot): by its key, else by its calling property's
        /// name; one that a key path added replaces its property's definitions only.
        func substitution(of call: Call) -> Substitution? {
            if lastSubstitutions?.context !== call.context {
                if let met = lastSubstitutions {
                    substitutions[ObjectIdentifier(met.context)] = met
                }
                let id = ObjectIdentifier(call.context)
                lastSubstitutions = substitutions[id] ?? (call.context, call.context.snapshot)
            }
            let table = lastSubstitutions!.table
            guard !table.isEmpty, let listed = table[call.key] ?? table[call.byName] else {
                return nil
            }
            return listed.keyPath == nil || call.key == call.byName ? listed : table[call.byName]
        }

        /// True if an original of `call` is under way: a define call in its context that
        /// `listed` would serve but does not, as a substitute wraps it. What it reads that `listed`
        /// serves, however indirectly (itself, its superclass's definition, a placeholder, another
        /// key of one method), is read as with no substitution; but a prototype's read of a define
        /// call makes a new one.
        func originalUnderWay(of call: Call, _ listed: Substitution) -> Bool {
            calls.contains {
                $0.substitution == nil && $0.site != nil && $0.context === call.context
                    && ($0.scope != .prototype || call.site == nil)
                    && substitution(of: $0) === listed
            }
        }

        /// What `defineInjection` injected under the key of `call`, an objectGraph define call that
        /// no substitution serves, in this read, if it is of the call's type: found by it, as in
        /// EasyDi, so a view that an assembly either makes or injects into is one object in the
        /// read. One not yet given (`into:` reads the call) or of another type is not, nor what a
        /// placeholder, which shares the injection's slot, found.
        func injection(for call: Call) -> Call? {
            guard injected, call.scope == .objectGraph, call.site != nil, call.substitution == nil
            else {
                return nil
            }
            let context = ObjectIdentifier(call.context)
            let record = graph[Slot(context: context, key: call.key, site: nil, substitution: nil)]
            guard let record, !record.substitutable, let object = record.object else {
                return nil
            }
            func fits<T>(_: T.Type) -> Bool { object is T }
            // Opened by name: Swift 5 mode does not open an existential metatype by itself.
            return Swift._openExistential(call.result, do: fits) ? record : nil
        }

        /// Reports `object` found for `call`.
        func found(_ object: Any, _ call: Call) -> Any {
            note(call, created: false)
            call.object = object
            return object
        }

        /// Makes the object of `call` and keeps it if it is a singleton. A substitute whose
        /// stand-in was found must return it. A placeholder's own call only finds its object.
        func create(_ call: Call, _ make: (Read) -> Any) -> Any {
            note(call, created: !call.findsOnly)
            calls.append(call)
            let value = call.substitution?.make(call.context) ?? make(self)
            calls.removeLast()
            if call.substitution != nil, call.found, DIContext.differ(value, call.object as Any) {
                DIContext.fail(
                    "cycle that cannot close: \(call) was read while its substitute ran and got "
                        + "its first other define of that type (EasyDi's rule), which it did not "
                        + "return")
            }
            if call.scope.isSingleton {
                call.mustNotShare()
                swept.append(call.context.keep(value, for: call))
            }
            // Unless a substitute made it or `inject:` can replace it, `record` gave the call its
            // object: graph11 19,997 → 19,103 instructions in `Benchmarks/run --callgrind graph11`.
            if call.substitution != nil || call.replaceable {
                call.object = value
            }
            return value
        }

        /// Records `object` in the innermost define call before its inject runs, so that cycles
        /// close, and holds it there if its inject is `replaceable`. The first define a substitute
        /// calls of the type it replaces makes the substitute, as in EasyDi: it stands in for the
        /// substitute's object.
        @usableFromInline func record(_ object: Any, replaceable: Bool) {
            let call = calls.last!
            call.object = object
            if replaceable {
                call.made = object
                call.replaceable = true
            }
            // Indexed, not `dropLast().last`, whose slice costs graph11 230 instructions.
            if let outer = calls.count > 1 ? calls[calls.count - 2] : nil,
                outer.substitution != nil, outer.object == nil, outer.key != call.key,
                outer.result == call.result, call.scope != .prototype
            {
                outer.object = object
            }
        }

        /// The innermost define call of the key of `call` under way in its context, once its
        /// object is made.
        func underWay(_ call: Call) -> Call? {
            calls.last { $0.holds(call.key, in: call.context) }
        }

        /// What a define call of `key` in `assembly`'s context made or found in this read's graph
        /// (not a singleton kept before the read, as in EasyDi), first read first, for a
        /// placeholder that found none under way (`supply` looks for that) and no injection:
        /// EasyDi's VIPER form gives the view with `define(key: "view", …)`. The placeholder keeps
        /// it in its slot, for its later reads that find none under way.
        @usableFromInline func made(_ key: String, in assembly: Assembly) -> Any? {
            let key = Key(key, of: type(of: assembly))
            let done = graph.values.filter { $0.holds(key, in: assembly.context) }
            return done.min { $0.order < $1.order }?.object
        }

        /// Adds the trace event of `call`, if its context has a trace hook and the read is not one
        /// that a hook made while hearing of another hook's reads.
        func note(_ call: Call, created: Bool) {
            if let hook = call.context.trace, told < Read.tracedRounds {
                let event = TraceEvent(
                    definition: "\(call)", scope: call.scope, depth: calls.count,
                    parent: calls.last.map { "\($0)" }, created: created,
                    substituted: call.substitution != nil)
                events.append { hook(event) }
            }
        }

        /// Stops before a define call that would leave too little stack for the next one on top
        /// of `stackLimit`; returns the stack's address. The next one is taken to need as much as
        /// this one's caller used since the define call under way (or, in a `deinit` that `letGo`
        /// runs, since `letGo` marked the stack), up to `stackReserve`: more is the caller's own
        /// code (a recursion of its own, say), not what each level of a runaway chain repeats.
        func guardStack(_ call: Call) -> UInt {
            let here = Swift.withUnsafePointer(to: call) { UInt(bitPattern: $0) }
            let above = calls.last?.stack ?? releasing
            let level = above > here ? Swift.min(above - here, Read.stackReserve) : 0
            guard here < stackLimit + level else {
                return here
            }
            // The message is made on a thread of its own, as this one has little stack left: even
            // a new array here may run the runtime's type lookup, which takes many kilobytes.
            nonisolated(unsafe) let path = (calls, call)
            Foundation.Thread.detachNewThread {
                DIContext.fail(Read.stackMessage(path.0 + [path.1]))
            }
            while true {
                Foundation.Thread.sleep(forTimeInterval: 1)
            }
        }

        /// Names the define calls that used up the stack: the loop the path first went round, from
        /// where it entered it (so the same, however deep the stack ran out), else the last ones.
        static func stackMessage(_ path: [Call]) -> String {
            var entered = Set<Slot>()
            let end = path.firstIndex { !entered.insert($0.slot).inserted }
            let loop = end.map { end in path.firstIndex { $0.slot == path[end].slot }!...end }
            let names = (loop.map { path[$0] } ?? path.suffix(3)).map { "\($0)" }
            let prototypes = loop.map { path[$0].allSatisfy { $0.scope == .prototype } } ?? false
            return "definitions nested \(path.count - 1) deep have used up the thread's stack, "
                + (loop == nil ? "ending …" : "repeating ")
                + names.joined(separator: " → ") + "; "
                + (prototypes
                    ? "prototypes always make new ones; make one of them objectGraph"
                    : "does a definition, a substitution or a deinit read itself forever?")
        }

        /// The lowest address this thread's stack may reach before a define stops the program:
        /// `stackReserve` above the bottom (a quarter of a smaller stack), or 0 where the bottom
        /// cannot be learnt (a fully static Linux executable has no `dlsym`). A stack larger than
        /// `largestStack` counts as that large: an unlimited one (`ulimit -s unlimited`) grows
        /// until memory runs out, where no message could be made.
        static func stackLimit() -> UInt {
            #if canImport(Darwin)
                let size = UInt(pthread_get_stacksize_np(pthread_self()))
                let bottom = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self())) - size
            #else
                // glibc and musl have pthread_getattr_np, which Swift's Glibc module leaves out.
                typealias GetAttributes =
                    @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
                // Allocated, not made with `pthread_attr_t()`: a module with MemberImportVisibility
                // would need an import of the module that declares that initialiser.
                let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
                defer { attributes.deallocate() }
                guard let symbol = dlsym(nil, "pthread_getattr_np"),
                    Swift.unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), attributes)
                        == 0
                else {
                    return 0
                }
                var base: UnsafeMutableRawPointer?
                var size = 0
                pthread_attr_getstack(attributes, &base, &size)
                pthread_attr_destroy(attributes)
                let bottom = UInt(bitPattern: base)
            #endif
            let usable = Swift.min(UInt(size), largestStack)
            return bottom == 0
                ? 0 : bottom + UInt(size) - usable + Swift.min(stackReserve, usable / 4)
        }

        /// The most stack a thread is taken to have, below its top.
        static let largestStack: UInt = 1024 * 1024 * 1024

        /// Stack kept free for the code between two define calls.
        static let stackReserve: UInt = 128 * 1024
    }
}

/// EasyDi's name for what a definition makes: anything.
public typealias InjectableObject = Any
/// EasyDi's name for a closure that makes an object.
public typealias ObjectInitClosure<Object> = () -> Object
/// EasyDi's name for an `inject:` closure that takes the object and returns it.
public typealias ObjectInjectClosure<Object> = (Object) -> Object
/// EasyDi's name for a closure that makes a substitute.
@preconcurrency public typealias SubstitutionClosure<Object> = @Sendable () -> Object

// MARK: - Substitutions

nonisolated extension Assembly {
    /// Makes the definition named `key` return `make()` until removed (tests, A/B switches).
    ///
    /// `make` runs on whichever thread reads the definition, so it is `@Sendable`: Swift 6 warns
    /// where it captures what is not, Swift 5 where it touches state marked `@MainActor` or
    /// another actor (EasyDi code that captures a `var`, say, stays silent there; a module's
    /// default isolation counts only with complete checking). The context keeps it: if it
    /// captures an assembly of the same context, the context is never freed. To read another
    /// definition, take its assembly as the closure's parameter.
    ///
    /// - Parameters:
    ///   - key: The definition's key, or the name of the property or method that defines it.
    ///   - make: Makes the substitute.
    @preconcurrency public func addSubstitution<Value>(
        for key: String,
        with make: @escaping @Sendable () -> Value
    ) {
        substitute(key, .init("\(type(of: self)).\(key)") { _ in make() })
    }

    /// Makes the definition named `key` return what `make` gives, given the assembly of type
    /// `Other` in this context: `addSubstitution(for: "feature") { (v2: V2) in v2.feature }`.
    ///
    /// - Parameters:
    ///   - key: The definition's key, or the name of the property or method that defines it.
    ///   - make: Makes the substitute from the assembly it reads.
    @preconcurrency public func addSubstitution<Value, Other: Assembly>(
        for key: String,
        with make: @escaping @Sendable (Other) -> Value
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
    func substitute(_ name: String, _ substitution: consuming DIContext.Substitution?) {
        substitute(DIContext.Key(name, of: type(of: self)), consume substitution)
    }

    /// Sets or removes the substitution of `key`; the one it replaces is let go after
    /// unlocking, as its deinit may read. It takes the new one over, so that the table holds it
    /// alone: should a deinit remove it at once, `letGo` lets it go too, and not the caller.
    func substitute(_ key: DIContext.Key, _ substitution: consuming DIContext.Substitution?) {
        var replaced = consume substitution
        context.changeSubstitutions { Swift.swap(&replaced, &$0[key]) }
        DIContext.Read.current().letGo(&replaced)
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
    @preconcurrency public func addSubstitution<Value>(
        for keyPath: KeyPath<Self, Value>,
        file: StaticString = #fileID,
        line: UInt = #line,
        with make: @escaping @Sendable () -> Value
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
    @preconcurrency public func addSubstitution<Value, Other: Assembly>(
        for keyPath: KeyPath<Self, Value>,
        file: StaticString = #fileID,
        line: UInt = #line,
        with make: @escaping @Sendable (Other) -> Value
    ) {
        substitute(keyPath, "\(file):\(line)") { make($0.assembly()) }
    }

    /// Restores the definitions that substitutions added for `keyPath` replaced (a getter that
    /// forwards by state may have named two); does nothing if none was added. Reads nothing.
    ///
    /// - Parameter keyPath: The key path the substitutions were added for.
    public func removeSubstitution<Value>(for keyPath: KeyPath<Self, Value>) {
        let added = (keyPath as AnyKeyPath, ObjectIdentifier(type(of: self)))
        // Compared unlocked: a subscript's key path compares its arguments with their `==`.
        var table = Optional(context.snapshot)
        let mine = table!.filter { $0.value.keyPath.map { $0 == added } == true }.map(\.key)
        context.changeSubstitutions { substitutions in
            for key in mine where substitutions[key] === table![key] {
                substitutions[key] = nil
            }
        }
        DIContext.Read.current().letGo(&table)  // unlocked: its deinit may read
    }

    /// Learns the definition behind `keyPath` with a probe: the getter runs where it is called,
    /// inside a read as part of it (finding its objects), and the substitution serves the define
    /// calls of the key path's type that the getter itself makes. They must be of one definition,
    /// of this context, and the getter must return what it was served. What the getter made, and
    /// the substitutions it met, are then forgotten: the read goes on as it was, and sees the new
    /// substitution when it first meets that context.
    func substitute<Value>(
        _ keyPath: KeyPath<Self, Value>,
        _ site: String,
        _ make: @escaping (DIContext) -> Any
    ) {
        let read = DIContext.Read.current()
        let substitution = DIContext.Substitution("", make)
        let outer = (read.graph, read.substitutions, read.lastSubstitutions, read.probe)
        read.reading += 1  // a trace hook hears of the getter's reads once the probe ends
        read.probe = .init(
            reading: read.reading, result: Value.self, substitution: substitution)
        let returned = self[keyPath: keyPath]
        let calls = read.probe!.served
        // What the getter made, and the substitutions it met, are let go once the read is back
        // as it was: their deinits may read.
        var probed = Optional((read.graph, read.substitutions, read.lastSubstitutions))
        (read.graph, read.substitutions, read.lastSubstitutions, read.probe) = outer
        read.letGo(&probed)
        read.endReading()
        func fail(_ problem: String) -> Never {
            DIContext.fail("the key path given to addSubstitution(for:) at \(site) \(problem)")
        }
        guard let found = calls.last else {
            fail("is not a definition: its getter calls no define(...) that returns \(Value.self)")
        }
        if let foreign = calls.first(where: { $0.context !== context }) {
            fail("names \(foreign) of another context; substitute on an assembly of that context")
        }
        if let other = calls.first(where: { $0.key != found.key || $0.site != found.site }) {
            if other.key == found.key, other.name == found.name {
                fail(
                    "reads \(found) from two define calls (an override's and the one it overrides, "
                        + "say); substitute it by name, \"\(found.name)\"")
            }
            // Two nested types of one name print alike: then their full names, which say more.
            let alike =
                other.assembly != found.assembly && "\(other.assembly)" == "\(found.assembly)"
            let names = [other, found].map {
                (alike ? String(reflecting: $0.assembly) : "\($0.assembly)") + ".\($0.name)"
            }.joined(separator: " and ")
            fail("reads two definitions of its type, \(names); substitute one by name")
        }
        if let made = found.object, DIContext.differ(returned, made) {
            fail("reads \(found) but returns another object; substitute \(found) itself")
        }
        if DIContext.Call.takesArguments(found.name) {
            var advice = "substitute by its key, \"\(found.key.name)\""
            if found.key == found.byName {
                advice = "give its define a key: per call, such as define(key: \"item-\\(n)\", …)"
            }
            fail(
                "names \(found.assembly).\(found.name), whose calls with other arguments answer "
                    + "to the same name; \(advice)")
        }
        substitution.name = "\(found.assembly).\(found.name)"
        substitution.keyPath = (keyPath, ObjectIdentifier(type(of: self)))
        substitute(found.byName, consume substitution)
        var served = Optional((consume returned, consume calls, consume found))
        read.letGo(&served)  // what the substitute made for the getter: its deinit may read
    }
}

nonisolated extension DIContext {
    /// A substitute's maker (given the context, so that it need not capture an assembly), its
    /// name for `unusedSubstitutions`, the key path that added it and the assembly type it was
    /// used on (if one did), the singletons it made and whether a read has used it. `name` and
    /// `keyPath` are set before it is added; the context's `lock` guards `singletons` and `used`.
    final class Substitution {
        var name: String
        let make: (DIContext) -> Any
        var keyPath: (path: AnyKeyPath, on: ObjectIdentifier)?
        let singletons = Shelf()
        var used = false

        init(_ name: String, _ make: @escaping (DIContext) -> Any) {
            self.name = name
            self.make = make
        }
    }
}

// MARK: - Placeholders

nonisolated extension Assembly {
    /// Returns the object injected under this key in the current graph (VIPER views, say), or
    /// made under it by `define(key:)` as EasyDi's VIPER form does.
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
        // What it finds is checked as a definition's object is, so a wrong type is named.
        let found = { () -> Any in
            if let made = DIContext.Read.current().made(key, in: self) {
                return made
            }
            DIContext.fail(
                "placeholder \(type(of: self)).\(key) at \(file):\(line) has no object injected "
                    + "under that key in the current graph; call defineInjection(key:into:) first, "
                    + "in the same resolution")
        }
        return resolve(key, definitionKey, .objectGraph, found, inPlace: false) { _ in }
    }
}

// MARK: - Diagnostics

nonisolated extension DIContext {
    /// Stops with a message that names what went wrong; also in release builds.
    @usableFromInline static func fail(_ message: String) -> Never {
        Swift.fatalError("Wiring: " + message)
    }

    /// Stops on an object of the wrong type, naming the definition, both types and its maker.
    /// Off the main thread, for a declared protocol, it names the likely cause too: a
    /// conformance that holds only on the main actor (as a module that is MainActor by default
    /// makes them), which the cast there does not see, where the compiler would have refused
    /// the conversion written out.
    @usableFromInline static func mismatch(_ call: Call, _ result: Any.Type, _ made: Any) -> Never {
        let maker = call.substitution == nil ? "definition" : "substitution"
        let (declared, actual) = ("\(result)", "\(type(of: made))")
        var message = "\(call) is declared as \(declared) but its \(maker) made \(actual)"
        // Only for a protocol or a composition of protocols, which a conformance gives: the
        // mangled names of those, and of nothing else, end in `p` (the mangling is ABI-stable).
        let declaredProtocol = _mangledTypeName(result)?.hasSuffix("p") == true
        if declaredProtocol, !Foundation.Thread.isMainThread {
            message +=
                "; if \(actual) conforms to \(declared) in a module that is MainActor by default, "
                + "that conformance holds only on the main actor, and this read is off it: "
                + "declare it in a `nonisolated extension \(actual): \(declared)`, or read on the "
                + "main actor"
        }
        fail(message)
    }

    /// Stops on a definition asked for again in its context before it exists, naming the path
    /// from its first read. Kept out of `supply`, whose frame each level of a chain repeats:
    /// written there, it took 96 bytes more of stack per define call.
    static func cycle(_ path: [Call]) -> Never {
        let names = path.drop { $0.slot != path.last!.slot }.map { "\($0)" }
        let advice =
            path.last!.substitution == nil
            ? "before it is made; set one side in inject: instead of init:"
            : "while its substitute runs, which has not returned it yet: what the substitute "
                + "reads cannot be given it (only the substitute's own reads get the original)"
        fail(
            "cycle that cannot close: \(names.joined(separator: " → ")) is asked for again "
                + advice)
    }

    /// True if `made`, what a cast gave for `value`, is `value` itself: of one type (an optional's
    /// or an existential's content) and, if an object, the same object, where a cast may convert
    /// (an `Int` to an `NSNumber`, a struct boxed as `AnyObject`).
    static func same(_ made: Any, _ value: Any) -> Bool {
        let content = { (value: Any) in unwrapped(value).map { Swift.type(of: $0) } }
        return content(made) == content(value) && !differ(made, value)
    }

    /// True if `object` is an object and `value` is not that object (an optional's content is
    /// what counts).
    static func differ(_ value: Any, _ object: Any) -> Bool {
        guard let object = unwrapped(object), type(of: object) is AnyObject.Type else {
            return false
        }
        return unwrapped(value).map { $0 as AnyObject !== object as AnyObject } ?? true
    }

    /// What `value` holds if it is an optional, however deep (`nil` if empty), else `value`. An
    /// optional is told by its type: a mirror can be made to look like one.
    @usableFromInline static func unwrapped(_ value: Any) -> Any? {
        guard type(of: value) is any OptionalValue.Type else {
            return value
        }
        return Swift.Mirror(reflecting: value).children.first.flatMap { unwrapped($0.value) }
    }

    /// The optionals, whatever they wrap.
    protocol OptionalValue {}
}

/// Tells optionals from values whose mirror looks like one.
nonisolated extension Optional: DIContext.OptionalValue {}
