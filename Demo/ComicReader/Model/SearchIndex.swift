import Foundation

/// Every comic's title, alt text and transcript, normalised (`SearchNormalizer`) into one
/// buffer that a query scans from end to end.
///
/// Each field is a segment of its own that starts and ends with a space, so a word's
/// boundaries are the spaces around it and no match runs from one field into the next.
/// Building it is one pass over the text; a field that is plain ASCII, as nearly all are, is
/// copied byte by byte, and only fields with markup, entities or escapes go through `plainText`.
struct SearchIndex: Sendable {
    /// The fields of a comic, in the order of their segments.
    enum Field: Int, CaseIterable, Sendable {
        case title, alt, transcript
    }

    /// How well a query word matched within one field, worst to best.
    enum MatchKind: UInt8, Comparable, Sendable {
        case none, substring, prefix, word

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
                normalizer.append(Self.displayed(raw, plainText: plainText), to: &words)
                if words.first == SearchNormalizer.space { words.removeFirst() }
                if !words.isEmpty && !variants.contains(words) { variants.append(words) }
            }
            titles.append(variants)
            starts.append(text.count)
            text.append(SearchNormalizer.space)
            for variant in variants {
                text += variant
                text.append(SearchNormalizer.space)
                text.append(SearchNormalizer.space)
            }
            for (field, raw) in [(Field.alt, comic.alt), (.transcript, comic.transcript)] {
                starts.append(text.count)
                text.append(SearchNormalizer.space)
                let repaired = field == .transcript ? MojibakeRepair.repair(raw) : raw
                normalizer.append(Self.displayed(repaired, plainText: plainText), to: &text)
                if text.last != SearchNormalizer.space { text.append(SearchNormalizer.space) }
            }
        }
        starts.append(text.count)
        self.text = text
        self.segmentStarts = starts
        self.titles = titles
    }

    /// `raw` as displayed: through `plainText` when it has markup, an entity or a control
    /// character that could hide or join words; as it is otherwise (the common, fast case).
    private static func displayed(_ raw: String, plainText: (String) -> String) -> String {
        let needsCleaning = raw.utf8.contains { byte in
            byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x1B || byte == 0xC2
        }
        return needsCleaning ? plainText(raw) : raw
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

    /// For every segment, whether `words` occur there one after another as whole words.
    func phraseMatches(of words: [[UInt8]]) -> [Bool] {
        var found = [Bool](repeating: false, count: segmentStarts.count - 1)
        var needle: [UInt8] = [SearchNormalizer.space]
        for word in words {
            needle += word
            needle.append(SearchNormalizer.space)
        }
        forEachOccurrence(of: needle) { _, segment in found[segment] = true }
        return found
    }

    /// Calls `body` with the position and segment of every occurrence of `needle`, in order.
    private func forEachOccurrence(of needle: [UInt8], _ body: (Int, Int) -> Void) {
        guard let first = needle.first, needle.count <= text.count else { return }
        let starts = segmentStarts
        text.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                var segment = 0
                var position = 0
                let last = haystack.count - pattern.count
                while position <= last {
                    if haystack[position] != first {
                        position += 1
                        continue
                    }
                    var matched = 1
                    while matched < pattern.count
                        && haystack[position + matched] == pattern[matched]
                    {
                        matched += 1
                    }
                    if matched == pattern.count {
                        while starts[segment + 1] <= position { segment += 1 }
                        body(position, segment)
                    }
                    position += 1
                }
            }
        }
    }
}
