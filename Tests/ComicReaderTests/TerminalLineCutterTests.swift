import Testing

@testable import ComicReader

@Suite struct TerminalLineCutterTests {
    @Test func aLineThatFitsIsLeftAlone() {
        #expect(TerminalLineCutter.cut("previous comic", toWidth: 14) == "previous comic")
        #expect(
            TerminalLineCutter.cut("\u{1B}[1mbold\u{1B}[0m", toWidth: 4) == "\u{1B}[1mbold\u{1B}[0m"
        )
        #expect(TerminalLineCutter.cut("", toWidth: 1) == "")
    }

    @Test func aCutLineEndsWithAnEllipsisNeverWithItsLastCharacter() {
        // The help screen's "previous comic" in a 6-column window once showed "previc".
        #expect(TerminalLineCutter.cut("p  ←          previous comic", toWidth: 6) == "p  ← …")
        #expect(TerminalLineCutter.cut("previous comic", toWidth: 6) == "previ…")
        #expect(
            TerminalLineCutter.cut("…/comics/earth_temperature.png", toWidth: 15)
                == "…/comics/earth…")
    }

    @Test func wideCharactersAreNotSplit() {
        // Three 2-column ideographs in 5 columns: two fit before the ellipsis only if 2+2+1 <= 5.
        #expect(TerminalLineCutter.cut("漢字漢字", toWidth: 5) == "漢字…")
        #expect(TerminalLineCutter.cut("漢字漢字", toWidth: 4) == "漢…")
    }

    @Test func escapesTakeNoColumnsAndAColourIsResetAfterTheCut() {
        let picture = "\u{1B}[38;5;16m▀▀▀▀\u{1B}[38;5;231m▀▀▀▀\u{1B}[0m"
        #expect(TerminalLineCutter.cut(picture, toWidth: 8) == picture)
        #expect(
            TerminalLineCutter.cut(picture, toWidth: 6)
                == "\u{1B}[38;5;16m▀▀▀▀\u{1B}[38;5;231m▀…\u{1B}[0m")
    }

    @Test func theResultIsNeverWiderThanTheWidth() {
        let lines = ["a", "ab cd ef", "漢a漢b漢", "\u{1B}[2m(scene)\u{1B}[0m", "😀😀😀 x"]
        for line in lines {
            for width in 1...12 {
                let cut = TerminalLineCutter.cut(line, toWidth: width)
                let visible = TerminalSanitizer.sanitize(cut, keepingNewlines: false)
                #expect(DisplayWidth.of(visible) <= width, "\(line) at \(width): \(cut)")
            }
        }
    }
}
