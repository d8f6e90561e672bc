/// What the program knows about the terminal it writes to, as a plain value.
///
/// `detect` is a pure function of its inputs so every rule can be tested; `current` feeds it
/// the real process state through `SystemTerminal`.
struct Terminal: Sendable, Equatable {
    /// Width used when neither the terminal nor `COLUMNS` gives one.
    static let defaultWidth = 80

    /// Whether standard output is a terminal (not a pipe or a file).
    var isTTY: Bool
    /// Columns available for a line.
    var width: Int
    /// Whether ANSI colours and styles may be written.
    var colorEnabled: Bool
    /// Whether the locale's character encoding is UTF-8, so box-drawing characters and `…`
    /// can be written; otherwise output sticks to ASCII for its own decorations.
    var unicodeEnabled: Bool

    /// Applies the program's rules to the given facts:
    /// - width: the measured terminal width if positive, else a positive `COLUMNS`, else 80;
    /// - colour: only on a TTY, and never with `NO_COLOR` set (to any value, even empty),
    ///   `TERM=dumb`, or the `--no-color` flag;
    /// - Unicode: see `localeIsUTF8(environment:)`.
    static func detect(
        isTTY: Bool, environment: [String: String], noColorFlag: Bool, measuredWidth: Int?
    ) -> Terminal {
        Terminal(
            isTTY: isTTY,
            width: width(measured: measuredWidth, environment: environment),
            colorEnabled: colorAllowed(
                isTTY: isTTY, environment: environment, noColorFlag: noColorFlag),
            unicodeEnabled: localeIsUTF8(environment: environment)
        )
    }

    /// The terminal of this process, measured on standard output.
    static func current(noColorFlag: Bool, environment: [String: String]) -> Terminal {
        let isTTY = SystemTerminal.standardOutputIsTTY()
        return detect(
            isTTY: isTTY, environment: environment, noColorFlag: noColorFlag,
            measuredWidth: isTTY ? SystemTerminal.standardOutputWidth() : nil
        )
    }

    /// The width rule of `detect`.
    static func width(measured: Int?, environment: [String: String]) -> Int {
        if let measured, measured > 0 { return measured }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return columns
        }
        return defaultWidth
    }

    /// The colour rule of `detect`.
    static func colorAllowed(isTTY: Bool, environment: [String: String], noColorFlag: Bool) -> Bool
    {
        isTTY && !noColorFlag && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// Whether the locale uses UTF-8: the first non-empty of `LC_ALL`, `LC_CTYPE`, `LANG`
    /// (POSIX precedence) names UTF-8 (`UTF-8` or `utf8`, any case). No locale at all means the
    /// "C" locale, which is ASCII.
    static func localeIsUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty }
        guard let normalized = locale?.lowercased() else { return false }
        return normalized.contains("utf-8") || normalized.contains("utf8")
    }
}
