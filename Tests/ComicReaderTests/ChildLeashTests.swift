import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processes the tests start end with the test process: the test servers unblock the
/// signals they may inherit blocked, end when their parent goes away and after their own
/// lifetime, and a leashed program ends with its runner.
@Suite(.timeLimit(.minutes(1)))
struct ChildLeashTests {
    /// A program that starts the scripted test server with SIGINT and SIGTERM blocked (as a
    /// test runner's thread may have them), then prints the server's process id and waits.
    /// The server's source is its first argument.
    static let parentSource = """
        import signal, subprocess, sys
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGINT, signal.SIGTERM])
        server = subprocess.Popen(
            ["python3", "-u", "-c"] + sys.argv[1:], stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE)
        server.stdout.readline()
        print(server.pid, flush=True)
        sys.stdin.readline()
        """

    /// Starts `parentSource` with the test server (leashed to its own parent, the program),
    /// and returns the program and the server's process id.
    func serverUnderAnotherParent(serving directory: URL) async throws -> (Process, pid_t) {
        let server =
            ChildLeash.pythonPrelude(parent: "_os.getppid()")
            + PythonHTTPServer.scriptedServerSource
        let parent = ChildLeash.python(
            Self.parentSource, [server, directory.path, "-", "0", "0"])
        let output = try TemporaryDirectory("leash")
        defer { output.remove() }
        let file = output.url.appending(path: "pid")
        try Data().write(to: file)
        parent.standardInput = Pipe()
        parent.standardOutput = try FileHandle(forWritingTo: file)
        try parent.run()
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.hasSuffix("\n"), let pid = pid_t(text.dropLast()) { return (parent, pid) }
            try await Task.sleep(for: .milliseconds(20))
        }
        ChildLeash.stop(parent)
        throw PythonHTTPServer.StartError(description: "the server's parent printed no pid")
    }

    @Test func aServerEndsWhenItsParentGoesAway() async throws {
        let tree = try APIFixtureTree.make(latest: 1, numbers: [1])
        defer { tree.remove() }
        let (parent, server) = try await serverUnderAnotherParent(serving: tree.directory)
        defer { kill(server, SIGKILL) }
        #expect(!Self.hasEnded(server))
        kill(parent.processIdentifier, SIGKILL)
        parent.waitUntilExit()
        #expect(await Self.ends(server, within: .seconds(10)))
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aServerStartedWithSignalsBlockedStillEndsOnThem(signal: Int32) async throws {
        let tree = try APIFixtureTree.make(latest: 1, numbers: [1])
        defer { tree.remove() }
        let (parent, server) = try await serverUnderAnotherParent(serving: tree.directory)
        defer {
            kill(server, SIGKILL)
            ChildLeash.stop(parent)
        }
        kill(server, signal)
        #expect(await Self.ends(server, within: .seconds(10)))
    }

    @Test func aServerEndsAfterItsLifetime() async throws {
        let tree = try APIFixtureTree.make(latest: 1, numbers: [1])
        defer { tree.remove() }
        // Long enough for python3 to start and announce its port on a busy machine.
        let server = try await PythonHTTPServer.scripted(
            serving: tree.directory, lifetime: .seconds(5))
        defer { server.stop() }
        #expect(await server.waitForExit(within: .seconds(20)))
    }

    @Test func aLeashedProgramEndsWithItsRunnerAndPassesOnItsStatus() async throws {
        let output = try TemporaryDirectory("leash")
        defer { output.remove() }
        let file = output.url.appending(path: "pid")
        try Data().write(to: file)
        let shell = URL(fileURLWithPath: "/bin/sh")
        let runner = try ChildLeash.leashed(
            shell, ["-c", "echo $$; exec sleep 60"], environment: [:])
        runner.standardOutput = try FileHandle(forWritingTo: file)
        try runner.run()
        var program: pid_t?
        let deadline = ContinuousClock.now + .seconds(10)
        while program == nil, ContinuousClock.now < deadline {
            let text = try String(contentsOf: file, encoding: .utf8)
            program = text.hasSuffix("\n") ? pid_t(text.dropLast()) : nil
            if program == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let started = try #require(program)
        defer { kill(started, SIGKILL) }
        ChildLeash.stop(runner)
        #expect(await Self.ends(started, within: .seconds(10)))

        let exiting = try ChildLeash.leashed(shell, ["-c", "exit 3"], environment: [:])
        try exiting.run()
        exiting.waitUntilExit()
        #expect(exiting.terminationStatus == 3)
        #expect(exiting.terminationReason == .exit)
    }

    /// Whether process `pid` has ended: it is gone, or a zombie nobody has reaped yet.
    static func hasEnded(_ pid: pid_t) -> Bool {
        if kill(pid, 0) != 0 { return true }
        #if os(Linux)
            // "pid (name) S ...": the state follows the last parenthesis.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return true }
            return stat[stat.index(after: close)...].trimmingPrefix(" ").hasPrefix("Z")
        #else
            return false
        #endif
    }

    /// Waits at most `limit` for process `pid` to end; whether it has.
    static func ends(_ pid: pid_t, within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !hasEnded(pid), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return hasEnded(pid)
    }
}
