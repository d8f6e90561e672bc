import Foundation

/// Ranked, case- and diacritic-insensitive search over titles, alt texts and transcripts.
///
/// Every word of the query must occur somewhere in a comic for it to match. Each word
/// scores once per field by its best match there; a title hit (title or `safe_title`)
/// weighs most, then alt text, then transcript, and a whole-word hit beats a hit inside a
/// longer word. Results come best first; equal scores put the newer comic first.
struct ComicSearch: Sendable {
    /// One matching comic and how well it matched (higher is better).
    struct Hit: Equatable, Sendable {
        let comic: Comic
        let score: Int
    }

    /// Points for one query word, by field and by how it matched there.
    enum Weight {
        static let titleWord = 24, titleSubstring = 16
        static let altWord = 8, altSubstring = 5
        static let transcriptWord = 3, transcriptSubstring = 2
    }

    /// The comics to search, each with its three fields already folded for matching.
    private let entries: [(comic: Comic, title: String, alt: String, transcript: String)]

    /// Prepares `comics` for searching. `plainText` turns a raw API field into the text a
    /// reader sees (decoding entities, dropping tags); by default fields are searched as-is.
    init(comics: [Comic], plainText: @Sendable (String) -> String = { $0 }) {
        entries = comics.map { comic in
            // The API's safe_title is usually the title without markup, and sometimes a
            // different wording; a hit in either counts as a title hit.
            let titles =
                comic.safeTitle == comic.title ? comic.title : comic.title + "\n" + comic.safeTitle
            return (
                comic, Self.fold(plainText(titles)), Self.fold(plainText(comic.alt)),
                Self.fold(plainText(comic.transcript))
            )
        }
    }

    /// Comics matching every word of `query`, best first. An empty query matches nothing.
    func search(_ query: String) -> [Hit] {
        let words = Self.fold(query).split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty else { return [] }
        let hits = entries.compactMap { entry -> Hit? in
            var total = 0
            for word in words {
                let score =
                    Self.score(
                        word, in: entry.title, word: Weight.titleWord,
                        substring: Weight.titleSubstring)
                    + Self.score(
                        word, in: entry.alt, word: Weight.altWord, substring: Weight.altSubstring)
                    + Self.score(
                        word, in: entry.transcript,
                        word: Weight.transcriptWord, substring: Weight.transcriptSubstring)
                guard score > 0 else { return nil }
                total += score
            }
            return Hit(comic: entry.comic, score: total)
        }
        return hits.sorted {
            $0.score != $1.score ? $0.score > $1.score : $0.comic.num > $1.comic.num
        }
    }

    /// Lowercases and strips diacritics so "CAFÉ" and "cafe" compare equal.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// `word` points if `needle` occurs in `haystack` as a whole word, else `substring`
    /// points if it occurs at all, else 0.
    private static func score(_ needle: String, in haystack: String, word: Int, substring: Int)
        -> Int
    {
        var found = false
        var searchStart = haystack.startIndex
        while let range = haystack.range(of: needle, range: searchStart..<haystack.endIndex) {
            found = true
            let startsWord =
                range.lowerBound == haystack.startIndex
                || !isWordCharacter(haystack[haystack.index(before: range.lowerBound)])
            let endsWord =
                range.upperBound == haystack.endIndex
                || !isWordCharacter(haystack[range.upperBound])
            if startsWord && endsWord { return word }
            searchStart = haystack.index(after: range.lowerBound)
        }
        return found ? substring : 0
    }

    /// Letters and digits form words; everything else separates them.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
