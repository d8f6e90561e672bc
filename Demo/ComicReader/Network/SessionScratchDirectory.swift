import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps URL sessions from writing outside the cache directory.
///
/// On Linux, Foundation creates `~/.cache/org.swift.foundation.URLCache/<program>` and
/// `~/.local/share/<program>` (or the same under `$XDG_CACHE_HOME` and `$XDG_DATA_HOME`) as
/// soon as a session configuration is made, whatever the configuration then says. While
/// `run` makes one, those two variables point at a scratch directory inside the cache
/// directory; afterwards they are put back as they were and the scratch directory, which
/// holds only those empty folders, is removed. Elsewhere `run` only runs its body.
enum SessionScratchDirectory {
    /// Serialises the runs of one process.
    private static let lock = NSLock()

    /// Runs `body` (which makes the URL session) with Foundation's folders inside
    /// `directory`, or the temporary directory when there is none.
    static func run<Result>(in directory: URL?, _ body: () throws -> Result) rethrows -> Result {
        #if canImport(FoundationNetworking)
            // One at a time, so that no run takes another's scratch path for the saved value.
            lock.lock()
            defer { lock.unlock() }
            let parent = directory ?? FileManager.default.temporaryDirectory
            let scratch = parent.appending(
                path: ".session-\(getpid())-\(UInt32.random(in: 0...UInt32.max))",
                directoryHint: .isDirectory)
            let names = ["XDG_CACHE_HOME", "XDG_DATA_HOME"]
            let saved = names.map { name in getenv(name).map { String(cString: $0) } }
            for name in names { setenv(name, scratch.path(percentEncoded: false), 1) }
            defer {
                for (name, value) in zip(names, saved) {
                    if let value { setenv(name, value, 1) } else { unsetenv(name) }
                }
                try? FileManager.default.removeItem(at: scratch)
            }
            return try body()
        #else
            return try body()
        #endif
    }
}
