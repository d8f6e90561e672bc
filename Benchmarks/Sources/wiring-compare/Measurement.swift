import Scenarios

/// What was measured for one contender of one scenario.
struct Measurement {
    /// Who built the objects.
    let kind: Contender.Kind
    /// Median nanoseconds per operation, one thread.
    let nanoseconds: Double
    /// For concurrent scenarios: median nanoseconds per operation of two threads together
    /// (wall time ÷ operations of both), so 1e9 ÷ this is their combined throughput.
    let twoThreadNanoseconds: Double?

    /// Two-thread throughput ÷ one-thread throughput.
    var scaling: Double? { twoThreadNanoseconds.map { nanoseconds / $0 } }
}

/// Everything measured for one scenario, in one run.
struct ScenarioResult {
    let scenario: Scenario
    let measurements: [Measurement]

    /// Nanoseconds per node (per operation when the scenario makes one node) for `kind`; for
    /// concurrent scenarios, of two threads together.
    func perNode(_ kind: Contender.Kind) -> Double? {
        guard let measurement = measurements.first(where: { $0.kind == kind }) else { return nil }
        return (measurement.twoThreadNanoseconds ?? measurement.nanoseconds)
            / Double(scenario.nodes)
    }

    /// `perNode(numerator) ÷ perNode(denominator)`, if both contenders took part.
    func ratio(_ numerator: Contender.Kind, _ denominator: Contender.Kind) -> Double? {
        guard let top = perNode(numerator), let bottom = perNode(denominator) else { return nil }
        return top / bottom
    }
}
