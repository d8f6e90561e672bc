import Wiring

/// The A → B → C → A cycle with Wiring: `.objectGraph` objects set in `inject`, so C gets the A
/// of the same resolution.
final class CycleAssembly: Assembly {
    var a: CycleA { define(init: CycleA()) { $0.b = self.b } }
    var b: CycleB { define(init: CycleB()) { $0.c = self.c } }
    var c: CycleC { define(init: CycleC()) { $0.a = self.a } }
}
