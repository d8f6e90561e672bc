/// Decodes HTML character references (`&amp;`, `&#8212;`, `&#x2014;`) in text from the API.
///
/// A reference is only decoded when it is complete: `&`, a known name or a number, then `;`.
/// Anything else (a bare `&`, `&unknown;`, `&amp` without the semicolon) stays exactly as written,
/// because titles such as "Ben & Jerry" are common and guessing would corrupt them.
/// Decoding is a single pass: `&amp;lt;` becomes the literal text `&lt;`.
enum HTMLEntityDecoder {
    /// Named references the reader understands (names are case-sensitive, as in HTML).
    static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "eacute": "é", "Eacute": "É", "egrave": "è", "Egrave": "È", "ecirc": "ê", "euml": "ë",
        "agrave": "à", "Agrave": "À", "aacute": "á", "acirc": "â", "aring": "å", "aelig": "æ",
        "auml": "ä", "Auml": "Ä", "ouml": "ö", "Ouml": "Ö", "uuml": "ü", "Uuml": "Ü",
        "oacute": "ó", "ocirc": "ô", "oslash": "ø", "uacute": "ú", "ucirc": "û", "iacute": "í",
        "icirc": "î", "iuml": "ï", "szlig": "ß", "ccedil": "ç", "Ccedil": "Ç", "ntilde": "ñ",
        "Ntilde": "Ñ", "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "bull": "•", "middot": "·",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "times": "×", "divide": "÷",
        "plusmn": "±", "minus": "−", "ne": "≠", "le": "≤", "ge": "≥", "infin": "∞",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "sup2": "²", "sup3": "³", "micro": "µ",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "prime": "′",
        "Prime": "″", "shy": "\u{AD}",
    ]

    /// What HTML maps numeric references 128–159 to: browsers read them as Windows-1252, so
    /// `&#150;` means an en dash rather than an invisible C1 control.
    static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ",
        0x89: "‰", 0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“",
        0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›",
        0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
    ]

    /// Longest name looked up; longer runs of letters after `&` cannot be a known reference.
    private static let maximumNameLength = 8

    /// Returns `text` with every complete, known character reference replaced by its character.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var decoded = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (scalar, next) = reference(in: scalars, at: index) {
                decoded.append(scalar)
                index = next
            } else {
                decoded.append(scalars[index])
                index += 1
            }
        }
        return String(decoded)
    }

    /// Reads the reference whose `&` is at `start`; returns its character and the index just
    /// past the `;`, or nil when the text there is not a complete known reference.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (
        Unicode.Scalar, Int
    )? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            var radix = 10
            if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
                radix = 16
                index += 1
            }
            let digitsStart = index
            while index < scalars.count, isDigit(scalars[index], radix: radix) {
                index += 1
            }
            guard index > digitsStart, index < scalars.count, scalars[index] == ";" else {
                return nil
            }
            let digits = String(String.UnicodeScalarView(scalars[digitsStart..<index]))
            return (character(forCodePoint: UInt32(digits, radix: radix)), index + 1)
        }
        let nameStart = index
        while index < scalars.count, index - nameStart < maximumNameLength,
            isNameCharacter(scalars[index])
        {
            index += 1
        }
        guard index > nameStart, index < scalars.count, scalars[index] == ";" else { return nil }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
        guard let scalar = namedEntities[name] else { return nil }
        return (scalar, index + 1)
    }

    /// The character a numeric reference stands for; invalid numbers (zero, surrogates, too
    /// large, overflow) become U+FFFD REPLACEMENT CHARACTER, as browsers do.
    private static func character(forCodePoint codePoint: UInt32?) -> Unicode.Scalar {
        guard let codePoint, codePoint != 0 else { return "\u{FFFD}" }
        if let mapped = windows1252[codePoint] { return mapped }
        return Unicode.Scalar(codePoint) ?? "\u{FFFD}"
    }

    /// Whether `scalar` may appear in an entity name (ASCII letters and digits).
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return false
        }
    }

    /// Whether `scalar` is an ASCII digit in the given radix (10 or 16).
    private static func isDigit(_ scalar: Unicode.Scalar, radix: Int) -> Bool {
        switch scalar {
        case "0"..."9": return true
        case "a"..."f", "A"..."F": return radix == 16
        default: return false
        }
    }
}
