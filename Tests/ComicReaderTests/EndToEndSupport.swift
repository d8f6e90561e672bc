import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `comics` executable as a child process, for end-to-end tests.
enum ComicsExecutable {
    /// What a run produced.
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Something went wrong running the program itself.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The built `comics`: beside the test bundle in the build products directory.
    static func location() throws -> URL {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent())
            // On macOS the runner may sit inside the .xctest bundle's Contents/MacOS.
            candidates.append(
                executable.deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        for directory in candidates {
            let file = directory.appending(path: "comics")
            if FileManager.default.isExecutableFile(atPath: file.path) { return file }
        }
        throw Failure(
            description: "the comics executable is not built beside the tests; looked in "
                + candidates.map(\.path).joined(separator: ", "))
    }

    /// Runs `comics arguments…` with only `environment` (plus `PATH`), standard input from
    /// /dev/null, and output captured in files; killed after `limit`, and with the test
    /// process (see `ChildLeash`).
    static func run(
        _ arguments: [String], environment: [String: String], limit: Duration = .seconds(30)
    ) async throws -> Run {
        let scratch = try TemporaryDirectory("e2e")
        defer { scratch.remove() }
        let outputFile = scratch.url.appending(path: "stdout")
        let errorFile = scratch.url.appending(path: "stderr")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)

        let process = try ChildLeash.leashed(
            try location(), arguments,
            environment: environment.merging([
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            ]) { mine, _ in mine })
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        try await waitForExit(
            of: process, within: limit, named: "comics \(arguments.joined(separator: " "))")
        return Run(
            status: process.terminationStatus,
            output: try String(contentsOf: outputFile, encoding: .utf8),
            errors: try String(contentsOf: errorFile, encoding: .utf8))
    }

    /// Waits until the started leashed `process` ends; after `limit`, stops it and what it
    /// started (`ChildLeash.stop`) and throws a failure naming it.
    static func waitForExit(of process: Process, within limit: Duration, named name: String)
        async throws
    {
        let deadline = ContinuousClock.now + limit
        while process.isRunning {
            if ContinuousClock.now > deadline {
                ChildLeash.stop(process)
                throw Failure(description: "\(name) did not finish within \(limit)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        process.waitUntilExit()
    }
}
