import Wiring

/// One arm of an experiment: its name on the command line, what it does, and how it is
/// switched on. The default arm needs no switch: it is what the main assemblies define.
struct ExperimentVariant: Sendable {
    /// The name given in `--ab EXPERIMENT=VARIANT`.
    let name: String
    /// One line for `comics experiments`.
    let summary: String
    /// Switches the variant on or off in a context; nil for the arm the assemblies define.
    let activation: (@Sendable (DIContext, Bool) -> Void)?

    /// The variant the main assemblies already define.
    static func builtIn(_ name: String, _ summary: String) -> ExperimentVariant {
        ExperimentVariant(name: name, summary: summary, activation: nil)
    }

    /// A variant switched by the experiment assembly `Switch`.
    static func switched<Switch: ExperimentSwitch>(
        _ name: String, _ summary: String, by _: Switch.Type
    ) -> ExperimentVariant {
        ExperimentVariant(name: name, summary: summary) { context, on in
            Switch.instance(from: context).activate(on)
        }
    }
}
