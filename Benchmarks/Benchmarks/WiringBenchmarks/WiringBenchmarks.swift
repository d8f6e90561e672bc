// The wiring-compare scenarios as package-benchmark benchmarks, for detailed runs with percentiles,
// baselines and comparisons: `swift package benchmark` in this folder (see README.md).
import Benchmark
import Dispatch
import Scenarios

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: .microbenchmark, maxDuration: .seconds(1), maxIterations: 1_000_000)
    for scenario in Scenario.all() {
        // Cheap operations run a thousand times per measured iteration, so the clock's resolution is no issue.
        let scale: BenchmarkScalingFactor = scenario.nodes >= 100 ? .one : .kilo
        for contender in scenario.contenders {
            let prepared = contender.prepare()
            let name = "\(scenario.name) \(contender.kind.rawValue)"
            Benchmark(name, configuration: .init(scalingFactor: scale)) { benchmark in
                prepared.run(benchmark.scaledIterations.count)
            }
            if scenario.concurrent {
                // The same number of operations, half on each of two threads: throughput shows the scaling.
                Benchmark(name + " 2-threads", configuration: .init(scalingFactor: scale)) {
                    benchmark in
                    let half = benchmark.scaledIterations.count / 2
                    DispatchQueue.concurrentPerform(iterations: 2) { _ in prepared.run(half) }
                }
            }
        }
    }
}
