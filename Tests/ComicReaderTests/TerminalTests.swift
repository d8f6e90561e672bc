import Testing

@testable import ComicReader

@Suite struct TerminalTests {
    /// One row of the colour policy: the inputs and whether colour should be on.
    struct ColorCase: Sendable, CustomTestStringConvertible {
        var isTTY: Bool
        var environment: [String: String]
        var noColorFlag: Bool
        var expected: Bool
        var testDescription: String { "tty=\(isTTY) env=\(environment) flag=\(noColorFlag)" }
    }

    static let colorCases = [
        ColorCase(isTTY: true, environment: [:], noColorFlag: false, expected: true),
        ColorCase(
            isTTY: true, environment: ["TERM": "xterm-256color"], noColorFlag: false, expected: true
        ),
        ColorCase(
            isTTY: false, environment: ["TERM": "xterm-256color"], noColorFlag: false,
            expected: false),
        ColorCase(isTTY: true, environment: ["NO_COLOR": ""], noColorFlag: false, expected: false),
        ColorCase(isTTY: true, environment: ["NO_COLOR": "1"], noColorFlag: false, expected: false),
        ColorCase(isTTY: true, environment: ["TERM": "dumb"], noColorFlag: false, expected: false),
        ColorCase(isTTY: true, environment: [:], noColorFlag: true, expected: false),
        ColorCase(
            isTTY: false, environment: ["NO_COLOR": "", "TERM": "dumb"], noColorFlag: true,
            expected: false),
    ]

    @Test(arguments: colorCases)
    func colorPolicy(row: ColorCase) {
        let terminal = Terminal.detect(
            isTTY: row.isTTY, environment: row.environment, noColorFlag: row.noColorFlag,
            measuredWidth: 100)
        #expect(terminal.colorEnabled == row.expected)
        #expect(terminal.isTTY == row.isTTY)
    }

    @Test func widthPrefersTheMeasurementThenColumnsThen80() {
        #expect(Terminal.width(measured: 120, environment: ["COLUMNS": "100"]) == 120)
        #expect(Terminal.width(measured: nil, environment: ["COLUMNS": "100"]) == 100)
        #expect(Terminal.width(measured: 0, environment: ["COLUMNS": "100"]) == 100)
        #expect(Terminal.width(measured: nil, environment: ["COLUMNS": "wide"]) == 80)
        #expect(Terminal.width(measured: nil, environment: ["COLUMNS": "-5"]) == 80)
        #expect(Terminal.width(measured: nil, environment: [:]) == 80)
    }

    @Test func localeDecidesUnicodeWithPOSIXPrecedence() {
        #expect(Terminal.localeIsUTF8(environment: ["LANG": "en_US.UTF-8"]))
        #expect(Terminal.localeIsUTF8(environment: ["LC_CTYPE": "de_DE.utf8", "LANG": "C"]))
        #expect(Terminal.localeIsUTF8(environment: ["LC_ALL": "", "LANG": "C.UTF-8"]))
        #expect(!Terminal.localeIsUTF8(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(!Terminal.localeIsUTF8(environment: ["LANG": "en_US.ISO-8859-1"]))
        #expect(!Terminal.localeIsUTF8(environment: [:]))
    }

    @Test func realTerminalFollowsTheSameRules() {
        let terminal = Terminal.current(noColorFlag: true, environment: ["COLUMNS": "77"])
        #expect(!terminal.colorEnabled)
        #expect(terminal.isTTY == SystemTerminal.standardOutputIsTTY())
        // Off a terminal nothing is measured, so COLUMNS decides; on one, the measurement wins.
        let measured = terminal.isTTY ? SystemTerminal.standardOutputWidth() : nil
        #expect(terminal.width == measured ?? 77)
    }
}
