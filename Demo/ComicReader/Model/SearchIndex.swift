#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every comic's title, alt text and transcript, normalised (`SearchNormalizer`) into one
/// buffer that a query scans from end to end.
///
/// Each field is a segment of its own that starts and ends with a space, so a word's
/// boundaries are the spaces around it and no match runs from one field into the next. Within a
/// segment, `SearchNormalizer.lineBreak` separates lines: a title from its `safe_title`, and
/// the lines of a transcript (`TranscriptLines`), so a phrase does not run across them either
/// and a search can tell a phrase that fills a line from one mentioned in passing.
/// Building it is one pass over the text; a field that is plain ASCII, as nearly all are, is
/// copied byte by byte, and only lines with markup, entities or escapes go through `plainText`.
struct SearchIndex: Sendable {
    /// The fields of a comic, in the order of their segments.
    enum Field: Int, CaseIterable, Sendable {
        case title, alt, transcript
    }

    /// How well a query word matched within one field, worst to best; `typo` is a word, or
    /// the beginning of one, that the query word misspells (`typoMatches`).
    enum MatchKind: UInt8, Comparable, Sendable {
        case none, typo, substring, prefix, word

        static func < (lhs: MatchKind, rhs: MatchKind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The segments, one per comic and field.
    let text: [UInt8]
    /// Where segment `comic * 3 + field` starts; the last entry is `text.count`.
    let segmentStarts: [Int]
    /// Each comic's title and, if it differs, its `safe_title`, normalised (no outer spaces).
    let titles: [[[UInt8]]]

    /// The number of comics indexed.
    var count: Int { titles.count }

    /// Indexes `comics`; `plainText` turns a raw field into displayed text.
    init(comics: [Comic], plainText: (String) -> String) {
        var normalizer = SearchNormalizer()
        var text: [UInt8] = []
        text.reserveCapacity(comics.count * 1_200)
        var starts: [Int] = []
        starts.reserveCapacity(comics.count * 3 + 1)
        var titles: [[[UInt8]]] = []
        titles.reserveCapacity(comics.count)
        for comic in comics {
            var variants: [[UInt8]] = []
            for raw in comic.safeTitle == comic.title
                ? [comic.title] : [comic.title, comic.safeTitle]
            {
                var words: [UInt8] = []
                if !SearchNormalizer.appendPlainASCII(raw, to: &words) {
                    normalizer.append(Self.displayed(raw, plainText: plainText), to: &words)
                }
                if words.first == SearchNormalizer.space { words.removeFirst() }
                if !words.isEmpty && !variants.contains(words) { variants.append(words) }
            }
            titles.append(variants)
            starts.append(text.count)
            text.append(SearchNormalizer.space)
            for variant in variants {
                text += variant
                SearchNormalizer.appendLineBreak(to: &text)
                text.append(SearchNormalizer.space)
            }
            if !variants.isEmpty { text.removeLast(2) }
            for (field, raw) in [(Field.alt, comic.alt), (.transcript, comic.transcript)] {
                starts.append(text.count)
                text.append(SearchNormalizer.space)
                let isPlain =
                    field == .transcript
                    ? SearchNormalizer.appendPlainASCIILines(raw, to: &text)
                    : SearchNormalizer.appendPlainASCII(raw, to: &text)
                if !isPlain {
                    Self.appendCleaned(
                        raw, isTranscript: field == .transcript, plainText: plainText,
                        normalizer: &normalizer, to: &text)
                }
                if text.last != SearchNormalizer.space { text.append(SearchNormalizer.space) }
            }
        }
        starts.append(text.count)
        self.text = text
        self.segmentStarts = starts
        self.titles = titles
    }

    /// Appends the words of a field that is not plain ASCII: a transcript repaired
    /// (`MojibakeRepair`), then cleaned line by line, so that one line with markup does not
    /// send the whole transcript through the (slower) display cleaning, with a line break
    /// between its lines (`TranscriptLines`).
    private static func appendCleaned(
        _ raw: String, isTranscript: Bool, plainText: (String) -> String,
        normalizer: inout SearchNormalizer, to text: inout [UInt8]
    ) {
        guard isTranscript else {
            return normalizer.append(displayed(raw, plainText: plainText), to: &text)
        }
        for line in MojibakeRepair.repair(raw).utf8.split(separator: UInt8(ascii: "\n")) {
            var shown = displayed(String(decoding: line, as: UTF8.self), plainText: plainText)
            shown.withUTF8 { bytes in
                TranscriptLines.forEach(in: bytes) { piece in
                    let before = text.count
                    let words = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[piece]), as: UTF8.self)
                    normalizer.append(words, to: &text)
                    if text.count > before { SearchNormalizer.appendLineBreak(to: &text) }
                }
            }
        }
        SearchNormalizer.removeTrailingLineBreak(from: &text)
    }

    /// `raw` as displayed: through `plainText` when it has markup, an entity or a control
    /// character that could hide or join words; as it is otherwise (the common, fast case).
    private static func displayed(_ raw: String, plainText: (String) -> String) -> String {
        needsCleaning(raw) ? plainText(raw) : raw
    }

    /// Whether `raw` has a `<`, an `&`, an ESC or a C1 control (or another character encoded
    /// after the byte C2), which the display cleaning may remove or turn into something else.
    private static func needsCleaning(_ raw: String) -> Bool {
        raw.utf8.contains { byte in
            byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x1B || byte == 0xC2
        }
    }

