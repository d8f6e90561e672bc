/// Decodes HTML character references (`&amp;`, `&#8212;`, `&#x2014;`) in text from the API.
///
/// A reference is only decoded when it is complete: `&`, a known name or a number, then `;`.
/// Anything else (a bare `&`, `&unknown;`, `&amp` without the semicolon) stays exactly as written,
/// because titles such as "Ben & Jerry" are common and guessing would corrupt them.
/// Decoding is a single pass: `&amp;lt;` becomes the literal text `&lt;`.
enum HTMLEntityDecoder {
    /// Named references: all 252 of HTML 4 (Latin-1, symbols and Greek, punctuation), and
    /// `&apos;`; names are case-sensitive, as in HTML.
    static let namedEntities: [String: Unicode.Scalar] = [
        "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}", "iexcl": "¡",
        "cent": "¢", "pound": "£", "curren": "¤", "yen": "¥", "brvbar": "¦", "sect": "§",
        "uml": "¨", "copy": "©", "ordf": "ª", "laquo": "«", "not": "¬", "shy": "\u{AD}",
        "reg": "®", "macr": "¯", "deg": "°", "plusmn": "±", "sup2": "²", "sup3": "³",
        "acute": "´", "micro": "µ", "para": "¶", "middot": "·", "cedil": "¸", "sup1": "¹",
        "ordm": "º", "raquo": "»", "frac14": "¼", "frac12": "½", "frac34": "¾",
        "iquest": "¿", "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã",
        "Auml": "Ä", "Aring": "Å", "AElig": "Æ", "Ccedil": "Ç", "Egrave": "È",
        "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë", "Igrave": "Ì", "Iacute": "Í",
        "Icirc": "Î", "Iuml": "Ï", "ETH": "Ð", "Ntilde": "Ñ", "Ograve": "Ò",
        "Oacute": "Ó", "Ocirc": "Ô", "Otilde": "Õ", "Ouml": "Ö", "times": "×",
        "Oslash": "Ø", "Ugrave": "Ù", "Uacute": "Ú", "Ucirc": "Û", "Uuml": "Ü",
        "Yacute": "Ý", "THORN": "Þ", "szlig": "ß", "agrave": "à", "aacute": "á",
        "acirc": "â", "atilde": "ã", "auml": "ä", "aring": "å", "aelig": "æ",
        "ccedil": "ç", "egrave": "è", "eacute": "é", "ecirc": "ê", "euml": "ë",
        "igrave": "ì", "iacute": "í", "icirc": "î", "iuml": "ï", "eth": "ð",
        "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ",
        "ouml": "ö", "divide": "÷", "oslash": "ø", "ugrave": "ù", "uacute": "ú",
        "ucirc": "û", "uuml": "ü", "yacute": "ý", "thorn": "þ", "yuml": "ÿ", "OElig": "Œ",
        "oelig": "œ", "Scaron": "Š", "scaron": "š", "Yuml": "Ÿ", "fnof": "ƒ", "circ": "ˆ",
        "tilde": "˜", "Alpha": "Α", "Beta": "Β", "Gamma": "Γ", "Delta": "Δ",
        "Epsilon": "Ε", "Zeta": "Ζ", "Eta": "Η", "Theta": "Θ", "Iota": "Ι", "Kappa": "Κ",
        "Lambda": "Λ", "Mu": "Μ", "Nu": "Ν", "Xi": "Ξ", "Omicron": "Ο", "Pi": "Π",
        "Rho": "Ρ", "Sigma": "Σ", "Tau": "Τ", "Upsilon": "Υ", "Phi": "Φ", "Chi": "Χ",
        "Psi": "Ψ", "Omega": "Ω", "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ",
        "epsilon": "ε", "zeta": "ζ", "eta": "η", "theta": "θ", "iota": "ι", "kappa": "κ",
        "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π",
        "rho": "ρ", "sigmaf": "ς", "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ",
        "chi": "χ", "psi": "ψ", "omega": "ω", "thetasym": "ϑ", "upsih": "ϒ", "piv": "ϖ",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}",
        "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}", "ndash": "–", "mdash": "—",
        "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”",
        "bdquo": "„", "dagger": "†", "Dagger": "‡", "bull": "•", "hellip": "…",
        "permil": "‰", "prime": "′", "Prime": "″", "lsaquo": "‹", "rsaquo": "›",
        "oline": "‾", "frasl": "⁄", "euro": "€", "image": "ℑ", "weierp": "℘",
        "real": "ℜ", "trade": "™", "alefsym": "ℵ", "larr": "←", "uarr": "↑",
        "rarr": "→", "darr": "↓", "harr": "↔", "crarr": "↵", "lArr": "⇐",
        "uArr": "⇑", "rArr": "⇒", "dArr": "⇓", "hArr": "⇔", "forall": "∀",
        "part": "∂", "exist": "∃", "empty": "∅", "nabla": "∇", "isin": "∈",
        "notin": "∉", "ni": "∋", "prod": "∏", "sum": "∑", "minus": "−",
        "lowast": "∗", "radic": "√", "prop": "∝", "infin": "∞", "ang": "∠",
        "and": "∧", "or": "∨", "cap": "∩", "cup": "∪", "int": "∫", "there4": "∴",
        "sim": "∼", "cong": "≅", "asymp": "≈", "ne": "≠", "equiv": "≡", "le": "≤",
        "ge": "≥", "sub": "⊂", "sup": "⊃", "nsub": "⊄", "sube": "⊆", "supe": "⊇",
        "oplus": "⊕", "otimes": "⊗", "perp": "⊥", "sdot": "⋅", "lceil": "⌈",
        "rceil": "⌉", "lfloor": "⌊", "rfloor": "⌋", "lang": "〈", "rang": "〉",
        "loz": "◊", "spades": "♠", "clubs": "♣", "hearts": "♥", "diams": "♦",
        "apos": "'",
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
