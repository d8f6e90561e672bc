/// Removes real HTML tags from API text while keeping angle-bracket text that is not HTML.
///
/// Whether `<…>` is a tag is decided by its name: only names in `knownTagNames` are removed, so
/// `<span style="…">House</span>` loses its markup but `<City>-Style Pizza` is kept word for word.
/// A tag must also be complete (closed by `>`, quoted attribute values may contain `>`).
/// HTML comments (`<!-- … -->`) are removed too.
enum HTMLTagStripper {
    /// Tag names that are treated as markup (compared lowercased).
    static let knownTagNames: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "big",
        "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col",
        "colgroup", "dd", "del", "dfn", "div", "dl", "dt", "em", "embed", "figcaption", "figure",
        "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html",
        "i", "iframe", "img", "input", "ins", "kbd", "label", "li", "link", "map", "mark", "meta",
        "nav", "noscript", "object", "ol", "p", "param", "picture", "pre", "q", "s", "samp",
        "script", "section", "small", "source", "span", "strike", "strong", "style", "sub", "sup",
        "svg", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "tt", "u", "ul",
        "var", "video", "wbr",
    ]

    /// Tags that end a line of text; they are replaced by the caller's line break instead of
    /// nothing, so `one<br />two` does not become `onetwo`.
    static let lineBreakingTagNames: Set<String> = [
        "br", "p", "div", "li", "tr", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
    ]

    /// Returns `text` without its HTML tags; line-breaking tags become `lineBreak`
    /// (a newline for multi-line text, a space for a single line).
    static func strip(_ text: String, lineBreak: String) -> String {
        guard text.contains("<") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "<", let (name, end) = tag(in: scalars, at: index) {
                if lineBreakingTagNames.contains(name) {
                    result.append(contentsOf: lineBreak.unicodeScalars)
                }
                index = end
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// Reads a known tag or a comment starting at the `<` at `start`; returns its lowercased
    /// name (empty for a comment) and the index just past its end, or nil when it is not one.
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        if let commentEnd = comment(in: scalars, at: start) { return ("", commentEnd) }
        var index = start + 1
        if index < scalars.count, scalars[index] == "/" { index += 1 }
        let nameStart = index
        while index < scalars.count, isNameCharacter(scalars[index]) { index += 1 }
        guard index > nameStart, index < scalars.count else { return nil }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
        guard knownTagNames.contains(name) else { return nil }
        // The name must end the word: `<bold>` is not `<b>` with attributes.
        let afterName = scalars[index]
        guard afterName == ">" || afterName == "/" || afterName.properties.isWhitespace else {
            return nil
        }
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return (name, index + 1)
            }
            index += 1
        }
        return nil
    }

    /// Index just past a complete `<!-- … -->` comment starting at `start`, or nil.
    private static func comment(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        let opener: [Unicode.Scalar] = ["<", "!", "-", "-"]
        guard scalars[start...].starts(with: opener) else { return nil }
        var index = start + opener.count
        while index + 2 < scalars.count {
            if scalars[index] == "-", scalars[index + 1] == "-", scalars[index + 2] == ">" {
                return index + 3
            }
            index += 1
        }
        return nil
    }

    /// Whether `scalar` may appear in a tag name (ASCII letters and digits).
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return false
        }
    }
}
