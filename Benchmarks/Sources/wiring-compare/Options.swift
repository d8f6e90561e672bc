/// What the command line asked for.
struct Options {
    /// What to do.
    enum Mode: Equatable {
        /// Time every selected scenario and print the table.
        case compare
        /// Run one contender's operation (for `png`, one step's) `count` times, untimed, for an
        /// instruction counter.
        case fixed(scenario: String, contender: String, count: Int)
        /// Print the scenarios and their contenders.
        case list
    }

    var mode = Mode.compare
    /// Timed rounds per contender; the median is reported.
    var rounds = 15
    /// Target length of one round, in milliseconds.
    var roundMilliseconds = 25.0
    /// The largest N of the wide and deep scenarios.
    var largest = 10_000
    /// Scenario names to run; empty runs all.
    var only: Set<String> = []
    /// A folder where `tools/make-line-art-png.py` already drew the `png` scenario's image; nil
    /// draws it in a temporary folder.
    var pngFolder: String?

    static let usage = """
        usage: wiring-compare [--rounds N] [--round-ms MS] [--largest N] [--only NAME[,NAME…]] [--png-dir DIR]
               wiring-compare --fixed SCENARIO CONTENDER COUNT [--png-dir DIR]
                              (for png, CONTENDER is a step: inflate or decode-render)
               wiring-compare --list
        """

    /// Reads `arguments` (without the program name).
    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        func value(_ flag: String) throws(UsageError) -> String {
            guard let next = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        func number(_ flag: String, _ text: String) throws(UsageError) -> Double {
            guard let number = Double(text), number > 0 else {
                throw UsageError("\(flag) needs a positive number, got '\(text)'")
            }
            return number
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--rounds": rounds = Int(try number(flag, try value(flag)))
            case "--round-ms": roundMilliseconds = try number(flag, try value(flag))
            case "--largest": largest = Int(try number(flag, try value(flag)))
            case "--only": only.formUnion(try value(flag).split(separator: ",").map(String.init))
            case "--png-dir": pngFolder = try value(flag)
            case "--list": mode = .list
            case "--fixed":
                let scenario = try value(flag)
                let contender = try value(flag)
                let countText = try value(flag)
                mode = .fixed(
                    scenario: scenario, contender: contender,
                    count: Int(try number(flag, countText)))
            default: throw UsageError("unknown argument '\(flag)'")
            }
        }
        rounds = max(rounds, 1)
    }
}

/// A command line that cannot be obeyed; exits with 64 (EX_USAGE).
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
    var exitCode: Int32 { 64 }
}
