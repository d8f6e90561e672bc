import Foundation
import Scenarios

/// Prints the comparison: a table, then notes (substitution, threads, per-node growth, png), the
/// targets, and last one `ratio` line per scenario for scripts. With only `png` measured, the
/// table and Wiring's targets are left out.
struct Report {
    let results: [ScenarioResult]
    /// The `png` scenario, if it was measured.
    let png: PNGResult?
    /// Why `png` was not measured in a run that included it, if it was not.
    let pngMissing: String?
    let rounds: Int

    /// The table's contender columns, in order.
    private static let columns: [Contender.Kind] = [
        .hand, .handStatic, .handUnsync, .wiring, .swinject, .dependencies,
    ]

    /// The ratio columns and `ratio` lines: numerator, denominator.
    private static let ratios: [(Contender.Kind, Contender.Kind)] = [
        (.wiring, .hand), (.swinject, .wiring), (.dependencies, .wiring),
    ]

    /// Writes the report to standard output.
    func print() {
        if !results.isEmpty {
            Swift.print(
                "Nanoseconds per operation (per node for wide-N and deep-N; for threads, two threads together),"
            )
            Swift.print(
                "median of \(rounds) rounds. hand = hand-written with lock-guarded singletons; hand-static = a"
            )
            Swift.print(
                "static let singleton; hand-unsync = plain lazy var / let singletons, not thread-safe;"
            )
            Swift.print("dependencies = swift-dependencies.")
            Swift.print("")
            let header =
                [pad("scenario", 14, left: true), pad("per", 4, left: true)]
                + Report.columns.map { pad($0.rawValue, Report.width($0)) }
                + Report.ratios.map { pad(Report.ratioName($0), Report.ratioName($0).count) }
            Swift.print(header.joined(separator: " "))
            for result in results {
                var cells = [
                    pad(result.scenario.name, 14, left: true),
                    pad(result.scenario.nodes == 1 ? "op" : "node", 4, left: true),
                ]
                cells += Report.columns.map {
                    pad(result.perNode($0).map(Report.nanoseconds) ?? "-", Report.width($0))
                }
                cells += Report.ratios.map {
                    pad(Report.ratio(result.ratio($0.0, $0.1)), Report.ratioName($0).count)
                }
                Swift.print(cells.joined(separator: " "))
            }
            Swift.print("")
        }
        for line in notes() { Swift.print(line) }
        Swift.print("")
        for line in targets() { Swift.print(line) }
        Swift.print("")
        for result in results {
            let parts = Report.ratios.map {
                "\(Report.ratioName($0)) \(Report.ratio(result.ratio($0.0, $0.1)))"
            }
            Swift.print("ratio \(result.scenario.name) " + parts.joined(separator: " "))
        }
        if let png {
            Swift.print("ratio png swift-inflate/python-zlib \(Report.ratio(png.inflateRatio))")
        }
    }

    /// The `png` scenario's lines: the figures, then what was measured on what.
    private func pngNotes() -> [String] {
        if let pngMissing { return ["png: not measured: \(pngMissing)"] }
        guard let png else { return [] }
        return [
            "png: inflate \(Report.milliseconds(png.inflateNanoseconds)) ms (python zlib "
                + "\(Report.milliseconds(png.pythonZlibNanoseconds)) ms, ×\(Report.ratio(png.inflateRatio))), "
                + "decode+render \(png.columns) cols \(Report.milliseconds(png.decodeRenderNanoseconds)) ms",
            "png: median of \(rounds) rounds, taking turns; a \(png.imageWidth) × \(png.imageHeight) 8-bit grey line-art PNG, "
                + "IDAT \(png.idatBytes) bytes inflating to \(png.filteredBytes); python3 zlib.decompress with zlib "
                + "\(png.zlibVersion); the picture is \(png.columns) × \(png.rows) cells in 24-bit colour "
                + "(\(Report.milliseconds(png.decodeRender256Nanoseconds)) ms with the 256-colour palette)",
        ]
    }

