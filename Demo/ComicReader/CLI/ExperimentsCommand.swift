/// `experiments`: every A/B experiment with its variants, marking defaults and active ones.
struct ExperimentsCommand {
    let registry: ExperimentRegistry
    let selection: ExperimentSelection
    let console: any Console

    /// Prints the experiments and the active selection; returns the exit code.
    func run() -> Int32 {
        for experiment in registry.experiments {
            console.printData("\(experiment.name): \(experiment.summary)")
            let active = selection.variant(of: experiment.name) ?? experiment.defaultVariant.name
            let width = experiment.variants.map(\.name.count).max() ?? 0
            for variant in experiment.variants {
                let mark = variant.name == active ? "*" : " "
                let padding = String(repeating: " ", count: width - variant.name.count)
                let isDefault = variant.name == experiment.defaultVariant.name ? " (default)" : ""
                console.printData(
                    "  \(mark) \(variant.name)\(padding)  \(variant.summary)\(isDefault)")
            }
        }
        console.printData("")
        console.printData(
            "active: \(selection.description)   (* marks it; choose with --ab NAME=VARIANT or COMICS_AB)"
        )
        return ExitCode.ok
    }
}
