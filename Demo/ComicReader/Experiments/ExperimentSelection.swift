/// The variant chosen for each experiment, by experiment name.
struct ExperimentSelection: Sendable, Equatable {
    var variants: [String: String]

    /// The variant chosen for `experiment`, if any.
    func variant(of experiment: String) -> String? { variants[experiment] }

    /// `layout=card, random=uniform`, sorted by experiment name.
    var description: String {
        variants.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}
