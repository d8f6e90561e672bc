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

    @Test func escapeSequencesAreRemovedWhole() {
        #expect(
            TerminalSanitizer.sanitize(
                "Red \u{1B}[31mRED\u{1B}[0m \u{1B}]0;pwned\u{7}", keepingNewlines: false)
                == "Red RED ")
    }

    @Test(arguments: [
        ("a\u{1B}[1;31;48;5;196mb", "ab"),  // CSI with parameters
        ("a\u{9B}2Jb", "ab"),  // C1 CSI
        ("a\u{1B}[?1049hb", "ab"),  // private parameters
        ("a\u{1B}]8;;https://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"),  // OSC 8
        ("a\u{9D}0;title\u{9C}b", "ab"),  // C1 OSC and ST
        ("a\u{1B}P+q544e\u{1B}\\b", "ab"),  // DCS
        ("a\u{1B}_Ga=d\u{1B}\\b", "ab"),  // APC (kitty graphics)
        ("a\u{1B}(0b", "ab"),  // character set designation
        ("a\u{1B}7b\u{1B}8", "ab"),  // save and restore cursor
        ("a\u{1B}]0;never ends\nnext line", "a next line"),  // unterminated: up to the line end
        ("a\u{1B}[31", "a"),  // cut short at the end
        ("a\u{1B}", "a"),
    ])
    func everyKindOfEscapeSequenceGoesWithoutResidue(input: String, expected: String) {
        #expect(TerminalSanitizer.sanitize(input, keepingNewlines: false) == expected)
    }

    @Test func noControlByteSurvivesExceptNewlineWhenAsked() {
        // The controls end with C1's OSC and APC, whose string the terminator U+009C closes.
        let input = "a\(Self.allControls)\u{9C}b"
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
