/// Makes text safe to write to a terminal.
///
/// Text from the API or the cache is untrusted: an escape sequence (`\u{1B}[31m`) could recolour
/// the text, move the cursor or retitle the window, other C0/C1 controls can ring bells or switch
/// character sets, and bidi controls (U+202E and friends) can make a line display in a different
/// order than it is stored. All of those are removed, escape sequences whole (see
/// `EscapeSequence`), so `Red \u{1B}[31mRED\u{1B}[0m` becomes `Red RED` and leaves no `[31m`
/// behind. Line endings are normalised: CR LF, lone CR, U+2028 and U+2029 become `\n`, which is
/// kept only when the caller wants lines (otherwise it becomes a space); a tab becomes a space.
/// Everything else, including mojibake such as `CafÃ©`, is left as it is.
enum TerminalSanitizer {
    /// Returns `text` without escape sequences, control and bidi characters; see the type's
    /// documentation.
    static func sanitize(_ text: String, keepingNewlines: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        result.reserveCapacity(scalars.count)
        let lineBreak: Unicode.Scalar = keepingNewlines ? "\n" : " "
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let end = EscapeSequence.end(in: scalars, from: index) {
                index = end
                continue
            }
            index += 1
            switch scalar {
            case "\r" where index < scalars.count && scalars[index] == "\n":
                continue
            case "\n", "\r", "\u{2028}", "\u{2029}":
                result.append(lineBreak)
            case "\t":
                result.append(" ")
            default:
                if !isControl(scalar) && !isBidiControl(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// C0 controls, DEL and C1 controls (U+0000–U+001F, U+007F–U+009F).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Characters that change the display order of text: embeddings and overrides
    /// (U+202A–U+202E), isolates (U+2066–U+2069), the marks LRM, RLM and ALM.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
