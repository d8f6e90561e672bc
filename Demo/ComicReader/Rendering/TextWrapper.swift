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
        wrap(text, width: width, measure: DisplayWidth.of)
    }

    /// Lines of `text` wrapped to `width` columns, each character's width told by `measure`.
    static func wrap(_ text: String, width: Int, measure: (Character) -> Int) -> [String] {
        let width = max(1, width)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrapLine($0, width: width, measure: measure) }
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
    /// Each character is measured once and copied once, so the work grows with the length of
    /// the line however long its words are.
    private static func wrapLine(
        _ line: Substring, width: Int, measure: (Character) -> Int
    ) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in line.split(separator: " ") {
            let widths = word.map(measure)
            let wordWidth = widths.reduce(0, +)
            if currentWidth > 0 && currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if currentWidth > 0 {
                lines.append(current)
            }
            current = ""
            currentWidth = 0
            guard wordWidth > width else {
                current = String(word)
                currentWidth = wordWidth
                continue
            }
            // Broken between characters: each piece takes as many as fit, at least one, and
            // the last piece starts the next line.
            for (character, characterWidth) in zip(word, widths) {
                if currentWidth + characterWidth > width && !current.isEmpty {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += characterWidth
            }
        }
        lines.append(current)
        return lines
    }
}
