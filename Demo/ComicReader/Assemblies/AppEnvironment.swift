import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the program learns from its process besides flags: the environment variables, the
/// working directory and whether the user is at a terminal. A value, so tests make their own.
struct AppEnvironment: Sendable, Equatable {
    /// The environment variables.
    var variables: [String: String]
    /// Where relative paths (`--cache ./dir`) are anchored.
    var currentDirectory: String
    /// Whether standard input is a terminal, so keys can be read from it.
    var inputIsTerminal: Bool

    /// The running process's environment.
    static func current() -> AppEnvironment {
        AppEnvironment(
            variables: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            inputIsTerminal: isatty(STDIN_FILENO) == 1)
    }

    /// An environment with only `variables`, rooted at `/`, without a terminal.
    static func fixed(_ variables: [String: String] = [:]) -> AppEnvironment {
        AppEnvironment(variables: variables, currentDirectory: "/", inputIsTerminal: false)
    }
}
