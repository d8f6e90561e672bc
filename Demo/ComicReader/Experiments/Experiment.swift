/// An A/B experiment: a named choice between variants, one of them the default.
struct Experiment: Sendable {
    /// The name given in `--ab EXPERIMENT=VARIANT`.
    let name: String
    /// One line for `comics experiments`.
    let summary: String
    /// The arms, the default first.
    let variants: [ExperimentVariant]

    /// The variant used when none is chosen: the first.
    var defaultVariant: ExperimentVariant { variants[0] }

    /// The variant named `name`, if there is one.
    func variant(named name: String) -> ExperimentVariant? {
        variants.first { $0.name == name }
    }

    /// The variant names joined for messages, e.g. `classic|card`.
    var variantNames: String { variants.map(\.name).joined(separator: "|") }
}
