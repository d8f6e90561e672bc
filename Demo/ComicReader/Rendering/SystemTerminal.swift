#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The system calls that measure the terminal on standard output, behind `Terminal.current`,
/// `ScreenHeight` and the reader's screen: the only place that asks the operating system.
enum SystemTerminal {
    /// Whether standard output is a terminal (`isatty`).
    static func standardOutputIsTTY() -> Bool {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            return isatty(STDOUT_FILENO) == 1
        #else
            return false
        #endif
    }

    /// The rows and columns of the terminal on standard output as `TIOCGWINSZ` reports them
    /// (0 where the terminal does not say), or nil when the call fails, as it does when
    /// standard output is not a terminal.
    static func standardOutputSize() -> (rows: Int, columns: Int)? {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            var size = winsize()
            // The request constant's integer type differs between C libraries; UInt fits all.
            guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
            return (Int(size.ws_row), Int(size.ws_col))
        #else
            return nil
        #endif
    }

    /// The column count of the terminal on standard output, or nil when it is not a
    /// terminal, the call fails, or the terminal reports 0 columns.
    static func standardOutputWidth() -> Int? {
        standardOutputSize().flatMap { $0.columns > 0 ? $0.columns : nil }
    }
}
