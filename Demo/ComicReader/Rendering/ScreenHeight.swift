/// The number of rows of the terminal on standard output.
enum ScreenHeight {
    /// Rows used when neither the terminal nor `LINES` says.
    static let defaultRows = 24

    /// The measured rows (`TIOCGWINSZ`), else a positive `LINES`, else 24.
    static func rows(environment: [String: String]) -> Int {
        if let rows = SystemTerminal.standardOutputSize()?.rows, rows > 0 { return rows }
        if let lines = environment["LINES"].flatMap({ Int($0) }), lines > 0 { return lines }
        return defaultRows
    }
}
