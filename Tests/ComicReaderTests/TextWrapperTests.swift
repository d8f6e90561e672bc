import Testing

@testable import ComicReader

@Suite struct TextWrapperTests {
    /// Texts that are hard to wrap: long words, URLs, CJK without spaces, emoji, combining marks.
    static let samples = [
        "If you don't have an extension cord I can get that too. Because we're friends! Right?",
        "https://imgs.xkcd.com/comics/a_very_long_file_name_that_does_not_fit_anywhere.png and more",
        "日本語のテキストはスペースなしで続きます。漢字とかなが混ざっています。",
        "Emoji 👩‍💻👩‍💻👩‍💻 🇯🇵🇯🇵 and ❤️❤️❤️ plus combining e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
        "First line\n\nThird line after a blank one\nfourth   with   spaces",
        "Mixed 漢字abc漢字abc漢字abc 한국어 text",
    ]

    @Test func packsWordsGreedily() {
        #expect(
            TextWrapper.wrap("the quick brown fox jumps", width: 10) == [
                "the quick", "brown fox", "jumps",
            ])
        #expect(TextWrapper.wrap("exactly ten", width: 11) == ["exactly ten"])
    }

    @Test func keepsExplicitNewlines() {
        #expect(TextWrapper.wrap("a\n\nb", width: 10) == ["a", "", "b"])
        #expect(TextWrapper.wrap("", width: 10) == [""])
    }

    @Test func breaksWordsThatAreTooLong() {
        #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrapper.wrap("go abcdefghij", width: 4) == ["go", "abcd", "efgh", "ij"])
        #expect(TextWrapper.wrap("漢字漢字漢", width: 5) == ["漢字", "漢字", "漢"])
    }

    @Test func aCharacterWiderThanTheWidthGetsItsOwnLine() {
        #expect(TextWrapper.wrap("a漢b", width: 1) == ["a", "漢", "b"])
    }

    @Test func prefixAlignsContinuationLines() {
        #expect(
            TextWrapper.wrap("aaa bbb ccc", width: 9, prefix: "alt: ") == [
                "alt: aaa", "     bbb", "     ccc",
            ])
    }

    @Test(arguments: samples)
    func neverWiderThanTheWidthAndNothingLost(text: String) {
        for width in 2...60 {
            let lines = TextWrapper.wrap(text, width: width)
            for line in lines {
                #expect(DisplayWidth.of(line) <= width, "width \(width): \(line)")
            }
            // Only spaces may be dropped or turned into line breaks; every other character stays, in order.
            #expect(
                lines.joined().filter { $0 != " " } == text.filter { $0 != " " && $0 != "\n" },
                "width \(width)")
        }
    }

    /// How many characters `TextWrapper` measures to wrap `text` to `width`.
    static func measurements(wrapping text: String, width: Int) -> (count: Int, lines: [String]) {
        var count = 0
        let lines = TextWrapper.wrap(text, width: width) { character in
            count += 1
            return DisplayWidth.of(character)
        }
        return (count, lines)
    }

    @Test func wrappingALongWordMeasuresEachCharacterAFewTimesOnly() {
        // A 40,000-character word used to be measured again after every line broken off it.
        let word = String(repeating: "abcdefghij", count: 4_000)
        let (count, lines) = Self.measurements(wrapping: word, width: 80)
        #expect(lines.count == 500)
        #expect(lines.allSatisfy { $0.count == 80 })
        #expect(count <= 2 * word.count, "\(count) measurements for \(word.count) characters")
        let text = "short words, then " + word + " and more words"
        let (mixedCount, mixedLines) = Self.measurements(wrapping: text, width: 80)
        #expect(mixedCount <= 2 * text.count)
        #expect(mixedLines.joined().filter { $0 != " " } == text.filter { $0 != " " })
    }

    @Test func asciiFitsEvenAtWidthOne() {
        for width in 1...12 {
            for line in TextWrapper.wrap(Self.samples[0], width: width) {
                #expect(line.count <= width)
            }
        }
    }
}
