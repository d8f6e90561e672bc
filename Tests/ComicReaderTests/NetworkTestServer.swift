import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP server on 127.0.0.1 run by `python3` as a child process, for tests of the
/// network code. Always `stop()` it (with `defer`) so no process outlives its test; should the
/// test process die first, the server ends too (see `ChildLeash`).
final class PythonHTTPServer {
    /// Why a server could not be started.
    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    /// A server with its own request handling: serves `directory` like `http.server`,
    /// but can answer one path only after a delay, and can exit (closing its socket, as a
    /// crashed server would) right after answering a number of comic requests. The last of
    /// those closes the listening socket before it is answered, so no request that comes
    /// once its answer is out (on a new connection, from another thread) is served.
    /// Paths may also misbehave (see `Misbehaviour`).
    /// Arguments: directory, slow path or "-", delay in seconds, exit after N comic
    /// requests or 0 for never, and optionally misbehaving paths as "path=cut,path=loop,..."
    /// or "-" for none.
    /// Prints "port N" once it listens.
    static let scriptedServerSource = """
        import functools, http.server, os, sys, threading, time
        directory, slow_path, delay, exit_after = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
        listed = sys.argv[5] if len(sys.argv) > 5 else "-"
        misbehaving = dict(item.rsplit("=", 1) for item in listed.split(",") if item != "-")
        lock = threading.Lock()
        served = 0
        class Handler(http.server.SimpleHTTPRequestHandler):
            def misbehave(self, how):
                if how == "loop":
                    self.send_response(302)
                    self.send_header("Location", self.path)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if how == "cut":
                    with open(os.path.join(directory, self.path.lstrip("/")), "rb") as file:
                        body = file.read()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body[:len(body) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    return
                if how == "endless":
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.close_connection = True
                    chunk = b'{"num": 1, "alt": "' + b"x" * 262144
                    try:
                        for _ in range(2048):
                            self.wfile.write(chunk)
                            time.sleep(0.001)
                    except OSError:
                        return
            def do_GET(self):
                global served
                if self.path in misbehaving:
                    return self.misbehave(misbehaving[self.path])
                if self.path == slow_path:
                    time.sleep(delay)
                last = False
                if exit_after and self.path.endswith("info.0.json"):
                    with lock:
                        served += 1
                        last = served >= exit_after
                    if last:
                        self.server.socket.close()
                super().do_GET()
                if last:
                    self.wfile.flush()
                    os._exit(0)
            def log_message(self, *args):
                pass
        handler = functools.partial(Handler, directory=directory)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        print("port", server.server_address[1], flush=True)
        server.serve_forever()
        """

    private let process: Process
    /// The port the server listens on.
    let port: Int
    /// `http://127.0.0.1:{port}`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(process: Process, port: Int) {
        self.process = process
        self.port = port
    }

    /// Runs the `http.server` module as `python3 -m http.server` would, with the arguments
    /// after the program's source.
    static let moduleServerSource = """
        import runpy, sys
        sys.argv = ["http.server"] + sys.argv[1:]
        runpy.run_module("http.server", run_name="__main__", alter_sys=True)
        """

    /// `python3 -m http.server` serving `directory`.
    static func serving(_ directory: URL) async throws -> PythonHTTPServer {
        try await start(
            moduleServerSource,
            ["0", "--bind", "127.0.0.1", "--directory", directory.path])
    }

    /// How a path of the scripted server misbehaves.
    enum Misbehaviour: String {
        /// Announces the file's length, sends half of it and closes the connection.
        case cut
        /// Redirects (302) to the same path, for ever.
        case loop
        /// Answers 200 without a length and sends 256 KiB a millisecond at most, endlessly as
        /// far as a client can tell: it stops after 512 MiB, so a client that holds all it
        /// gets (as comics once did) fails its test without taking the machine's memory.
        /// Sent without pauses, a reply keeps Foundation on Linux reading so busily that it
        /// takes seconds to heed the cancellation of the task, and the process's other
        /// requests wait meanwhile.
        case endless
    }

    /// The scripted server (see `scriptedServerSource`) serving `directory`, `misbehaving`
    /// at some paths. The server exits by itself after `lifetime`.
    static func scripted(
        serving directory: URL, slowPath: String? = nil, delaySeconds: Double = 0,
        exitAfterComicRequests: Int = 0, misbehaving: [String: Misbehaviour] = [:],
        lifetime: Duration = ChildLeash.defaultLifetime
    ) async throws -> PythonHTTPServer {
        let misbehaviours = misbehaving.map { "\($0.key)=\($0.value.rawValue)" }
        return try await start(
            scriptedServerSource,
            [
                directory.path, slowPath ?? "-", String(delaySeconds),
                String(exitAfterComicRequests),
                misbehaviours.isEmpty ? "-" : misbehaviours.joined(separator: ","),
            ], lifetime: lifetime)
    }

    /// Starts `source` with `arguments` in a leashed `python3 -u -c` (see `ChildLeash`), reads
    /// the port it announces on stdout ("... port N ...") and waits until it answers HTTP,
    /// each step bounded in time.
    private static func start(
        _ source: String, _ arguments: [String],
        lifetime: Duration = ChildLeash.defaultLifetime
    ) async throws -> PythonHTTPServer {
        ScratchHome.isolate()  // the tests that use a server also make URL sessions
        let process = ChildLeash.python(source, arguments, lifetime: lifetime)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let announced = ServerAnnouncement()
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil } else { announced.append(chunk) }
        }
        try process.run()

        // A bound for a server that never starts, generous for a loaded machine: a busy test
        // run may not resume this task for seconds.
        let deadline = ContinuousClock.now + .seconds(60)
        var port = announced.port
        while port == nil, ContinuousClock.now < deadline, process.isRunning {
            try await Task.sleep(for: .milliseconds(20))
            port = announced.port
        }
        output.fileHandleForReading.readabilityHandler = nil
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw StartError(
                description:
                    "the python3 server given \(arguments) did not announce a port; it printed \"\(announced.text)\""
            )
        }
        let server = PythonHTTPServer(process: process, port: port)
        do {
            try await server.waitUntilAnswering(deadline: deadline)
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// Polls `/` until the server answers with any HTTP status.
    private func waitUntilAnswering(deadline: ContinuousClock.Instant) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let root = URL(string: baseURL + "/")!
        while ContinuousClock.now < deadline {
            if let (_, response) = try? await session.data(from: root), response is HTTPURLResponse
            {
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw StartError(description: "the server on port \(port) did not answer within 60 s")
    }

    /// Whether the server process still runs (the scripted server may exit by itself).
    var isRunning: Bool { process.isRunning }

    /// The server's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Waits at most `limit` for the server to exit by itself (the scripted server's
    /// `exitAfterComicRequests`, the end of its lifetime); whether it has.
    func waitForExit(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return !process.isRunning
    }

    /// Kills the server if it still runs and waits for it to end.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// What the server printed on stdout so far, collected from a background reader.
private final class ServerAnnouncement: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    func append(_ chunk: Data) {
        lock.lock()
        bytes.append(chunk)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number after the word "port", once a whole line holding it has arrived.
    var port: Int? {
        let text = self.text
        guard let newline = text.firstIndex(of: "\n") else { return nil }
        let words = text[..<newline].split(separator: " ")
        guard let index = words.firstIndex(of: "port"), index + 1 < words.count else { return nil }
        return Int(words[index + 1])
    }
}
