/// Cuts a line that may carry escape sequences (colours of text or of half-block pictures) to
/// a number of columns, ending it with "…" when anything was cut.
///
/// With automatic wrap off, a terminal writes every character past the last column into that
/// column, so an uncut `…/comics/earth_temperature.png` shows as `…/comics/earthg`. Cutting
/// before writing, with an ellipsis, shows that the line goes on. Escape sequences take no
/// columns and are kept up to the cut; a cut line that set any ends with a reset (`ESC [0m`),
/// so its colour does not leak into the next one.
enum TerminalLineCutter {
    /// What ends a cut line.
    static let ellipsis = "…"
    /// Resets colours and styles.
    static let reset = "\u{1B}[0m"

    /// `line` if it fits in `width` columns, else as much of it as fits before an ellipsis.
    static func cut(_ line: String, toWidth width: Int) -> String {
        let width = max(1, width)
        // Fast path: a line with no more characters than columns fits.
        if line.utf8.count <= width { return line }
        let pieces = split(line)
        let total = pieces.reduce(0) { $0 + ($1.isEscape ? 0 : DisplayWidth.of($1.text)) }
        if total <= width { return line }
        let budget = width - DisplayWidth.of(ellipsis)
        var kept = ""
        var used = 0
        var sawEscape = false
        cutting: for piece in pieces {
            if piece.isEscape {
                kept += piece.text
                sawEscape = true
                continue
            }
            for character in piece.text {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > budget { break cutting }
                kept.append(character)
                used += characterWidth
            }
        }
        return kept + ellipsis + (sawEscape ? reset : "")
    }

    /// `line` as alternating runs of text and whole escape sequences.
    private static func split(_ line: String) -> [(text: String, isEscape: Bool)] {
        let scalars = Array(line.unicodeScalars)
        var pieces: [(text: String, isEscape: Bool)] = []
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let end = EscapeSequence.end(in: scalars, from: index) {
                if !text.isEmpty { pieces.append((String(text), false)) }
                text = String.UnicodeScalarView()
                pieces.append((String(String.UnicodeScalarView(scalars[index..<end])), true))
                index = end
            } else {
                text.append(scalars[index])
                index += 1
            }
        }
        if !text.isEmpty { pieces.append((String(text), false)) }
        return pieces
    }
}
