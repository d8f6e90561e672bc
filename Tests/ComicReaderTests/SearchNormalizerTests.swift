import Testing

@testable import ComicReader

@Suite struct SearchNormalizerTests {
    func normalized(_ text: String) -> String {
        var normalizer = SearchNormalizer()
        var bytes: [UInt8] = []
        normalizer.append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func wordsAreLowercaseWithoutDiacriticsAndEachFollowsOneSpace() {
        #expect(normalized("Schrödinger's Cat-Box!") == " schrodingers cat box")
        #expect(normalized("  CAFÉ\tnaïve…  Ångström ") == " cafe naive angstrom")
        #expect(normalized("don’t stop") == " dont stop")
        #expect(normalized("漢字 and 😀emoji") == " 漢字 and emoji")
        #expect(normalized("") == "")
    }

    @Test func wordsOfAQuery() {
        var normalizer = SearchNormalizer()
        #expect(
            normalizer.words("  Wrong on THE internet?! ").map {
                String(decoding: $0, as: UTF8.self)
            }
                == ["wrong", "on", "the", "internet"])
        #expect(normalizer.words(" -- ").isEmpty)
    }

    @Test(arguments: [
        "Cueball: Someone is WRONG on the internet.", "  don't -- stop  ", "a", "", "...",
        "[[Megan looks at 2 graphs.]]\nMegan: x",
    ])
    func theFastPathGivesWhatTheGeneralOneGives(text: String) {
        for before in [[], [SearchNormalizer.space], Array("x".utf8)] as [[UInt8]] {
            var general = before
            var normalizer = SearchNormalizer()
            normalizer.append(text, to: &general)
            var fast = before
            #expect(SearchNormalizer.appendPlainASCII(text, to: &fast))
            #expect(fast == general, "\(text.debugDescription) after \(before)")
        }
    }

    @Test(arguments: ["Café", "a &amp; b", "<i>x</i>", "red \u{1B}[31m", "dear\u{00E2}\u{0080}"])
    func textThatIsNotPlainASCIIIsLeftToTheGeneralPath(text: String) {
        var output = Array("kept".utf8)
        #expect(!SearchNormalizer.appendPlainASCII(text, to: &output))
        #expect(output == Array("kept".utf8))
    }
}
