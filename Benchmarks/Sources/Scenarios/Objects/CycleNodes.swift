// The cycle scenario's objects: A → B → C → A through properties, closed within one resolution.
// Each operation breaks the cycle again (`c.a = nil`) so nothing leaks; all contenders do the same.

/// The cycle's entry point.
final class CycleA { var b: CycleB? }
/// The cycle's middle.
final class CycleB { var c: CycleC? }
/// Points back to the `CycleA` of the same resolution.
final class CycleC { var a: CycleA? }
