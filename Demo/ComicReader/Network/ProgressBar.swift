import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `RefreshProgress` that redraws one line such as `[#####.....] 37/120 comic 1234`
/// in place on a terminal, and erases it when the refresh ends.
///
/// When the output is not a terminal (a log, a pipe) it draws no bar but writes a plain line
/// such as `progress: 37/120, comic 1234` every `interval`, so a long refresh is seen to be
/// alive. Called only from the task running the refresh, so its state needs no lock.
final class ProgressBar: RefreshProgress {
    /// The widest the bar itself gets, in characters, on wide terminals.
    static let maxBarWidth = 40

    private let isTTY: Bool
    private let columns: Int
    private let write: (String) -> Void
    /// Characters on the line drawn last, to erase leftovers and clear at the end.
    private var drawnLength = 0
    /// How often a progress line is written when the output is not a terminal.
    private let interval: Duration
    /// The time now; tests substitute a clock they move on.
    private let now: () -> ContinuousClock.Instant
    /// When the last progress line was written (or the refresh started), off a terminal.
    private var lastLine: ContinuousClock.Instant?

    /// - Parameters:
    ///   - isTTY: whether the output is a terminal; nothing is written otherwise.
    ///   - columns: the terminal's width; lines stay shorter so they never wrap.
    ///   - write: writes text to the output as is.
    ///   - interval: how often to write a line when not on a terminal.
    ///   - now: the clock for that.
    init(
        isTTY: Bool, columns: Int = 80, interval: Duration = .seconds(10),
        now: @escaping () -> ContinuousClock.Instant = { .now },
        write: @escaping (String) -> Void
    ) {
        self.isTTY = isTTY
        self.columns = columns
        self.interval = interval
        self.now = now
        self.write = write
    }

    /// A bar on standard error, shown only when standard error is a terminal.
    static func onStandardError(columns: Int = 80) -> ProgressBar {
        // A line that cannot be written (standard error closed or full) is dropped.
        ProgressBar(isTTY: isatty(STDERR_FILENO) == 1, columns: columns) { text in
            StandardStream.error.put(text)
        }
    }

    func started(total: Int) {
        lastLine = now()
        if total > 0 { draw(Self.line(done: 0, total: total, number: nil, columns: columns)) }
    }

    func advanced(done: Int, total: Int, number: Int) {
        guard isTTY else { return writeNowAndThen(done: done, total: total, number: number) }
        draw(Self.line(done: done, total: total, number: number, columns: columns))
    }

    /// Off a terminal: one plain line when `interval` has passed since the last one.
    private func writeNowAndThen(done: Int, total: Int, number: Int) {
        let time = now()
        if let lastLine, lastLine.duration(to: time) < interval { return }
        lastLine = time
        write("progress: \(done)/\(total), comic \(number)\n")
    }

    func finished() {
        guard isTTY, drawnLength > 0 else { return }
        write("\r" + String(repeating: " ", count: drawnLength) + "\r")
        drawnLength = 0
    }

    /// Returns to the start of the line and writes `line` over the previous one.
    private func draw(_ line: String) {
        guard isTTY else { return }
        let leftover = max(0, drawnLength - line.count)
        write("\r" + line + String(repeating: " ", count: leftover))
        drawnLength = line.count
    }

    /// The text of the bar, at most `columns - 1` characters (the last column is left
    /// free because writing there makes some terminals wrap). The bar shrinks first and
    /// is left out when too narrow to mean anything.
    static func line(done: Int, total: Int, number: Int?, columns: Int) -> String {
        let done = min(max(done, 0), max(total, 0))
        var counter = "\(done)/\(total)"
        if let number { counter += " comic \(number)" }
        let available = max(columns - 1, 0)
        let barWidth = min(maxBarWidth, available - counter.count - 3)  // "[", "]", " "
        guard barWidth >= 5 else { return String(counter.prefix(available)) }
        let filled = total > 0 ? done * barWidth / total : 0
        let bar =
            String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
        return "[\(bar)] \(counter)"
    }
}
