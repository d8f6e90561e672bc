import Foundation

/// The built `comics` run on a pseudo-terminal by a `python3` driver (its `pty` module), so the
/// interactive reader meets a real terminal: raw mode, window sizes, keys and signals.
///
/// A session is a list of steps; the output the program writes is cut into one segment per
/// step, so a test can look at what a key or a resize made the reader draw.
enum PseudoTerminalSession {
    /// One thing the driver does, in order.
    enum Step {
        /// Reads output until it contains `text`, for at most 10 seconds (else the run fails).
        case waitFor(String)
        /// Reads output until it contains `text`, for at most `seconds` (else the run fails).
        case waitWithin(seconds: Double, for: String)
        /// Sets the terminal's window to `rows` × `columns`.
        case resize(rows: Int, columns: Int)
        /// Types `text` (its UTF-8 bytes, control characters included).
        case type(String)

        /// The step as the driver's command-line argument.
        var argument: String {
            switch self {
            case .waitFor(let text): "wait:" + text
            case .waitWithin(let seconds, let text): "waitin:\(seconds):" + text
            case .resize(let rows, let columns): "size:\(rows)x\(columns)"
            case .type(let text): "keys:" + text
            }
        }
    }

    /// What a session produced, decoded from the driver's JSON report.
    struct Report: Decodable {
        /// Output read during each step (after the last one: until the program ended).
        let segments: [String]
        /// The exit status, when the program exited.
        let exitStatus: Int32?
        /// The signal that ended the program, when one did.
        let signal: Int32?
        /// Whether the terminal's line discipline (canonical input, echo) was as before once
        /// the program ended.
        let terminalRestored: Bool
        /// Why the driver gave up, if it did.
        let failure: String?
        /// How long each step took, in seconds (a wait: until its text came).
        let stepSeconds: [Double]
        /// Seconds from the end of the last step to the program's exit, when it exited.
        let exitSeconds: Double?
    }

    /// Why the driver could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The driver: forks `comics` on a new pseudo-terminal of 24 × 80 with the environment it
    /// is given, runs the steps, waits at most 10 s for the program to end after the last one
    /// (then kills it), and prints the report as JSON. It runs on a leash (see `ChildLeash`),
    /// and `comics` with it.
    static let driverSource = #"""
        import base64, json, os, pty, select, signal, struct, sys, termios, time, fcntl
        binary, environment, arguments = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
        steps = sys.argv[4:]
        def set_size(fd, rows, columns):
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        fd, terminal = pty.openpty()
        set_size(fd, 24, 80)
        before = termios.tcgetattr(terminal)[3] & (termios.ICANON | termios.ECHO)
        signal.pthread_sigmask(signal.SIG_BLOCK, _ending_signals)
        pid = os.fork()
        if pid == 0:
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            os.close(fd)
            os.setsid()
            fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
            for standard in (0, 1, 2):
                os.dup2(terminal, standard)
            if terminal > 2:
                os.close(terminal)
            os.execve(binary, [binary] + arguments, environment)
        leashed_children.append(pid)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _ending_signals)
        os.close(terminal)
        segments, current, failure, ended, durations = [], bytearray(), None, False, []
        def read_for(seconds, until=None):
            global ended
            deadline = time.time() + seconds
            while time.time() < deadline and not ended:
                if until is not None and until in current:
                    return True
                ready, _, _ = select.select([fd], [], [], 0.05)
                if ready:
                    try:
                        chunk = os.read(fd, 65536)
                    except OSError:
                        chunk = b""
                    if not chunk:
                        ended = True
                    current.extend(chunk)
            return until is not None and until in current
        for step in steps:
            kind, _, value = step.partition(":")
            started = time.time()
            if kind == "waitin":
                limit, _, value = value.partition(":")
                if not read_for(float(limit), value.encode()):
                    failure = "did not see %r within %s s" % (value, limit)
                    break
            elif kind == "wait":
                if not read_for(10, value.encode()):
                    failure = "never saw %r" % value
                    break
            elif kind == "size":
                rows, columns = value.split("x")
                set_size(fd, int(rows), int(columns))
            elif kind == "keys":
                os.write(fd, value.encode())
            durations.append(time.time() - started)
            segments.append(current.decode("utf-8", "replace"))
            current = bytearray()
        last_step_end = time.time()
        exit_seconds = None
        deadline = time.time() + 10
        status = None
        while status is None and time.time() < deadline:
            read_for(0.1)
            done, raw = os.waitpid(pid, os.WNOHANG)
            if done:
                status = raw
                exit_seconds = time.time() - last_step_end
        if status is None:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            failure = failure or "the program did not end"
        read_for(0.2)
        segments.append(current.decode("utf-8", "replace"))
        after = termios.tcgetattr(fd)[3] & (termios.ICANON | termios.ECHO)
        print(json.dumps({
            "segments": segments,
            "exitStatus": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
            "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
            "terminalRestored": before == after,
            "failure": failure,
            "stepSeconds": durations,
            "exitSeconds": exit_seconds,
        }))
        """#

    /// Runs `comics` with `arguments` and `environment` (plus `PATH`) through `steps`; the
    /// whole session is bounded to 40 seconds.
    static func run(environment: [String: String], arguments: [String] = [], steps: [Step])
        async throws -> Report
    {
        let scratch = try TemporaryDirectory("pty")
        defer { scratch.remove() }
        let reportFile = scratch.url.appending(path: "report.json")
        try Data().write(to: reportFile)
        var variables = environment
        variables["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let environmentJSON = String(decoding: try JSONEncoder().encode(variables), as: UTF8.self)
        let argumentsJSON = String(decoding: try JSONEncoder().encode(arguments), as: UTF8.self)

        let process = ChildLeash.python(
            driverSource,
            [try ComicsExecutable.location().path, environmentJSON, argumentsJSON]
                + steps.map(\.argument))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: reportFile)
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await ComicsExecutable.waitForExit(
            of: process, within: .seconds(40), named: "the pseudo-terminal driver")
        let data = try Data(contentsOf: reportFile)
        do {
            return try JSONDecoder().decode(Report.self, from: data)
        } catch {
            throw Failure(
                description:
                    "the driver exited with \(process.terminationStatus) and printed \"\(String(decoding: data, as: UTF8.self))\""
            )
        }
    }
}
