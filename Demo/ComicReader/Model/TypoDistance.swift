/// Whether a word of the text could be a query word typed with a few slips: the query word is
/// within `maxEdits` edits of the word or of its beginning, an edit being a letter added,
/// dropped or changed, or two neighbouring letters swapped ("strenght" is one edit from
/// "strength"; "velociraptr" one from the beginning of "velociraptors").
///
/// Short words and words with digits allow no slip (`maxEdits(for:)`): "cart" is not a typo of
/// "card", nor "win95" of "win98".
struct TypoDistance {
    /// The query word, normalised (`SearchNormalizer`).
    let word: [UInt8]
    /// How many edits are allowed.
    let maxEdits: Int
    /// Three rows of the edit-distance table side by side, reused from one comparison to
    /// the next.
    private var rows: [Int]

    /// The longest query word compared; longer ones are taken as typed.
    static let longestWord = 32

    init(word: [UInt8], maxEdits: Int) {
        self.word = word
        self.maxEdits = maxEdits
        rows = Array(repeating: 0, count: 3 * (word.count + maxEdits + 1))
    }

    /// The edits allowed in `word`: none below five letters, in words with a digit and in very
    /// long words; one up to eight letters; two from nine.
    static func maxEdits(for word: [UInt8]) -> Int {
        let hasDigit = word.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        if word.count < 5 || word.count > longestWord || hasDigit { return 0 }
        return word.count < 9 ? 1 : 2
    }

    /// Pieces of `word`, each with its offset, one of which any spelling within `maxEdits`
    /// edits keeps as it is: `maxEdits + 1` pieces side by side. With one edit and a word of
    /// eight letters or more, the two letters in the middle are left out, so that swapping
    /// them, or any single edit, spares one piece.
    static func pieces(of word: [UInt8], maxEdits: Int) -> [(offset: Int, piece: [UInt8])] {
        if maxEdits == 1 && word.count >= 8 {
            let middle = word.count / 2
            return [(0, Array(word[..<(middle - 1)])), (middle + 1, Array(word[(middle + 1)...]))]
        }
        let size = word.count / (maxEdits + 1)
        return (0...maxEdits).map { index in
            let start = index * size
            let end = index == maxEdits ? word.count : start + size
            return (start, Array(word[start..<end]))
        }
    }

    /// Whether `candidate`, a word of the text, is `word` or begins with it, give or take
    /// `maxEdits` edits (optimal string alignment distance).
    mutating func matches(_ candidate: ArraySlice<UInt8>) -> Bool {
        let (query, edits) = (word, maxEdits)
        guard candidate.count >= query.count - edits else { return false }
        let other = Array(candidate.prefix(query.count + edits))
        let columns = other.count + 1
        let width = query.count + edits + 1
        // Row i of the table, the distance from query's first i letters to each beginning of
        // `other`, is at (i % 3) * width.
        return rows.withUnsafeMutableBufferPointer { rows in
            for column in 0..<columns { rows[column] = column }
            for row in 1...query.count {
                let current = (row % 3) * width
                let previous = ((row - 1) % 3) * width
                let before = ((row + 1) % 3) * width
                rows[current] = row
                for column in 1..<columns {
                    let change = query[row - 1] == other[column - 1] ? 0 : 1
                    var best = min(
                        rows[previous + column] + 1, rows[current + column - 1] + 1,
                        rows[previous + column - 1] + change)
                    if row > 1 && column > 1 && query[row - 1] == other[column - 2]
                        && query[row - 2] == other[column - 1]
                    {
                        best = min(best, rows[before + column - 2] + 1)
                    }
                    rows[current + column] = best
                }
            }
            let last = (query.count % 3) * width
            let shortest = max(1, query.count - edits)
            guard shortest < columns else { return false }
            return (shortest..<columns).contains { rows[last + $0] <= edits }
        }
    }
}