    /// Substitution cost, thread scaling and per-node growth, each on a line.
    private func notes() -> [String] {
        var lines: [String] = []
        if let singleton = result("singleton"), let wiring = singleton.perNode(.wiring) {
            let parts = [Contender.Kind.hand, .handStatic, .handUnsync].compactMap {
                kind -> String? in
                singleton.perNode(kind).map {
                    "×\(Report.ratio(wiring / $0)) \(kind.rawValue) (\(Report.nanoseconds($0)) ns)"
                }
            }
            lines.append(
                "singleton: Wiring \(Report.nanoseconds(wiring)) ns, "
                    + parts.joined(separator: ", "))
        }
        if let substitution = result("substitution"), let with = substitution.perNode(.wiring),
            let without = substitution.perNode(.wiringPlain)
        {
            lines.append(
                "substitution: Wiring with one substitution active \(Report.nanoseconds(with)) ns, none active "
                    + "\(Report.nanoseconds(without)) ns (×\(Report.ratio(with / without)))")
        }
        if let threads = result("threads") {
            let parts = threads.measurements.map { measurement in
                let name =
                    measurement.kind == .wiringPlain
                    ? "wiring with a context per thread" : measurement.kind.rawValue
                return "\(name) \(Report.nanoseconds(measurement.nanoseconds)) → "
                    + "\(Report.nanoseconds(measurement.twoThreadNanoseconds ?? .nan)) ns (×\(Report.ratio(measurement.scaling)))"
            }
            lines.append(
                "threads: ns per operation, 1 thread → 2 threads together (throughput ratio): "
                    + parts.joined(separator: ", ")
                    + "; hand shares nothing, so its ratio is what the machine's second core gave")
        }
        for shape in ["wide", "deep"] {
            let parts = [Contender.Kind.hand, .wiring, .swinject].compactMap { kind -> String? in
                guard let (small, large) = extremes(shape, kind) else { return nil }
                return
                    "\(kind.rawValue) \(Report.nanoseconds(small.value)) → \(Report.nanoseconds(large.value)) ns "
                    + "(N \(small.size) → \(large.size), ×\(Report.ratio(large.value / small.value)))"
            }
            if !parts.isEmpty {
                lines.append("\(shape)-N per node: " + parts.joined(separator: ", "))
            }
        }
        return lines + pngNotes()
    }

    /// The goals Wiring is held to, each with the figure measured now and whether it was met.
    private func targets() -> [String] {
        var lines: [String] = []
        func target(_ name: String, _ value: Double?, atMost: Double? = nil, atLeast: Double? = nil)
        {
            guard let value else { return lines.append("target \(name): not measured") }
            let met = atMost.map { value <= $0 } ?? atLeast.map { value >= $0 } ?? true
            let bound =
                atMost.map { "<= \(Report.ratio($0))" } ?? atLeast.map { ">= \(Report.ratio($0))" }
                ?? ""
            lines.append(
                "target \(name) \(bound): \(Report.ratio(value)) \(met ? "met" : "MISSED")")
        }
        if !results.isEmpty {
            for (name, atMost) in [("graph11", 10.0), ("singleton", 4.0)] {
                target("\(name) wiring/hand", result(name)?.ratio(.wiring, .hand), atMost: atMost)
                if name == "singleton" {
                    target(
                        "singleton wiring/hand-static", result(name)?.ratio(.wiring, .handStatic),
                        atMost: atMost)
                }
                for peer in [Contender.Kind.swinject, .dependencies] {
                    target(
                        "\(name) \(peer.rawValue)/wiring", result(name)?.ratio(peer, .wiring),
                        atLeast: 5)
                }
            }
            for shape in ["wide", "deep"] {
                let growth = extremes(shape, .wiring).map { $0.large.value / $0.small.value }
                target(
                    "\(shape)-N wiring per-node growth (largest N ÷ smallest N)", growth,
                    atMost: 1.5)
            }
            target(
                "threads wiring 2-thread ÷ 1-thread throughput",
                result("threads")?.measurements.first { $0.kind == .wiring }?.scaling, atLeast: 1.5)
        }
        if let png {
            // About a tenth of a second is as long as a response can take and still feel immediate.
            let milliseconds = png.decodeRenderNanoseconds / 1e6
            lines.append(
                "target png decode+render \(png.columns) cols, ms <= 100: \(Report.milliseconds(png.decodeRenderNanoseconds)) "
                    + (milliseconds <= 100 ? "met" : "MISSED"))
        }
        return lines
    }

    private func result(_ name: String) -> ScenarioResult? {
        results.first { $0.scenario.name == name }
    }

    /// Per-node cost of `kind` at the smallest and the largest N of the `shape-N` scenarios.
    private func extremes(_ shape: String, _ kind: Contender.Kind)
        -> (small: (size: Int, value: Double), large: (size: Int, value: Double))?
    {
        let points = results.filter { $0.scenario.name.hasPrefix(shape + "-") }
            .compactMap { result in
                result.perNode(kind).map { (size: result.scenario.nodes, value: $0) }
            }
            .sorted { $0.size < $1.size }
        guard let first = points.first, let last = points.last, points.count > 1 else { return nil }
        return (first, last)
    }

    /// The width of a contender's column: its name's and a space, at least 10.
    private static func width(_ kind: Contender.Kind) -> Int { max(10, kind.rawValue.count + 1) }

    /// `numerator/denominator`, as in the ratio columns and lines.
    private static func ratioName(_ pair: (Contender.Kind, Contender.Kind)) -> String {
        "\(pair.0.rawValue)/\(pair.1.rawValue)"
    }

    /// Nanoseconds with three significant figures or so.
    static func nanoseconds(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return String(format: value < 10 ? "%.2f" : value < 100 ? "%.1f" : "%.0f", value)
    }

    /// Nanoseconds as milliseconds with three significant figures or so.
    static func milliseconds(_ nanoseconds: Double) -> String {
        guard nanoseconds.isFinite else { return "-" }
        let value = nanoseconds / 1e6
        return String(format: value < 10 ? "%.2f" : value < 100 ? "%.1f" : "%.0f", value)
    }

    /// A ratio with two decimals, or `-`.
    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(format: "%.2f", value)
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + fill : fill + text
    }
}
