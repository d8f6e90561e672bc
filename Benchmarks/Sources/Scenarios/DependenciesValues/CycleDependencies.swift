import Dependencies

// The A → B → C → A cycle with swift-dependencies. It has no object-graph scope, so the maker of
// A overrides a dependency, `cycleAUnderConstruction`, with the new A for the nested resolution of
// B (`withDependencies`, its way to scope a value to an operation), and the maker of C reads it:
// the same A within one resolution, a new one in the next.

// swift-dependencies requires values to be `Sendable`; see ScreenDependencies.swift.
extension CycleA: @unchecked Sendable {}

/// What a caller of the cycle holds, made once: the maker of A.
struct CycleDependencies: Sendable {
    @Dependency(\.makeCycleA) var makeCycleA
}

extension DependencyValues {
    var makeCycleA: @Sendable () -> CycleA {
        get { self[MakeCycleAKey.self] }
        set { self[MakeCycleAKey.self] = newValue }
    }
    var makeCycleB: @Sendable () -> CycleB {
        get { self[MakeCycleBKey.self] }
        set { self[MakeCycleBKey.self] = newValue }
    }
    var makeCycleC: @Sendable () -> CycleC {
        get { self[MakeCycleCKey.self] }
        set { self[MakeCycleCKey.self] = newValue }
    }
    /// The A whose resolution is under way, if any.
    var cycleAUnderConstruction: CycleA? {
        get { self[CycleAUnderConstructionKey.self] }
        set { self[CycleAUnderConstructionKey.self] = newValue }
    }
}

private enum CycleAUnderConstructionKey: DependencyKey {
    static var liveValue: CycleA? { nil }
}

private enum MakeCycleAKey: DependencyKey {
    static var liveValue: @Sendable () -> CycleA {
        @Dependency(\.makeCycleB) var makeCycleB
        return {
            let a = CycleA()
            withDependencies {
                $0.cycleAUnderConstruction = a
            } operation: {
                a.b = makeCycleB()
            }
            return a
        }
    }
}

private enum MakeCycleBKey: DependencyKey {
    static var liveValue: @Sendable () -> CycleB {
        @Dependency(\.makeCycleC) var makeCycleC
        return {
            let b = CycleB()
            b.c = makeCycleC()
            return b
        }
    }
}

private enum MakeCycleCKey: DependencyKey {
    static var liveValue: @Sendable () -> CycleC {
        @Dependency(\.cycleAUnderConstruction) var underConstruction
        @Dependency(\.makeCycleA) var makeCycleA
        return {
            let c = CycleC()
            c.a = underConstruction ?? makeCycleA()
            return c
        }
    }
}
