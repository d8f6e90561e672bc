import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary home directory for the test process, so that URL sessions leave the user's
/// real home alone.
///
/// On Linux, Foundation creates a cache folder under `$XDG_CACHE_HOME` or `~/.cache` and a
/// cookie folder under `$XDG_DATA_HOME` or `~/.local/share` as soon as a URL session
/// configuration is made. Every test that makes one (directly, or through `PythonHTTPServer`)
/// calls `isolate()` first.
enum ScratchHome {
    /// The temporary home, removed when the process exits. Made on first use, when `HOME` and
    /// the XDG base directories that are set get pointed at it; only variables that already
    /// exist are overwritten, which changes them in place and so is safe while other tests
    /// read the environment.
    static let directory: URL = {
        // Should the folder not be creatable, HOME still moves away from the real one.
        let directory =
            (try? TemporaryDirectory("tests-home"))?.url
            ?? FileManager.default.temporaryDirectory.appending(path: "comics-tests-home-none")
        for name in ["HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"]
        where getenv(name) != nil {
            setenv(name, directory.path(percentEncoded: false), 1)
        }
        atexit { try? FileManager.default.removeItem(at: ScratchHome.directory) }
        return directory
    }()

    /// Points the process at the temporary home, once; call before making a URL session.
    static func isolate() {
        _ = directory
    }
}
