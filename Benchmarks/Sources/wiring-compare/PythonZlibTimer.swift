import Foundation

/// Python's `zlib.decompress` (CPython's binding of the C zlib) timed on a zlib stream, in a
/// `python3 -c` process that stays up for the whole measurement, so its rounds can take turns with
/// Swift's like the contenders of a scenario. Asked for N decompressions on its standard input, it
/// runs them and answers with the nanoseconds they took by its own `time.perf_counter_ns`, which
/// leaves process start-up and the pipe out of the figure.
final class PythonZlibTimer {
    /// The program run with `python3 -c`. Arguments: the stream's file, the size it expands to.
    /// It checks one decompression, prints `ready ZLIB_VERSION`, then answers each count it reads.
    /// `bufsize` is the known size, as Swift's inflate is told the size: one allocation each.
    private static let program = """
        import sys, time, zlib
        data = open(sys.argv[1], "rb").read()
        size = int(sys.argv[2])
        if len(zlib.decompress(data, 15, size)) != size:
            sys.exit("zlib.decompress gave the wrong number of bytes")
        print("ready", zlib.ZLIB_RUNTIME_VERSION, flush=True)
        for line in sys.stdin:
            count = int(line)
            start = time.perf_counter_ns()
            for _ in range(count):
                zlib.decompress(data, 15, size)
            print(time.perf_counter_ns() - start, flush=True)
        """

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    /// Bytes read from the process but not yet used as a line.
    private var pending: [UInt8] = []
    /// The zlib version Python runs with (`zlib.ZLIB_RUNTIME_VERSION`).
    private(set) var zlibVersion = ""

    /// Starts the process on the stream stored in `file`, which must expand to `expandedSize`
    /// bytes, and waits until it has checked one decompression.
    init(streamFile file: URL, expandedSize: Int) throws(PNGBenchmarkError) {
        // A process that died must not take this one with it when we write to its pipe.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.program, file.path, String(expandedSize)]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw PNGBenchmarkError(
                "cannot start /usr/bin/env python3: \(error.localizedDescription)", exitCode: 69)
        }
        let greeting = try readLine()
        guard greeting.hasPrefix("ready ") else {
            throw PNGBenchmarkError(
                "python3 zlib timer said '\(greeting)' instead of 'ready VERSION'", exitCode: 70)
        }
        zlibVersion = String(greeting.dropFirst("ready ".count))
    }

    /// Has Python decompress the stream `count` times; returns the nanoseconds that took.
    func time(_ count: Int) throws(PNGBenchmarkError) -> Double {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data("\(count)\n".utf8))
        } catch {
            throw failure()
        }
        let answer = try readLine()
        guard let nanoseconds = Double(answer) else {
            throw PNGBenchmarkError(
                "python3 zlib timer answered '\(answer)', not a number of nanoseconds", exitCode: 70
            )
        }
        return nanoseconds
    }

    /// Closes Python's input, which ends its loop, and waits for it to exit.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// The next line the process prints, without its newline.
    private func readLine() throws(PNGBenchmarkError) -> String {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw failure() }  // end of file: the process is gone
            pending += chunk
        }
    }

    /// Why the process stopped answering: waits for it and reports its status and complaint.
    private func failure() -> PNGBenchmarkError {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let complaint = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return PNGBenchmarkError.pythonFailed(
            "zlib timer", status: process.terminationStatus, stderr: complaint)
    }
}
