/// One way of building a scenario's objects.
public struct Contender: Sendable {
    /// Who builds the objects.
    public enum Kind: String, Sendable, CaseIterable {
        /// Hand-written, thread-safe (lock-guarded lazy singletons): the baseline.
        case hand
        /// Hand-written `static let` singleton (singleton only): thread-safe, made on first read.
        case handStatic = "hand-static"
        /// Hand-written with plain `lazy var` or `let` singletons: not thread-safe, for scale.
        case handUnsync = "hand-unsync"
        /// Wiring.
        case wiring
        /// Swinject.
        case swinject
        /// swift-dependencies (Point-Free's): `DependencyKey`s read with `@Dependency`.
        case dependencies
        /// Wiring without the scenario's twist: no substitution active (substitution), a context of
        /// each thread's own rather than one shared (threads).
        case wiringPlain = "wiring-plain"
    }

    /// Who builds the objects.
    public let kind: Kind
    /// Makes the container, context or assembly; called once, outside any timing.
    public let prepare: @Sendable () -> Prepared

    init(_ kind: Kind, _ prepare: @escaping @Sendable () -> Prepared) {
        self.kind = kind
        self.prepare = prepare
    }
}
