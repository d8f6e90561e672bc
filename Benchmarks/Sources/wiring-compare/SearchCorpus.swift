import ComicReader

/// A made-up archive of the real xkcd archive's size and shape, for timing search (xkcd's own
/// texts are not part of the repository).
///
/// 3,279 comics numbered 1 to 3282 without 404, 1608 and 1663. Titles of one to four words,
/// alt texts of 8 to 45 words, and transcripts in the API's markup (`[[scene]]` lines, speech,
/// a closing `{{Title text: …}}`) of 30 to 320 words on the comics up to 1674, and on one in
/// ten after it, as the real archive has them. A few fields carry the real quirks: HTML
/// entities and tags (about one sentence in 150), accented and CJK letters in titles, and 38
/// transcripts with UTF-8 read as Latin-1.
/// Words are drawn from a common-word list with a long tail of made-up ones, so that both
/// frequent and rare words are searched. The same seed always gives the same archive.
struct SearchCorpus {
    /// The comics, oldest first.
    let comics: [Comic]

    /// Numbers missing from the real archive.
    static let gaps: Set<Int> = [404, 1608, 1663]
    /// The newest comic's number.
    static let latest = 3282
    /// The newest comic that reliably has a transcript.
    static let lastTranscribed = 1674

    /// Words of ordinary prose, drawn most often.
    private static let common = """
        the a of to and in is it you that he she was for on are with as I his they be at one have \
        this from or had by not word but what some we can out other were all there when up use \
        your how said an each which do their time if will way about many then them write would \
        like so these her long make thing see him two has look more day could go come did number \
        sound no most people my over know water than call first who may down side been now find \
        science computer internet math physics graph chart data code program password server \
        wrong right someone bed important night laptop phone car sweet ass class bass hyphen \
        unicode character emoji font text regular expressions expression perl escape backslash \
        rocket space moon planet orbit earth climate temperature map city river coffee kettle \
        raptor velociraptor standards protocol network router cable wifi bug feature release
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    /// Names of the people who speak in transcripts.
    private static let speakers = [
        "Cueball", "Megan", "Black Hat", "White Hat", "Ponytail", "Hairy", "Beret Guy",
    ]

    /// Builds the archive from `seed`.
    init(seed: UInt64 = 0x5EED) {
        var random = SplitMix64(seed: seed)
        var comics: [Comic] = []
        comics.reserveCapacity(Self.latest)
        var mojibakeLeft = 38
        for number in 1...Self.latest where !Self.gaps.contains(number) {
            let title = Self.title(&random)
            let alt = Self.sentence(words: 8 + random.below(38), &random)
            var transcript = ""
            if number <= Self.lastTranscribed || random.below(10) == 0 {
                transcript = Self.transcript(alt: alt, words: 30 + random.below(291), &random)
                if mojibakeLeft > 0 && random.below(40) == 0 {
                    transcript = transcript.replacingFirst(
                        " ", with: "\u{00E2}\u{0080}\u{0094}")
                    mojibakeLeft -= 1
                }
            }
            comics.append(
                Comic(
                    num: number, title: title.raw, safeTitle: title.safe, alt: alt,
                    img: "https://imgs.xkcd.com/comics/comic_\(number).png",
                    transcript: transcript, year: "\(2006 + number / 160)",
                    month: "\(1 + number % 12)", day: "\(1 + number % 28)"))
        }
        self.comics = comics
    }

    /// Size of all titles, alt texts and transcripts, in UTF-8 bytes.
    var textBytes: Int {
        comics.reduce(0) { $0 + $1.title.utf8.count + $1.alt.utf8.count + $1.transcript.utf8.count }
    }

    /// A title as the API gives it (one in fifty with an entity or an accent) and its safe title.
    private static func title(_ random: inout SplitMix64) -> (raw: String, safe: String) {
        let words = (0...random.below(4)).map { _ in word(&random).capitalizedFirst }
        let plain = words.joined(separator: " ")
        switch random.below(50) {
        case 0: return (plain + " Caf&eacute;", plain + " Café")
        case 1: return (plain + " Über", plain + " Über")
        case 2: return (plain + " 漢字", plain + " 漢字")
        default: return (plain, plain)
        }
    }

    /// A transcript in the API's markup, closing with the alt text as title text.
    private static func transcript(alt: String, words: Int, _ random: inout SplitMix64) -> String {
        var lines: [String] = []
        var left = words
        while left > 0 {
            let length = min(left, 4 + random.below(14))
            left -= length
            let text = sentence(words: length, &random)
            if random.below(3) == 0 {
                lines.append("[[\(text)]]")
            } else {
                lines.append("\(speakers[random.below(speakers.count)]): \(text)")
            }
        }
        lines.append("{{Title text: \(alt)}}")
        return lines.joined(separator: "\n")
    }

    /// `words` words with a capital, some punctuation and a full stop; one in thirty has a tag.
    private static func sentence(words: Int, _ random: inout SplitMix64) -> String {
        var parts = (0..<max(1, words)).map { _ in word(&random) }
        parts[0] = parts[0].capitalizedFirst
        if words > 4 && random.below(6) == 0 { parts[words / 2] += "," }
        if words > 4 && random.below(300) == 0 { parts[1] = "<i>\(parts[1])</i>" }
        if words > 4 && random.below(300) == 0 { parts[2] += " &amp;" }
        return parts.joined(separator: " ") + "."
    }

    /// A common word three times in four, else a made-up one of two to four syllables.
    private static func word(_ random: inout SplitMix64) -> String {
        if random.below(4) != 0 { return common[random.below(common.count)] }
        let syllables = ["ka", "ro", "mi", "ten", "plu", "zar", "ex", "qui", "dor", "san", "vel"]
        return (0...(1 + random.below(3))).map { _ in syllables[random.below(syllables.count)] }
            .joined()
    }
}

/// A small, fast, seedable generator (SplitMix64), so the corpus is the same on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

extension String {
    /// The string with its first letter in upper case.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }

    /// The string with the first `target` replaced by `replacement`.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
