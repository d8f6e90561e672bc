import Testing

@testable import ComicReader

@Suite struct TextStyleTests {
    @Test func writesSGROnlyWhenColourIsOn() {
        let style = TextStyle(bold: true, underline: true, color: .red)
        #expect(style.apply(to: "X", colorEnabled: true) == "\u{1B}[1;4;31mX\u{1B}[0m")
        #expect(style.apply(to: "X", colorEnabled: false) == "X")
        #expect(TextStyle(dim: true).apply(to: "X", colorEnabled: true) == "\u{1B}[2mX\u{1B}[0m")
    }

    @Test func plainStyleAndEmptyTextNeedNoEscapes() {
        #expect(TextStyle.plain.apply(to: "X", colorEnabled: true) == "X")
        #expect(TextStyle.title.apply(to: "", colorEnabled: true) == "")
    }
}
