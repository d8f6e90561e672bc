/// Where the lines of a raw transcript start and end, as search sees them: what one speaker
/// says, one scene description, one title-text line.
///
/// A line ends at a line break and at the brackets of `[[scene]]` and `{{note}}` markup. A
/// speaker's label (`Voice outside frame:`: a colon followed by a space or the end, within the
/// first `labelLimit` bytes of a line) is a line of its own, so "Man: Someone is WRONG on the
/// Internet." has the line "Someone is WRONG on the Internet.", which a famous quotation can
/// fill (`ComicSearch`). The same goes for the `Title text:` label inside `{{…}}`.
enum TranscriptLines {
    /// How far into a line a colon may end a speaker's label.
    static let labelLimit = 40

    /// Calls `body` with the range of every line of `bytes` (UTF-8), in order; a range may be
    /// empty or hold only spaces and punctuation.
    static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = 0
        var labelled = false
        for index in 0..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"):
                body(start..<index)
                start = index + 1
                labelled = false
            case UInt8(ascii: ":")
            where !labelled && index - start <= labelLimit
                && (index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: " ")):
                body(start..<index)
                start = index + 1
                labelled = true
            default: break
            }
        }
        body(start..<bytes.count)
    }
}
