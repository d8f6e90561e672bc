/// Writes a set of comic numbers short, as runs: `1–3, 7, 10–12`.
enum NumberRanges {
    /// The runs of `numbers` (in any order), the first `limit` of them, then "…" and how many
    /// numbers the rest hold.
    static func describe(_ numbers: some Sequence<Int>, limit: Int = 6) -> String {
        let sorted = Set(numbers).sorted()
        var runs: [ClosedRange<Int>] = []
        for number in sorted {
            if let last = runs.last, last.upperBound < Int.max, last.upperBound + 1 == number {
                runs[runs.count - 1] = last.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        let shown = runs.prefix(max(1, limit)).map { run in
            run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)–\(run.upperBound)"
        }
        let rest = runs.dropFirst(shown.count).reduce(0) { $0 + $1.count }
        return shown.joined(separator: ", ") + (rest > 0 ? ", … (\(rest) more)" : "")
    }
}
