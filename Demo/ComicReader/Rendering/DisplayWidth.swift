/// How many terminal columns text occupies.
///
/// Measured per character (grapheme cluster): emoji shown as emoji and East Asian wide or
/// fullwidth characters take 2 columns; combining marks, format characters (ZWJ, variation
/// selectors) and controls take 0; everything else takes 1. East Asian "ambiguous" characters
/// count as 1, as in non-CJK locales. Text is expected to be on one line (`\n` counts 0).
enum DisplayWidth {
    /// Code point ranges with East Asian Width W or F (Unicode's EastAsianWidth.txt, condensed;
    /// emoji are recognised separately through their Emoji_Presentation property).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F200...0x1F202, 0x1F210...0x1F23B,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Columns taken by `text`.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// Columns taken by one character.
    static func of(_ character: Character) -> Int {
        // Plain ASCII, most of any text, needs no look at Unicode properties.
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji: presented as one by default, or asked to be by VARIATION SELECTOR-16.
        if scalars.contains(where: { $0.properties.isEmojiPresentation })
            || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
        {
            return 2
        }
        return scalars.reduce(0) { $0 + of($1) }
    }

    /// Columns taken by one code point on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul vowels and finals join the syllable before them.
        if (0x1160...0x11FF).contains(value) { return 0 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// `text` cut to at most `width` columns; when it had to be cut, `ellipsis` ends it
    /// (and is itself left out if even it does not fit).
    static func truncated(_ text: String, toWidth width: Int, ellipsis: String) -> String {
        guard of(text) > width else { return text }
        let ellipsisWidth = of(ellipsis)
        let useEllipsis = ellipsisWidth <= width
        let budget = useEllipsis ? width - ellipsisWidth : width
        var kept = ""
        var used = 0
        for character in text {
            let characterWidth = of(character)
            if used + characterWidth > budget { break }
            kept.append(character)
            used += characterWidth
        }
        return useEllipsis ? kept + ellipsis : kept
    }

    /// `text` followed by enough spaces to fill `width` columns (unchanged if already as wide).
    static func padded(_ text: String, toWidth width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
