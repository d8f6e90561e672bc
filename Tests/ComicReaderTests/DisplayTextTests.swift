import Testing

@testable import ComicReader

@Suite struct DisplayTextTests {
    @Test func tagsThenEntitiesThenControls() {
        #expect(
            DisplayText.line(#"<span style="x">House</span> of Pancakes"#) == "House of Pancakes")
        #expect(DisplayText.line("<City>-Style Pizza &amp; More") == "<City>-Style Pizza & More")
        // Escaped markup is text the author wanted to show, not markup.
        #expect(DisplayText.line("&lt;b&gt;bold&lt;/b&gt;") == "<b>bold</b>")
        // Controls and escape sequences hidden in references are removed after decoding.
        #expect(DisplayText.line("&#27;[2Jclear&#x202E;ed") == "cleared")
    }

    @Test func titleStartingWithRightToLeftOverrideNeverReachesTheTerminalRaw() {
        let text = DisplayText.line("\u{202E}gnp.exe")
        #expect(text == "gnp.exe")
        #expect(!text.unicodeScalars.contains("\u{202E}"))
    }

    @Test func lineIsOneLineWithTidySpaces() {
        #expect(DisplayText.line("  one<br />two\n three\t\tfour  ") == "one two three four")
        #expect(DisplayText.line("held&nbsp;together") == "held\u{A0}together")
    }

    @Test func paragraphsKeepLineBreaks() {
        #expect(DisplayText.paragraphs("one<br/>two\n\n\n\nthree  \n\n") == "one\ntwo\n\nthree")
        #expect(DisplayText.paragraphs("\n\nstart") == "start")
    }

    @Test func mojibakeIsShownAsItIsButSafely() {
        #expect(DisplayText.line("CafÃ© Ã¼ber") == "CafÃ© Ã¼ber")
        let hostile = DisplayText.paragraphs("CafÃ©\u{85}\u{9B}31m Ã¼ber\u{1B}]0;title\u{7}")
        #expect(hostile == "CafÃ© Ã¼ber")
    }

    @Test func hostileInputNeverYieldsControlBytes() {
        let inputs = [
            "\u{1B}[31mred\u{1B}[0m", "&#x1b;[1m", "&#155;", "a\u{0}b\u{7}c\u{8}d", "\u{9B}2J",
            "<b>\u{1B}</b>", "\u{202E}\u{2066}x\u{2069}\u{200F}", "&#x202e;&#8206;y",
        ]
        for input in inputs {
            for text in [DisplayText.line(input), DisplayText.paragraphs(input)] {
                #expect(
                    text.utf8.allSatisfy { $0 >= 0x20 || $0 == 0x0A }, "\(input.debugDescription)")
                #expect(
                    !text.unicodeScalars.contains {
                        TerminalSanitizer.isControl($0) && $0 != "\n"
                            || TerminalSanitizer.isBidiControl($0)
                    }, "\(input.debugDescription)")
            }
        }
    }
}
