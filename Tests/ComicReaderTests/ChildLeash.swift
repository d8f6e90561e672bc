import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ties the processes the tests start to the test process, so none outlives it.
///
/// A child inherits the signal mask of the thread that started it, and the test runner's
/// threads may block SIGINT and SIGTERM: such a child ignored everything but SIGKILL and kept
/// running after the test process was killed. So every child the tests start is a `python3`
/// program that first runs `pythonPrelude`, which unblocks those signals and ends the program
/// (and the processes it started) when its parent goes away or its lifetime is over.
enum ChildLeash {
    /// The longest any leashed process runs; every test that starts one ends well before.
    static let defaultLifetime: Duration = .seconds(120)

    /// Python to run first in a `python3 -c` program. It unblocks all signals in the main
    /// thread and makes SIGINT, SIGTERM and SIGHUP (`_ending_signals`) end the program, and a
    /// background thread ends the program once its parent is no longer this test process or
    /// `lifetime` has passed. Processes whose ids the program adds to `leashed_children` are
    /// killed with it; a program blocks `_ending_signals` from starting such a process until
    /// it is on the list.
    /// `parent` is a Python expression for the process id of the parent to watch: this test
    /// process unless told otherwise.
    static func pythonPrelude(
        lifetime: Duration = defaultLifetime, parent: String = "\(getpid())"
    ) -> String {
        """
        import os as _os, signal as _signal, threading as _threading, time as _time
        leashed_children = []
        def _kill_leashed_children():
            for child in list(leashed_children):
                try:
                    _os.kill(child, _signal.SIGKILL)
                except OSError:
                    pass
        def _end_by_signal(number, frame):
            _kill_leashed_children()
            _signal.signal(number, _signal.SIG_DFL)
            _os.kill(_os.getpid(), number)
        def _hold_leash(parent, end):
            while _os.getppid() == parent and _time.monotonic() < end:
                _time.sleep(0.05)
            _kill_leashed_children()
            _os._exit(70)
        _ending_signals = (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP)
        for _number in _ending_signals:
            _signal.signal(_number, _end_by_signal)
        # The watching thread keeps them blocked, so they reach the main thread, which runs
        # Python's handlers (a blocking wait there is interrupted only by its own signals).
        _signal.pthread_sigmask(_signal.SIG_SETMASK, _ending_signals)
        _threading.Thread(
            target=_hold_leash, args=(\(parent), _time.monotonic() + \(lifetime.seconds)),
            daemon=True).start()
        _signal.pthread_sigmask(_signal.SIG_SETMASK, [])

        """
    }

    /// Runs `executable` with `arguments` and exactly `environment` as a child of a leashed
    /// `python3`, which passes on its exit status (or the signal that ended it), and kills it
    /// when the leash ends or when SIGINT, SIGTERM or SIGHUP end the `python3`.
    static let runnerSource = """
        import json, sys
        _executable, _environment = sys.argv[1], json.loads(sys.argv[2])
        # Held back until the child is on the list, so a signal cannot end the runner alone.
        _signal.pthread_sigmask(_signal.SIG_BLOCK, _ending_signals)
        _child = _os.posix_spawn(
            _executable, [_executable] + sys.argv[3:], _environment, setsigmask=())
        leashed_children.append(_child)
        _signal.pthread_sigmask(_signal.SIG_UNBLOCK, _ending_signals)
        _, _status = _os.waitpid(_child, 0)
        leashed_children.clear()
        if _os.WIFSIGNALED(_status):
            _signal.signal(_os.WTERMSIG(_status), _signal.SIG_DFL)
            _os.kill(_os.getpid(), _os.WTERMSIG(_status))
        _os._exit(_os.waitstatus_to_exitcode(_status))
        """

    /// A process that runs `python3 -c` with the prelude and `source`, then `arguments`;
    /// standard streams and environment are the caller's to set. Not started yet.
    static func python(
        _ source: String, _ arguments: [String] = [], lifetime: Duration = defaultLifetime
    ) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "-u", "-c", pythonPrelude(lifetime: lifetime) + source] + arguments
        return process
    }

    /// A process that runs `executable arguments…` with only `environment`, on a leash (see
    /// `runnerSource`). Not started yet.
    static func leashed(_ executable: URL, _ arguments: [String], environment: [String: String])
        throws -> Process
    {
        let json = String(decoding: try JSONEncoder().encode(environment), as: UTF8.self)
        return python(runnerSource, [executable.path, json] + arguments)
    }

    /// Ends a leashed process: SIGTERM, which it passes on to the processes it started, then
    /// SIGKILL if it still runs after a second; returns once it has ended.
    static func stop(_ process: Process) {
        guard process.isRunning else {
            process.waitUntilExit()
            return
        }
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(1)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
