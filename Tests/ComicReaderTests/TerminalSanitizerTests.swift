import Testing

@testable import ComicReader

@Suite struct TerminalSanitizerTests {
    /// Every C0 control, DEL and every C1 control, in one string.
    static let allControls = String(
        String.UnicodeScalarView(
            (0x00...0x1F).compactMap(Unicode.Scalar.init)
                + (0x7F...0x9F).compactMap(Unicode.Scalar.init)))

    /// The bidi controls that must never reach the terminal.
    static let bidiControls = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
    ]

    @Test func escapeSequencesLoseTheirEscape() {
        #expect(
            TerminalSanitizer.sanitize("\u{1B}[31mRed\u{1B}[0m", keepingNewlines: false)
                == "[31mRed[0m")
    }

    @Test func noControlByteSurvivesExceptNewlineWhenAsked() {
        let input = "a\(Self.allControls)b"
        let lines = TerminalSanitizer.sanitize(input, keepingNewlines: true)
        let single = TerminalSanitizer.sanitize(input, keepingNewlines: false)
        #expect(lines.utf8.allSatisfy { $0 >= 0x20 || $0 == 0x0A })
        #expect(single.utf8.allSatisfy { $0 >= 0x20 })
        for text in [lines, single] {
            #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
            #expect(text.hasPrefix("a") && text.hasSuffix("b"))
        }
    }

    @Test(arguments: bidiControls)
    func bidiControlsAreRemoved(control: String) {
        #expect(
            TerminalSanitizer.sanitize("\(control)evil\(control)", keepingNewlines: false) == "evil"
        )
    }

    @Test func lineEndingsAreNormalised() {
        #expect(
            TerminalSanitizer.sanitize("a\r\nb\rc\u{2028}d\ne", keepingNewlines: true)
                == "a\nb\nc\nd\ne")
        #expect(TerminalSanitizer.sanitize("a\r\nb\tc", keepingNewlines: false) == "a b c")
    }

    @Test func ordinaryAndMojibakeTextIsUntouched() {
        for text in ["CafÃ© Ã¼ber", "naïve café", "漢字 👩‍💻", "e\u{301}", "\u{A0}"] {
            #expect(TerminalSanitizer.sanitize(text, keepingNewlines: false) == text)
        }
    }
}
