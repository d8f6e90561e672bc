/// An explanation (`ExplanationText`) laid out as terminal lines: headings on lines of their
/// own after a blank line, paragraphs wrapped to the width with a blank line between them, list
/// items after a bullet (`•`, or `*` without Unicode) with wrapped lines aligned under their
/// text, and lines of their own (a transcript's) wrapped as they are.
enum ExplanationLayout {
    /// The lines of `text` for a terminal `width` columns wide.
    static func lines(of text: ExplanationText, width: Int, unicode: Bool) -> [String] {
        var lines: [String] = []
        var previous: ExplanationText.Block?
        for block in text.blocks {
            switch block {
            case .heading(let title, _):
                if !lines.isEmpty { lines.append("") }
                lines += TextWrapper.wrap(title, width: width)
            case .paragraph(let paragraph):
                if case .heading? = previous {} else if !lines.isEmpty { lines.append("") }
                lines += TextWrapper.wrap(paragraph, width: width)
            case .item(let item, let depth):
                if case .paragraph? = previous { lines.append("") }
                let indent = String(repeating: "  ", count: depth - 1)
                let bullet = indent + (unicode ? "• " : "* ")
                lines += TextWrapper.wrap(item, width: width, prefix: bullet)
            case .line(let line):
                if case .paragraph? = previous { lines.append("") }
                lines += TextWrapper.wrap(line, width: width)
            }
            previous = block
        }
        return lines
    }
}
