// wiring-compare: times Wiring against hand-written wiring and Swinject on the same object graphs
// and prints one table, and the comic reader's PNG pipeline against Python's zlib (`png`);
// `--fixed` runs one operation a fixed number of times for callgrind.
import Foundation
import Scenarios

/// Runs `count` operations; not inlined, so an instruction counter can collect exactly this call
/// (`valgrind --tool=callgrind --toggle-collect='*measuredLoop*'`).
@inline(never) func measuredLoop(_ prepared: Prepared, _ count: Int) {
    prepared.run(count)
}

/// The same for a step of the `png` scenario.
@inline(never) func measuredLoop(_ scenario: PNGScenario, _ step: PNGScenario.Step, _ count: Int) {
    scenario.run(step, count: count)
}

/// The `png` scenario's test image: read from `folder` (`--png-dir`), else drawn into a
/// temporary folder (which `LineArtImage.remove()` deletes).
func lineArtImage(folder: String?) throws(PNGBenchmarkError) -> LineArtImage {
    if let folder { return try LineArtImage.read(from: URL(fileURLWithPath: folder)) }
    return try LineArtImage.make()
}

/// The `png` scenario with its image, checked to decode as it should; exits on failure.
func preparePNG(folder: String?) -> PNGScenario {
    do throws(PNGBenchmarkError) {
        let scenario = PNGScenario(image: try lineArtImage(folder: folder))
        do throws(PNGBenchmarkError) { _ = try scenario.check() } catch {
            scenario.image.remove()
            throw error
        }
        return scenario
    } catch {
        fail(error.message, error.exitCode)
    }
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
            print(
                scenario.name, scenario.contenders.map(\.kind.rawValue).joined(separator: " "), "-",
                scenario.summary)
        }
        print(
            PNGScenario.name, PNGScenario.Step.allCases.map(\.rawValue).joined(separator: " "), "-",
            PNGScenario.summary)
        print(SearchScenario.name, "-", SearchScenario.summary)
    case .fixed(PNGScenario.name, let stepName, let count):
        guard let step = PNGScenario.Step(rawValue: stepName) else {
            fail(
                "png has no step '\(stepName)'; it has "
                    + PNGScenario.Step.allCases.map(\.rawValue).joined(separator: ", "), 64)
        }
        let scenario = preparePNG(folder: options.pngFolder)
        scenario.run(step, count: min(count, 3))  // warm-up
        measuredLoop(scenario, step, count)
        scenario.image.remove()
        print("operations \(count) nodes 1")
    case .fixed(let name, let kindName, let count):
        guard let scenario = Scenario.all().first(where: { $0.name == name }) else {
            fail("unknown scenario '\(name)'; --list shows them", 64)
        }
        guard let kind = Contender.Kind(rawValue: kindName) else {
            fail(
                "unknown contender '\(kindName)'; known: "
                    + Contender.Kind.allCases.map(\.rawValue).joined(separator: ", "), 64)
        }
        guard let contender = scenario.contender(kind) else {
            fail(
                "\(name) has no \(kind.rawValue) version; it has "
                    + scenario.contenders.map(\.kind.rawValue).joined(separator: ", "), 64)
        }
        let prepared = contender.prepare()
        do throws(ShapeError) { try Harness.check(scenario, kind, prepared) } catch {
            fail(error.message, error.exitCode)
        }
        prepared.run(min(count, 100))  // warm-up: singletons made, keys registered, caches filled
        measuredLoop(prepared, count)
        print("operations \(count) nodes \(scenario.nodes)")
    case .compare:
        let unknown = options.only.subtracting(
            scenarios.map(\.name) + [PNGScenario.name, SearchScenario.name])
        if !unknown.isEmpty {
            fail(
                "unknown scenario '\(unknown.sorted().joined(separator: "', '"))'; --list shows them",
                64)
        }
        let harness = Harness(
            rounds: options.rounds, roundNanoseconds: options.roundMilliseconds * 1e6)
        var results: [ScenarioResult] = []
        for scenario in scenarios where options.only.isEmpty || options.only.contains(scenario.name)
        {
            FileHandle.standardError.write(Data("measuring \(scenario.name) …\n".utf8))
            do throws(ShapeError) { results.append(try harness.measure(scenario)) } catch {
                fail(error.message, error.exitCode)
            }
        }
        var png: PNGResult?
        var pngMissing: String?
        if options.only.isEmpty || options.only.contains(PNGScenario.name) {
            FileHandle.standardError.write(Data("measuring \(PNGScenario.name) …\n".utf8))
            do throws(PNGBenchmarkError) {
                let image = try lineArtImage(folder: options.pngFolder)
                defer { image.remove() }
                png = try PNGScenario(image: image).measure(with: harness)
            } catch {
                // Without python3 a full run still reports the rest; asked for by name, png must run.
                guard error.exitCode == 69, options.only.isEmpty else {
                    fail(error.message, error.exitCode)
                }
                FileHandle.standardError.write(
                    Data("wiring-compare: png not measured: \(error.message)\n".utf8))
                pngMissing = error.message
            }
        }
        Report(results: results, png: png, pngMissing: pngMissing, rounds: options.rounds).print()
        if options.only.isEmpty || options.only.contains(SearchScenario.name) {
            FileHandle.standardError.write(Data("measuring \(SearchScenario.name) …\n".utf8))
            let search = SearchScenario()
            print("\n" + search.report(search.measure(with: harness)))
        }
    }
    fflush(nil)  // stdout may be a pipe; flush before the main thread returns
}
