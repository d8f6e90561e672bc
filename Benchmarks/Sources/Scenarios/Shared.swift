/// Hands a container, resolver or assembly to the operation closures, which are `@Sendable`.
///
/// The wrapped values are not declared `Sendable`; they are used from one thread at a time, except
/// in the threads scenario, which shares only things that are safe to share: a Wiring assembly
/// (its resolution is thread-safe), a Swinject `synchronize()`d resolver, and no state at all for
/// the hand-written graph.
final class Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
