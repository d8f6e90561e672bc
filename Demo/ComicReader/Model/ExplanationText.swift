import Foundation

/// An explainxkcd page turned from MediaWiki markup into plain text, in blocks to wrap: the
/// "Explanation" section first, then the other sections in the page's order.
///
/// Headings (`== Trivia ==`) become heading blocks; links show their label (`[[Decimal|base
/// ten]]` is "base ten", `[http://x hexadecimal]` is "hexadecimal"); templates are dropped,
/// except `{{w|…}}`, the wiki's link to Wikipedia, which shows its label too; files,
/// categories, tables, comments and footnotes (`<ref>`) go; bold and italic quotes go; HTML
/// is cleaned as display text is (`DisplayText`). `*` and `#` lines are list items and `:`
/// lines (the transcript's) lines of their own. A section left without text is dropped.
struct ExplanationText: Equatable, Sendable {
    /// A piece of the page to print.
    enum Block: Equatable, Sendable {
        /// A section's or subsection's title.
        case heading(String, level: Int)
        /// Running text.
        case paragraph(String)
        /// A list item, `depth` 1 for `*`, 2 for `**`.
        case item(String, depth: Int)
        /// A line of its own, such as a line of the transcript.
        case line(String)
    }

    /// The blocks in reading order.
    let blocks: [Block]

    /// The section shown first.
    static let firstSection = "Explanation"
    /// Templates that link to another wiki and show their last argument as text.
    static let linkTemplates: Set<String> = ["w", "wiki", "wikipedia", "tvtropes", "wiktionary"]
    /// Link prefixes whose links are not text (pictures, categories, other languages).
    static let hiddenNamespaces = ["file:", "image:", "category:", "media:"]

    /// Converts `wikitext`, the source of an explainxkcd page.
    init(wikitext: String) {
        let text = Self.removingTables(
            from: Self.removingTemplates(from: Self.removingNotes(from: wikitext)))
        var sections: [[Block]] = [[]]
        var paragraph: [String] = []
        func endParagraph() {
            let joined = DisplayText.line(paragraph.joined(separator: " "))
            if !joined.isEmpty { sections[sections.count - 1].append(.paragraph(joined)) }
            paragraph = []
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let (title, level) = Self.heading(line) {
                endParagraph()
                let heading = Block.heading(DisplayText.line(Self.inline(title)), level: level)
                if level <= 2 {
                    sections.append([heading])
                } else {
                    sections[sections.count - 1].append(heading)
                }
            } else if line.isEmpty {
                endParagraph()
            } else if let marker = line.first, "*#:;".contains(marker) {
                endParagraph()
                let depth = line.prefix { "*#:;".contains($0) }.count
                let content = DisplayText.line(Self.inline(String(line.dropFirst(depth))))
                guard !content.isEmpty else { continue }
                let block: Block =
                    marker == ":" || marker == ";" ? .line(content) : .item(content, depth: depth)
                sections[sections.count - 1].append(block)
            } else {
                paragraph.append(Self.inline(line))
            }
        }
        endParagraph()
        let kept = sections.filter { section in
            section.contains { if case .heading = $0 { false } else { true } }
        }
        let first = kept.firstIndex { section in
            if case .heading(let title, 2)? = section.first {
                return title.caseInsensitiveCompare(Self.firstSection) == .orderedSame
            }
            return false
        }
        var ordered = kept
        if let first { ordered.insert(ordered.remove(at: first), at: 0) }
        blocks = Array(ordered.joined())
    }

    /// `== Title ==` as its title and level (the number of `=` on each side).
    private static func heading(_ line: String) -> (String, Int)? {
        guard line.hasPrefix("=="), line.hasSuffix("=="), line.count > 4 else { return nil }
        let level = min(line.prefix { $0 == "=" }.count, line.reversed().prefix { $0 == "=" }.count)
        let title = line.dropFirst(level).dropLast(level).trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : (title, level)
    }

    /// `text` without comments and footnotes (`<ref>…</ref>`, `<ref … />`).
    private static func removingNotes(from text: String) -> String {
        var result = text
        for pattern in ["<!--[\\s\\S]*?-->", "<ref[^>]*/>", "<ref[^>]*>[\\s\\S]*?</ref>"] {
            result = result.replacingOccurrences(
                of: pattern, with: "", options: [.regularExpression, .caseInsensitive])
        }
        return result
    }

    /// `text` without its templates, nested ones included; a link template
    /// (`linkTemplates`) leaves its last argument.
    private static func removingTemplates(from text: String) -> String {
        var output = ""
        var stack: [String] = []  // the text of each template being read, innermost last
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("{{") {
                stack.append("")
                index = text.index(index, offsetBy: 2)
            } else if rest.hasPrefix("}}"), let inner = stack.popLast() {
                let shown = templateText(inner)
                if stack.isEmpty { output += shown } else { stack[stack.count - 1] += shown }
                index = text.index(index, offsetBy: 2)
            } else {
                if stack.isEmpty {
                    output.append(text[index])
                } else {
                    stack[stack.count - 1].append(text[index])
                }
                index = text.index(after: index)
            }
        }
        // An unclosed template is kept as text rather than lost.
        return output + stack.map { "{{" + $0 }.joined()
    }

    /// What the template with the text `inner` (between `{{` and `}}`) shows.
    private static func templateText(_ inner: String) -> String {
        let parts = inner.split(separator: "|", omittingEmptySubsequences: false)
        let name = parts[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard linkTemplates.contains(name), let last = parts.dropFirst().last else { return "" }
        return last.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` without tables (`{|` to `|}` on lines of their own), nested ones included.
    private static func removingTables(from text: String) -> String {
        var depth = 0
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("{|") {
                depth += 1
            } else if depth > 0 && trimmed.hasPrefix("|}") {
                depth -= 1
            } else if depth == 0 {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }

    /// One line's inline markup as text: links as their labels, no bold or italic quotes.
    static func inline(_ text: String) -> String {
        var result = replacingInternalLinks(in: text)
        result = result.replacingOccurrences(
            of: "\\[(?:https?:)?//[^\\s\\]]+\\s+([^\\]]+)\\]", with: "$1",
            options: .regularExpression)
        result = result.replacingOccurrences(
            of: "\\[(?:https?:)?//[^\\s\\]]+\\]", with: "", options: .regularExpression)
        result = result.replacingOccurrences(of: "'''", with: "")
        return result.replacingOccurrences(of: "''", with: "")
    }

    /// `[[target|label]]` as `label`, `[[target]]` as `target`; links to files and categories
    /// as nothing.
    private static func replacingInternalLinks(in text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "[["),
            let close = rest[open.upperBound...].range(of: "]]")
        {
            output += rest[..<open.lowerBound]
            let inner = rest[open.upperBound..<close.lowerBound]
            let target = inner.prefix { $0 != "|" }.lowercased()
            if !hiddenNamespaces.contains(where: { target.hasPrefix($0) }) {
                let label =
                    inner.split(separator: "|", omittingEmptySubsequences: false).last ?? inner
                output += label.hasPrefix(":") ? label.dropFirst() : label
            }
            rest = rest[close.upperBound...]
        }
        return output + rest
    }
}
