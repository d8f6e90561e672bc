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
}
