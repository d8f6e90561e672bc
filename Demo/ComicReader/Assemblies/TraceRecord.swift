import Wiring

/// One trace event, kept with only what the dependency graph needs.
struct TraceRecord: Sendable, Equatable {
    /// `Assembly.key` of the definition resolved.
    let definition: String
    let scope: Assembly.Scope
    /// The definition that asked for it.
    let parent: String?
    let substituted: Bool

    init(definition: String, scope: Assembly.Scope, parent: String?, substituted: Bool) {
        (self.definition, self.scope, self.parent, self.substituted) = (
            definition, scope, parent, substituted
        )
    }

    init(_ event: DIContext.TraceEvent) {
        self.init(
            definition: event.definition, scope: event.scope, parent: event.parent,
            substituted: event.substituted)
    }
}
