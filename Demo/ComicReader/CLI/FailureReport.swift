/// The lines a refresh prints for what failed: failures alike (the same reason, apart from
/// the address) are grouped on one line with their numbers written as runs, so a host that
/// is down gives one line, not one per comic.
enum FailureReport {
    /// One line per kind of failure, the most frequent first; a kind that happened once keeps
    /// its full reason, address included. `noun` is "comic" or "image".
    static func lines(_ failures: [RefreshSummary.Failure], noun: String) -> [String] {
        var groups: [(kind: String, failures: [RefreshSummary.Failure])] = []
        for failure in failures {
            if let index = groups.firstIndex(where: { $0.kind == failure.kind }) {
                groups[index].failures.append(failure)
            } else {
                groups.append((failure.kind, [failure]))
            }
        }
        let ordered = groups.enumerated().sorted { left, right in
            left.element.failures.count != right.element.failures.count
                ? left.element.failures.count > right.element.failures.count
                : left.offset < right.offset
        }
        return ordered.map { _, group in
            guard group.failures.count > 1, let first = group.failures.first else {
                let only = group.failures[0]
                return "  \(noun) \(only.number): \(only.reason)"
            }
            let numbers = NumberRanges.describe(group.failures.map(\.number))
            return "  \(group.failures.count) \(noun)s (\(numbers)): \(group.kind), "
                + "e.g. \(noun) \(first.number): \(first.reason)"
        }
    }
}
