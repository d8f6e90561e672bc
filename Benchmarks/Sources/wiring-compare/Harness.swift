import Dispatch
import Scenarios

/// Times scenarios: checks each contender's graph, calibrates a round of about `roundNanoseconds`,
/// warms up with one such round, then takes `rounds` rounds with the contenders interleaved (so a
/// burst of load elsewhere on the machine hits all of them alike) and keeps the median.
struct Harness {
    let rounds: Int
    let roundNanoseconds: Double

    /// Measures every contender of `scenario`.
    func measure(_ scenario: Scenario) throws(ShapeError) -> ScenarioResult {
        let prepared = try scenario.contenders.map { contender throws(ShapeError) in
            let ready = contender.prepare()
            try Harness.check(scenario, contender.kind, ready)
            return ready
        }
        let counts = prepared.map(calibrate)
        var single = Array(repeating: [Double](), count: prepared.count)
        var double = single
        for (ready, count) in zip(prepared, counts) { ready.run(count) }  // warm-up
        for _ in 0..<rounds {
            for (index, ready) in prepared.enumerated() {
                let count = counts[index]
                single[index].append(Stopwatch.nanoseconds { ready.run(count) } / Double(count))
                if scenario.concurrent {
                    let elapsed = Stopwatch.nanoseconds {
                        DispatchQueue.concurrentPerform(iterations: 2) { _ in ready.run(count) }
                    }
                    double[index].append(elapsed / Double(2 * count))
                }
            }
        }
        let measurements = scenario.contenders.indices.map { index in
            Measurement(
                kind: scenario.contenders[index].kind, nanoseconds: Harness.median(single[index]),
                twoThreadNanoseconds: scenario.concurrent ? Harness.median(double[index]) : nil)
        }
        return ScenarioResult(scenario: scenario, measurements: measurements)
    }

    /// Fails unless two results of `prepared` have the shape the scenario describes.
    static func check(_ scenario: Scenario, _ kind: Contender.Kind, _ prepared: Prepared)
        throws(ShapeError)
    {
        let first = prepared.once()
        let second = prepared.once()
        defer {
            prepared.release(first)
            prepared.release(second)
        }
        if let problem = scenario.check(kind, first, second) {
            throw ShapeError(scenario: scenario.name, contender: kind, problem: problem)
        }
    }

    /// Measures operations that are not a scenario's contenders: each `time(count)` performs its
    /// operation `count` times and returns the nanoseconds that took (an operation in another
    /// process reports its own clock). Calibrated, warmed up and interleaved round by round like
    /// the contenders of `measure(_:)`; returns the median nanoseconds per operation of each.
    func measure(_ timers: [(_ count: Int) throws -> Double]) throws -> [Double] {
        var counts: [Int] = []
        for time in timers { counts.append(try calibrate(time)) }
        for (time, count) in zip(timers, counts) { _ = try time(count) }  // warm-up
        var perOperation = Array(repeating: [Double](), count: timers.count)
        for _ in 0..<rounds {
            for (index, time) in timers.enumerated() {
                perOperation[index].append(try time(counts[index]) / Double(counts[index]))
            }
        }
        return perOperation.map(Harness.median)
    }

    /// Operations per round: grows the count until a run takes an eighth of a round, then scales.
    private func calibrate(_ prepared: Prepared) -> Int {
        calibrate { count in Stopwatch.nanoseconds { prepared.run(count) } }
    }

    /// Operations per round for an operation that `time(count)` performs `count` times, returning
    /// the nanoseconds taken.
    private func calibrate(_ time: (_ count: Int) throws -> Double) rethrows -> Int {
        var count = 1
        while true {
            let elapsed = try time(count)
            if elapsed >= roundNanoseconds / 8 || count >= 1 << 30 {
                return max(1, Int(Double(count) * roundNanoseconds / max(elapsed, 1)))
            }
            count *= 4
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// A contender built a graph that is not the scenario's; exits with 70 (EX_SOFTWARE), since the
/// comparison would be meaningless.
struct ShapeError: Error {
    let scenario: String
    let contender: Contender.Kind
    let problem: String
    var message: String { "\(scenario), \(contender.rawValue): \(problem)" }
    var exitCode: Int32 { 70 }
}
