/// Where the lines of a raw transcript start and end, as search sees them: one sentence of
/// what a speaker says, one scene description, one title-text line.
///
/// A line ends at a line break, at the brackets of `[[scene]]` and `{{note}}` markup, and after
/// a `.`, `?` or `!` followed by a space (so a transcript flattened into one line still has its
/// sentences). A speaker's label (`Voice outside frame:`: a colon followed by a space or the
/// end, within the first `labelLimit` bytes of a line) is a line of its own, so "Man: Someone is
/// WRONG on the Internet." has the line "Someone is WRONG on the Internet.", which a famous
/// quotation can fill (`ComicSearch`). The same goes for the `Title text:` label inside `{{…}}`.
struct TranscriptLines {
    /// How far into a line a colon may end a speaker's label.
    static let labelLimit = 40

    /// Where the current line starts.
    private var start = 0
    /// Whether the current line came after a label, so a colon in it is text.
    private var labelled = false

    /// Whether the byte at `index` of `bytes` (UTF-8) ends a line: a line break, a bracket, or
    /// punctuation that ends a sentence or a label, which is then part of no line's words. Call
    /// it for every index in order, from 0.
    mutating func endsLine(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let followedBySpace = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: " ")
        switch bytes[index] {
        case UInt8(ascii: "\n"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"):
            labelled = false
        case UInt8(ascii: "."), UInt8(ascii: "?"),
            UInt8(ascii: "!") where followedBySpace:
            labelled = false
        case UInt8(ascii: ":")
        where !labelled && index - start <= Self.labelLimit
            && (index + 1 == bytes.count || followedBySpace):
            labelled = true
        default: return false
        }
        start = index + 1
        return true
    }

    /// Calls `body` with the range of every line of `bytes` (UTF-8), in order; a range may be
    /// empty or hold only spaces and punctuation.
    static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var lines = TranscriptLines()
        var start = 0
        for index in 0..<bytes.count where lines.endsLine(at: index, in: bytes) {
            body(start..<index)
            start = index + 1
        }
        body(start..<bytes.count)
    }
}
