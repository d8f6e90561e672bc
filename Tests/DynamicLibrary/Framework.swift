// A framework of assemblies in a dynamic library of its own, as an app ships one. Its getters are
// `@inlinable`, so an app's release build copies their bodies, `#fileID` literal and all: the app's
// copy of a define call names its file by another pointer than the framework's copy.
import Wiring

/// Counts the counters made, so that a second singleton shows.
public final class Counter: @unchecked Sendable {
    /// How many counters were made.
    nonisolated(unsafe) public static var made = 0

    /// Makes a counter and counts it.
    public init() {
        Counter.made += 1
    }
}

/// Holds the counter that the framework's own code read in the same read.
public final class Holder {
    /// The counter read with it.
    public var counter: Counter?

    /// Makes an empty holder.
    public init() {}
}

/// Definitions whose getters an app inlines.
public final class FrameworkAssembly: Assembly {
    /// Binds the assembly to the current context.
    public required init() {
        super.init()
    }

    /// One counter per context.
    @inlinable public var singleton: Counter { define(scope: .lazySingleton, init: Counter()) }

    /// One counter per read.
    @inlinable public var perGraph: Counter { define(init: Counter()) }

    /// Read by the framework's code only; its `inject:` reads `perGraph` there.
    public var holder: Holder { define(init: Holder()) { $0.counter = self.perGraph } }
}

/// Generic: the app specialises the getter, another copy of its body.
public final class StoreAssembly<Model>: Assembly {
    /// Binds the assembly to the current context.
    public required init() {
        super.init()
    }

    /// One counter per context.
    @inlinable public var store: Counter { define(scope: .lazySingleton, init: Counter()) }
}

/// Reads `singleton` from the framework's own code, never inlined into the app.
@inline(never) public func frameworkSingleton(_ assembly: FrameworkAssembly) -> Counter {
    assembly.singleton
}

/// Reads `store` from the framework's own code, never inlined into the app.
@inline(never) public func frameworkStore(_ assembly: StoreAssembly<Int>) -> Counter {
    assembly.store
}
