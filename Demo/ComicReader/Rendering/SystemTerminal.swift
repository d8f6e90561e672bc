#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system calls behind `Terminal.current`: the only place that asks the operating system.
enum SystemTerminal {
    /// Whether standard output is a terminal (`isatty`).
    static func standardOutputIsTTY() -> Bool {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        return isatty(STDOUT_FILENO) == 1
        #else
        return false
        #endif
    }

    /// The column count of the terminal on standard output (`TIOCGWINSZ`), or nil when it is
    /// not a terminal, the call fails, or the terminal reports 0 columns.
    static func standardOutputWidth() -> Int? {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        var size = winsize()
        // The request constant's integer type differs between C libraries; UInt fits all.
        let result = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
        guard result == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
        #else
        return nil
        #endif
    }
}
