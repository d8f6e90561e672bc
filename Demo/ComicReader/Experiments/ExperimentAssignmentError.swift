/// A `--ab` or `COMICS_AB` assignment that names no known experiment or variant.
enum ExperimentAssignmentError: Error, Equatable, CustomStringConvertible {
    /// Not of the form `NAME=VARIANT`.
    case malformed(String, origin: String, known: String)
    /// No experiment has this name.
    case unknownExperiment(String, origin: String, known: String)
    /// The experiment has no variant of this name.
    case unknownVariant(String, experiment: String, origin: String, known: String)

    var description: String {
        switch self {
        case .malformed(let text, let origin, let known):
            "\(origin): '\(text)' is not of the form EXPERIMENT=VARIANT (experiments: \(known))"
        case .unknownExperiment(let name, let origin, let known):
            "\(origin): unknown experiment '\(name)' (experiments: \(known))"
        case .unknownVariant(let variant, let experiment, let origin, let known):
            "\(origin): experiment '\(experiment)' has no variant '\(variant)' (variants: \(known))"
        }
    }
}
