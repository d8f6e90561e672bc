#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The number of rows of the terminal on standard output.
enum ScreenHeight {
    /// Rows used when neither the terminal nor `LINES` says.
    static let defaultRows = 24

    /// The measured rows (`TIOCGWINSZ`), else a positive `LINES`, else 24.
    static func rows(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        if let lines = environment["LINES"].flatMap({ Int($0) }), lines > 0 { return lines }
        return defaultRows
    }
}
