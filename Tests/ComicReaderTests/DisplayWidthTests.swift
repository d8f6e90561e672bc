import Testing

@testable import ComicReader

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0), ("abc", 3), ("漢字", 4), ("한국어", 6), ("クリック", 8), ("ｆｕｌｌ", 8), ("。", 2),
        ("👍", 2), ("😀😀", 4), ("👩‍💻", 2), ("🇯🇵", 2), ("❤️", 2), ("1️⃣", 2),
        ("e\u{301}", 1), ("a\u{20DD}", 1), ("a\u{200B}b", 2), ("a\u{200D}b", 2), ("é漢👍", 5),
        ("CafÃ©", 5), ("\u{A0}", 1),
    ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect(DisplayWidth.of("\u{301}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("Zalgo\u{300}\u{301}\u{302}\u{303}\u{304}") == 5)
    }

    @Test func truncatedFitsAndEndsWithTheEllipsis() {
        #expect(DisplayWidth.truncated("Hello World", toWidth: 8, ellipsis: "…") == "Hello W…")
        #expect(DisplayWidth.truncated("Hello World", toWidth: 8, ellipsis: "...") == "Hello...")
        #expect(DisplayWidth.truncated("漢字漢字", toWidth: 6, ellipsis: "…") == "漢字…")
        #expect(DisplayWidth.truncated("漢字漢字", toWidth: 4, ellipsis: "…") == "漢…")
        #expect(DisplayWidth.truncated("short", toWidth: 5, ellipsis: "…") == "short")
        #expect(DisplayWidth.truncated("abcdef", toWidth: 2, ellipsis: "...") == "ab")
    }

    @Test func paddedFillsByColumnsNotCharacters() {
        #expect(DisplayWidth.padded("漢", toWidth: 4) == "漢  ")
        #expect(DisplayWidth.padded("toolong", toWidth: 3) == "toolong")
    }
}
