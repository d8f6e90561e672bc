/// Turns raw API strings into text that is safe and pleasant to show in a terminal.
///
/// The steps run in this order, and the order matters:
/// 1. HTML tags are stripped first, so `&lt;b&gt;` (an escaped, literal `<b>`) survives as text;
/// 2. character references are decoded;
/// 3. controls and bidi characters are removed last, so `&#27;` or `&#x202E;` cannot smuggle them in;
/// 4. whitespace is tidied.
///
/// Mojibake (`CafÃ© Ã¼ber`) is shown as it is here: titles and alt texts use it as a joke.
/// Transcripts, where it is an accident, are repaired before they get here (`MojibakeRepair`).
enum DisplayText {
    /// A single line: line breaks become spaces, runs of spaces collapse, ends are trimmed.
    static func line(_ raw: String) -> String {
        let text = clean(raw, lineBreak: " ", keepingNewlines: false)
        return collapsingSpaces(text)
    }

    /// Multi-line text: explicit line breaks (`\n`, `<br />`) are kept, spaces inside each line
    /// collapse, at most one blank line separates paragraphs, leading and trailing blank lines go.
    static func paragraphs(_ raw: String) -> String {
        let text = clean(raw, lineBreak: "\n", keepingNewlines: true)
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let tidy = collapsingSpaces(String(line))
            if tidy.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(tidy)
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Steps 1–3 of the type's documentation.
    private static func clean(_ raw: String, lineBreak: String, keepingNewlines: Bool) -> String {
        let withoutTags = HTMLTagStripper.strip(raw, lineBreak: lineBreak)
        let decoded = HTMLEntityDecoder.decode(withoutTags)
        return TerminalSanitizer.sanitize(decoded, keepingNewlines: keepingNewlines)
    }

    /// Collapses runs of ASCII spaces into one and trims them at both ends (a no-break space
    /// is deliberately kept: it was put there to hold words together).
    private static func collapsingSpaces(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
