/// Ranked, case- and diacritic-insensitive search over titles, alt texts and transcripts, in
/// the order a fan would expect:
///
/// 1. a comic whose title is the query ("unicode" finds 1726 *Unicode* first);
/// 2. comics with the query as a phrase that makes up most of a line (a famous line: "wrong
///    on the internet" finds 386 *Duty Calls*, whose transcript has "Someone is WRONG on the
///    Internet.") or of the title or the alt text, the fuller the line the better;
/// 3. comics with the query as a phrase anywhere else, in the title, then the alt text, then
///    the transcript;
/// 4. the rest by how well each word matched in each field: a whole word beats the beginning of
///    a word, which beats a piece inside one ("ass car" puts 37 *Hyphen* before "class" and
///    "bass"), and a title counts most, then alt text, then transcript. A word may also
///    abbreviate title words (`TitleAbbreviation`: "regex" finds 208 *Regular Expressions*).
///
/// Every word of the query must occur somewhere in a comic for it to match, or, for a word of
/// five letters or more found whole in fewer than `typedWord` fields, a misspelling of it
/// (`TypoDistance`: "pasword strenght" finds 936 *Password Strength*); comics found only that
/// way come after every comic that has all the words as typed. Equal scores put the newer comic first. Building the search indexes the
/// comics once (`SearchIndex`); each query then scans that index once per word, and once per
/// piece of a word for misspellings.
struct ComicSearch: Sendable {
    /// One matching comic and how well it matched (higher is better).
    struct Hit: Equatable, Sendable {
        let comic: Comic
        let score: Int
        /// How many query words the comic has only misspelt; such hits come last.
        var typoWords = 0
    }

    /// Points, by field and by how a query word or the query matched there.
    enum Weight {
        static let titleWord = 60, titleAbbreviation = 45, titlePrefix = 30, titleSubstring = 8
        static let altWord = 20, altPrefix = 10, altSubstring = 3
        static let transcriptWord = 10, transcriptPrefix = 5, transcriptSubstring = 1
        /// A misspelling of the word (`TypoDistance`).
        static let titleTypo = 20, altTypo = 6, transcriptTypo = 3
        /// The whole query is the title: above every other kind of match.
        static let exactTitle = 100_000
        /// The query's words, two or more, appear in this order as a phrase.
        static let titlePhrase = 30_000, altPhrase = 20_000, transcriptPhrase = 10_000
        /// The phrase is a whole line, title or alt text; times the share of its words.
        static let famousLine = 60_000
        /// The share of a line's words a phrase needs to count as the line.
        static let famousLineShare: Float = 0.5

        /// Points for a word that matched as `kind` in `field`.
        static func points(_ kind: SearchIndex.MatchKind, in field: SearchIndex.Field) -> Int {
            switch (field, kind) {
            case (_, .none): 0
            case (.title, .word): titleWord
            case (.title, .prefix): titlePrefix
            case (.title, .substring): titleSubstring
            case (.title, .typo): titleTypo
            case (.alt, .typo): altTypo
            case (.transcript, .typo): transcriptTypo
            case (.alt, .word): altWord
            case (.alt, .prefix): altPrefix
            case (.alt, .substring): altSubstring
            case (.transcript, .word): transcriptWord
            case (.transcript, .prefix): transcriptPrefix
            case (.transcript, .substring): transcriptSubstring
            }
        }

        /// Points for the query as a phrase in `field`, making up `share` of a line's words
        /// there at most.
        static func phrase(in field: SearchIndex.Field, share: Float) -> Int {
            let anywhere =
                switch field {
                case .title: titlePhrase
                case .alt: altPhrase
                case .transcript: transcriptPhrase
                }
            guard share >= famousLineShare else { return anywhere }
            return max(anywhere, Int(Float(famousLine) * share))
        }
    }

    /// In how many fields a word must be found whole to be taken as typed, not as a typo.
    static let typedWord = 3

    private let comics: [Comic]
    private let index: SearchIndex

    /// Prepares `comics` for searching. `plainText` turns a raw API field into the text a
    /// reader sees (decoding entities, dropping tags); by default fields are searched as-is.
    init(comics: [Comic], plainText: (String) -> String = { $0 }) {
        self.comics = comics
        self.index = SearchIndex(comics: comics, plainText: plainText)
    }

    /// Comics matching every word of `query`, best first. An empty query matches nothing.
    func search(_ query: String) -> [Hit] {
        var normalizer = SearchNormalizer()
        let words = normalizer.words(query)
        guard !words.isEmpty else { return [] }
        let fields = SearchIndex.Field.allCases
        var kinds = words.map(index.matchKinds(of:))
        for (position, word) in words.enumerated() {
            // A word found whole in a few places already was meant as typed.
            let edits = TypoDistance.maxEdits(for: word)
            let wholeWords = kinds[position].lazy.filter { $0 == .word }.prefix(Self.typedWord)
            guard edits > 0, wholeWords.count < Self.typedWord else { continue }
            let typos = index.typoMatches(of: word, maxEdits: edits, exact: kinds[position])
            for segment in typos.indices where typos[segment] { kinds[position][segment] = .typo }
        }
        let phrases = words.count > 1 ? index.phraseCoverage(of: words) : nil
        let wholeQuery = Array(words.joined(separator: [SearchNormalizer.space]))
        var hits: [Hit] = []
        for comic in 0..<index.count {
            var total = 0
            var typoWords = 0
            var matchesAll = true
            for (word, wordKinds) in zip(words, kinds) {
                var points = 0
                var best = SearchIndex.MatchKind.none
                for field in fields {
                    let kind = wordKinds[comic * 3 + field.rawValue]
                    points += Weight.points(kind, in: field)
                    best = max(best, kind)
                }
                if wordKinds[comic * 3] < .word
                    && index.titles[comic].contains(where: {
                        TitleAbbreviation.matches(word, title: $0)
                    })
                {
                    points +=
                        Weight.titleAbbreviation - Weight.points(wordKinds[comic * 3], in: .title)
                    best = .word
                }
                guard points > 0 else {
                    matchesAll = false
                    break
                }
                if best == .typo { typoWords += 1 }
                total += points
            }
            guard matchesAll else { continue }
            if let phrases {
                for field in fields {
                    let share = phrases[comic * 3 + field.rawValue]
                    if share > 0 { total += Weight.phrase(in: field, share: share) }
                }
            }
            if index.titles[comic].contains(wholeQuery) { total += Weight.exactTitle }
            hits.append(Hit(comic: comics[comic], score: total, typoWords: typoWords))
        }
        return hits.sorted {
            if $0.typoWords != $1.typoWords { return $0.typoWords < $1.typoWords }
            return $0.score != $1.score ? $0.score > $1.score : $0.comic.num > $1.comic.num
        }
    }
}
