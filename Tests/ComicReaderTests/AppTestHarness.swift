import Foundation
import Wiring

@testable import ComicReader

/// A console that keeps what is written, for in-process runs of the program.
final class CapturedConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var dataLines: [String] = []
    private var messageLines: [String] = []

    func printData(_ text: String) { lock.withLock { dataLines.append(text) } }
    func printMessage(_ text: String) { lock.withLock { messageLines.append(text) } }

    /// Everything written to standard output.
    var output: String { lock.withLock { dataLines.map { $0 + "\n" }.joined() } }
    /// Everything written to standard error.
    var errors: String { lock.withLock { messageLines.map { $0 + "\n" }.joined() } }

    /// Forgets everything written so far.
    func clear() {
        lock.withLock {
            dataLines.removeAll()
            messageLines.removeAll()
        }
    }
}

/// A launcher that records addresses instead of opening a browser.
final class RecordingLauncher: URLLauncher, @unchecked Sendable {
    private let lock = NSLock()
    private var opened: [String] = []
    func open(_ url: String) throws(LaunchFailure) { lock.withLock { opened.append(url) } }
    /// The addresses opened, in order.
    var urls: [String] { lock.withLock { opened } }
}

/// Runs the program in-process against a temporary cache directory, with the console,
/// the terminal, the browser and the randomness substituted; every run gets a fresh context,
/// as every process would.
final class AppHarness {
    let cacheDirectory: URL
    let console = CapturedConsole()
    let launcher = RecordingLauncher()
    /// The terminal the program believes it writes to: not a TTY, 80 columns, UTF-8, no colour.
    var terminal = Terminal(isTTY: false, width: 80, colorEnabled: false, unicodeEnabled: true)
    /// Environment variables the program sees.
    var variables: [String: String] = [:]
    /// Seed of the random generator each run gets.
    var seed: UInt64 = 1
    /// Extra substitutions, applied to every run's context.
    var configure: (DIContext) -> Void = { _ in }

    init(cacheDirectory: URL) {
        self.cacheDirectory = cacheDirectory
    }

    var comicsFile: URL { cacheDirectory.appending(path: "comics.json") }
    var stateFile: URL { cacheDirectory.appending(path: "state.json") }

    /// A context with this harness's substitutions.
    func makeContext() -> DIContext {
        let context = DIContext()
        let rendering = RenderingAssembly.instance(from: context)
        let (console, terminal, launcher, seed) = (console, terminal, launcher, seed)
        rendering.addSubstitution(for: \.console) { console }
        rendering.addSubstitution(for: \.terminal) { terminal }
        NetworkAssembly.instance(from: context).addSubstitution(for: \.urlLauncher) { launcher }
        ModelAssembly.instance(from: context).addSubstitution(for: \.randomGenerator) {
            SeededGenerator(state: seed)
        }
        configure(context)
        return context
    }

    /// Runs `comics --cache DIR arguments…` and returns the exit code.
    @discardableResult
    func run(_ arguments: [String]) async -> Int32 {
        let program = ComicsProgram(
            arguments: ["--cache", cacheDirectory.path] + arguments,
            environment: .fixed(variables))
        return await program.run(in: makeContext())
    }

    /// The saved reading state.
    func savedState() throws -> UserState {
        try JSONFileUserStateStore(fileURL: stateFile).load()
    }

    /// Saves `state` as the reading state.
    func save(_ state: UserState) throws {
        try JSONFileUserStateStore(fileURL: stateFile).save(state)
    }
}

/// Runs `body` with a harness on a fresh temporary cache directory, removed afterwards.
func withHarness<Result>(_ body: (AppHarness) async throws -> Result) async throws -> Result {
    try await withTemporaryDirectory("app-tests") { directory in
        try await body(AppHarness(cacheDirectory: directory))
    }
}
