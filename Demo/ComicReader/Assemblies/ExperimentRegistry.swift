import Wiring

/// Every experiment the program knows, with its variants, defaults and descriptions; the
/// single list `--ab` is checked against and `comics experiments` prints.
struct ExperimentRegistry: Sendable {
    let experiments: [Experiment]

    /// The program's experiments.
    static let standard = ExperimentRegistry(experiments: [
        Experiment(
            name: "layout", summary: "How a comic is laid out on the terminal.",
            variants: [
                .builtIn("classic", "Plain lines: title, date, image link, alt text."),
                .switched(
                    "card", "A framed card with the title in its top border.",
                    by: CardLayoutAssembly.self),
            ]),
        Experiment(
            name: "random", summary: "How `comics random` (and r in the reader) chooses.",
            variants: [
                .builtIn("uniform", "Every comic is equally likely."),
                .switched(
                    "unread-first", "Comics not read yet come first.",
                    by: UnreadFirstRandomAssembly.self),
            ]),
    ])

    /// The experiment named `name`, if there is one.
    func experiment(named name: String) -> Experiment? {
        experiments.first { $0.name == name }
    }

    /// Every experiment at its default variant.
    var defaults: ExperimentSelection {
        ExperimentSelection(
            variants: Dictionary(
                uniqueKeysWithValues: experiments.map { ($0.name, $0.defaultVariant.name) }))
    }

    /// Switches every experiment's variants on or off in `context` as `selection` says.
    /// This is the only place that looks at the chosen variants; afterwards the assemblies
    /// simply hand out the chosen objects.
    func activate(_ selection: ExperimentSelection, in context: DIContext) {
        for experiment in experiments {
            let chosen = selection.variant(of: experiment.name) ?? experiment.defaultVariant.name
            for variant in experiment.variants {
                variant.activation?(context, variant.name == chosen)
            }
        }
    }

    /// Checks `NAME=VARIANT` assignments and applies them over `base`, later ones winning.
    /// - Parameter origin: where the assignments came from, for messages (`--ab`, `COMICS_AB`).
    func selection(
        applying assignments: [String], over base: ExperimentSelection, origin: String
    ) throws(ExperimentAssignmentError) -> ExperimentSelection {
        var selection = base
        for assignment in assignments {
            let parts = assignment.split(
                separator: "=", maxSplits: 1, omittingEmptySubsequences: false
            )
            .map { $0.trimmingCharacters(in: .whitespaces) }
            // `layout=` and `=card` are as incomplete as `layout`.
            guard parts.count == 2, let name = parts.first, let value = parts.last, !name.isEmpty,
                !value.isEmpty
            else {
                throw .malformed(assignment, origin: origin, known: experimentList)
            }
            guard let experiment = experiment(named: name) else {
                throw .unknownExperiment(name, origin: origin, known: experimentList)
            }
            guard experiment.variant(named: value) != nil else {
                throw .unknownVariant(
                    value, experiment: name, origin: origin, known: experiment.variantNames)
            }
            selection.variants[name] = value
        }
        return selection
    }

    /// `layout=classic|card, random=uniform|unread-first`, for messages.
    var experimentList: String {
        experiments.map { "\($0.name)=\($0.variantNames)" }.joined(separator: ", ")
    }
}
