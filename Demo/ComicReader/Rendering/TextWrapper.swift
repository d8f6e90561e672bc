/// Word wrapping by display width.
///
/// Explicit `\n` line breaks are kept (an empty line stays an empty line). Within a line, words
/// are separated by runs of spaces (no-break spaces hold words together) and packed greedily.
/// A word wider than the width is broken between characters. No line is ever wider than the
/// width, with one unavoidable exception: a single character wider than the width itself
/// (a 2-column character at width 1) gets a line of its own.
enum TextWrapper {
    /// Lines of `text` wrapped to `width` columns (a width below 1 is treated as 1).
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrapLine($0, width: width) }
    }

    /// `text` wrapped to `width` with `prefix` before the first line and as many spaces before
    /// the others, e.g. `alt: ` with the following lines aligned under the text.
    static func wrap(_ text: String, width: Int, prefix: String) -> [String] {
        let prefixWidth = DisplayWidth.of(prefix)
        let indent = String(repeating: " ", count: prefixWidth)
        return wrap(text, width: width - prefixWidth).enumerated().map { index, line in
            index == 0 ? prefix + line : (line.isEmpty ? "" : indent + line)
        }
    }

    /// Wraps one line (no `\n` inside); always returns at least one, possibly empty, line.
    private static func wrapLine(_ line: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in line.split(separator: " ") {
            var word = String(word)
            var wordWidth = DisplayWidth.of(word)
            if currentWidth > 0 && currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if currentWidth > 0 {
                lines.append(current)
            }
            while wordWidth > width, word.count > 1 {
                let (head, tail) = split(word, width: width)
                lines.append(head)
                word = tail
                wordWidth = DisplayWidth.of(word)
            }
            current = word
            currentWidth = wordWidth
        }
        lines.append(current)
        return lines
    }

    /// Splits `word` after as many characters as fit in `width` (at least one, so the caller
    /// always makes progress).
    private static func split(_ word: String, width: Int) -> (String, String) {
        var used = 0
        var end = word.startIndex
        while end < word.endIndex {
            let characterWidth = DisplayWidth.of(word[end])
            if used + characterWidth > width && end > word.startIndex { break }
            used += characterWidth
            end = word.index(after: end)
        }
        return (String(word[..<end]), String(word[end...]))
    }
}
