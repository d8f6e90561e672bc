// wiring-compare: times Wiring against hand-written wiring and Swinject on the same object graphs
// and prints one table; `--fixed` runs one operation a fixed number of times for callgrind.
import Foundation
import Scenarios

/// Runs `count` operations; not inlined, so an instruction counter can collect exactly this call
/// (`valgrind --tool=callgrind --toggle-collect='*measuredLoop*'`).
@inline(never) func measuredLoop(_ prepared: Prepared, _ count: Int) {
    prepared.run(count)
}

/// Prints `message` to stderr and exits with `code`.
func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data(("wiring-compare: " + message + "\n").utf8))
    exit(code)
}

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error.message + "\n" + Options.usage, error.exitCode)
}

runOnLargeStack {
    let scenarios = Scenario.all(largest: options.largest)
    switch options.mode {
    case .list:
        for scenario in scenarios {
            print(scenario.name, scenario.contenders.map(\.kind.rawValue).joined(separator: " "), "-", scenario.summary)
        }
    case let .fixed(name, kind, count):
        guard let scenario = Scenario.all().first(where: { $0.name == name }) else {
            fail("unknown scenario '\(name)'; --list shows them", 64)
        }
        guard let contender = scenario.contender(kind) else {
            fail("\(name) has no \(kind.rawValue) version; it has " + scenario.contenders.map(\.kind.rawValue).joined(separator: ", "), 64)
        }
        let prepared = contender.prepare()
        do throws(ShapeError) { try Harness.check(scenario, kind, prepared) } catch { fail(error.message, error.exitCode) }
        prepared.run(min(count, 100))  // warm-up: singletons made, keys registered, caches filled
        measuredLoop(prepared, count)
        print("operations \(count) nodes \(scenario.nodes)")
    case .compare:
        let unknown = options.only.subtracting(scenarios.map(\.name))
        if !unknown.isEmpty { fail("unknown scenario '\(unknown.sorted().joined(separator: "', '"))'; --list shows them", 64) }
        let harness = Harness(rounds: options.rounds, roundNanoseconds: options.roundMilliseconds * 1e6)
        var results: [ScenarioResult] = []
        for scenario in scenarios where options.only.isEmpty || options.only.contains(scenario.name) {
            FileHandle.standardError.write(Data("measuring \(scenario.name) …\n".utf8))
            do throws(ShapeError) { results.append(try harness.measure(scenario)) } catch { fail(error.message, error.exitCode) }
        }
        Report(results: results, rounds: options.rounds).print()
    }
    fflush(nil)  // stdout may be a pipe; flush before the main thread returns
}
