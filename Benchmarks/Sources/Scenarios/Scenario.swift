/// One object graph, built by each contender; the unit of the comparison table.
public struct Scenario: Sendable {
    /// The name used on the command line and in the `ratio` lines, e.g. `graph11` or `wide-100`.
    public let name: String
    /// One line on what an operation does.
    public let summary: String
    /// Objects an operation makes that the per-node figure divides by; 1 reports per operation.
    public let nodes: Int
    /// Whether the harness also runs the operation from two threads at once on shared state.
    public let concurrent: Bool
    /// The ways of building the graph.
    public let contenders: [Contender]
    /// Checks two results of the same prepared contender: nil if both are the graph the scenario
    /// describes (and shared or distinct where they should be), else what is wrong.
    public let check:
        @Sendable (_ kind: Contender.Kind, _ first: AnyObject, _ second: AnyObject) -> String?

    /// The contender of `kind`, if the scenario has one.
    public func contender(_ kind: Contender.Kind) -> Contender? {
        contenders.first { $0.kind == kind }
    }
}