    /// For every segment, how well `word` (normalised, no spaces) matches in it at best.
    func matchKinds(of word: [UInt8]) -> [MatchKind] {
        var kinds = [MatchKind](repeating: .none, count: segmentStarts.count - 1)
        forEachOccurrence(of: word) { position, segment in
            let startsWord = text[position - 1] == SearchNormalizer.space
            let endsWord = text[position + word.count] == SearchNormalizer.space
            let kind: MatchKind =
                startsWord ? (endsWord ? .word : .prefix) : .substring
            if kind > kinds[segment] { kinds[segment] = kind }
        }
        return kinds
    }

    /// For every segment where `words` occur one after another as whole words, the largest
    /// share of a line's words they make up there (1 when the phrase is a whole line, the
    /// whole alt text or a whole title); 0 where they do not occur.
    func phraseCoverage(of words: [[UInt8]]) -> [Float] {
        var coverage = [Float](repeating: 0, count: segmentStarts.count - 1)
        var needle: [UInt8] = [SearchNormalizer.space]
        for word in words {
            needle += word
            needle.append(SearchNormalizer.space)
        }
        forEachOccurrence(of: needle) { position, segment in
            let share = Float(words.count) / Float(wordsInLine(around: position, in: segment))
            coverage[segment] = max(coverage[segment], share)
        }
        return coverage
    }

    /// The number of words on the line of `segment` that holds `position`, at least 1.
    private func wordsInLine(around position: Int, in segment: Int) -> Int {
        let (lower, upper) = (segmentStarts[segment], segmentStarts[segment + 1])
        var start = position
        while start > lower && text[start - 1] != SearchNormalizer.lineBreak { start -= 1 }
        var end = position
        while end < upper && text[end] != SearchNormalizer.lineBreak { end += 1 }
        var words = 0
        for index in max(start, 1)..<end
        where text[index - 1] == SearchNormalizer.space && text[index] != SearchNormalizer.space
            && text[index] != SearchNormalizer.lineBreak
        {
            words += 1
        }
        return max(words, 1)
    }

    /// For every segment without a match in `exact`, whether a word there, or the beginning of
    /// one, is within `maxEdits` edits of `word` (an edit: a letter added, dropped, changed, or
    /// two neighbours swapped), so "pasword" finds "password" and "velociraptr" "velociraptors".
    ///
    /// Every spelling within `maxEdits` edits keeps one of `maxEdits + 1` pieces of `word` as
    /// it is, so only words holding a piece, at about its place, are compared in full. The
    /// first piece is looked for at the beginning of words only: when it is the one kept, no
    /// edit comes before it.
    func typoMatches(of word: [UInt8], maxEdits: Int, exact: [MatchKind]) -> [Bool] {
        var found = [Bool](repeating: false, count: segmentStarts.count - 1)
        var distance = TypoDistance(word: word, maxEdits: maxEdits)
        for (offset, piece) in TypoDistance.pieces(of: word, maxEdits: maxEdits) {
            let needle = offset == 0 ? [SearchNormalizer.space] + piece : piece
            let lead = needle.count - piece.count
            forEachOccurrence(of: needle) { position, segment in
                guard exact[segment] == .none, !found[segment] else { return }
                let position = position + lead
                var start = position
                while text[start - 1] != SearchNormalizer.space { start -= 1 }
                guard abs(position - start - offset) <= maxEdits else { return }
                var end = position + piece.count
                while text[end] != SearchNormalizer.space { end += 1 }
                if distance.matches(text[start..<end]) { found[segment] = true }
            }
        }
        return found
    }

    /// Letters from the most to the least common in English text; `rarity` ranks bytes by it.
    private static let commonToRare = Array(" etaoinshrdlcumwfgypbvkjxqz".utf8)

    /// How rare a byte is likely to be in the text (higher is rarer): digits and non-ASCII
    /// bytes are rarer than any letter, the space is the most common.
    private static let rarity: [Int] = (0..<256).map { byte in
        commonToRare.firstIndex(of: UInt8(byte)).map { $0 } ?? commonToRare.count
    }

    /// Calls `body` with the position and segment of every occurrence of `needle`, in order.
    ///
    /// The needle's rarest byte is looked for with `memchr`, which scans many bytes at a time,
    /// and each place it occurs is compared with the whole needle.
    private func forEachOccurrence(of needle: [UInt8], _ body: (Int, Int) -> Void) {
        guard !needle.isEmpty, needle.count <= text.count else { return }
        let anchor = needle.indices.max {
            Self.rarity[Int(needle[$0])] < Self.rarity[Int(needle[$1])]
        }!
        let anchorByte = Int32(needle[anchor])
        let starts = segmentStarts
        text.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else {
                    return
                }
                var segment = 0
                // The anchor of a match starting at s is at s + anchor, for s in 0...lastStart.
                let lastStart = haystack.count - pattern.count
                var from = anchor
                while from <= lastStart + anchor {
                    guard let found = memchr(base + from, anchorByte, lastStart + anchor - from + 1)
                    else { return }
                    let hit = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    let start = hit - anchor
                    if memcmp(base + start, patternBase, pattern.count) == 0 {
                        while starts[segment + 1] <= start { segment += 1 }
                        body(start, segment)
                    }
                    from = hit + 1
                }
            }
        }
    }
}
