import Foundation

/// Turns text into the form search compares: lowercase words without diacritics, as UTF-8
/// bytes, separated by single spaces ("Schrödinger's Cat-Box!" becomes `schrodingers cat box`).
///
/// Letters and digits make words; apostrophes (`'`, `’`) are dropped so "don't" is one word;
/// everything else separates words. ASCII, nearly all of xkcd's text, is mapped byte by byte;
/// any other character is folded once with Foundation (case and diacritics) and remembered,
/// which keeps normalising a whole archive fast.
struct SearchNormalizer {
    /// The space that separates words.
    static let space: UInt8 = 0x20
    /// What each ASCII byte becomes: a lowercase letter or digit, `space` for a separator,
    /// `skip` for a character that is dropped.
    private static let asciiMap: [UInt8] = (0..<128).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) + 32
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            UInt8(byte)
        case UInt8(ascii: "'"): skip
        default: space
        }
    }
    /// Marks a dropped character in `asciiMap`.
    private static let skip: UInt8 = 0xFF
    /// Marks, in `asciiMap`, a byte that display cleaning may act on (`<`, `&`, ESC), which
    /// `appendPlainASCII` leaves to the caller.
    private static let unplain: UInt8 = 0xFE
    /// `asciiMap` with `unplain` marks, for `appendPlainASCII`.
    private static let plainMap: [UInt8] = asciiMap.enumerated().map { byte, mapped in
        [UInt8(ascii: "<"), UInt8(ascii: "&"), 0x1B].contains(UInt8(byte)) ? unplain : mapped
    }

    /// Separates the lines of a transcript in the normalised text (`appendPlainASCIILines`),
    /// standing between spaces like a word, though no word or needle ever contains it.
    static let lineBreak: UInt8 = 0x0A

    /// Appends the words of `text` to `output` as `append(_:to:)` does, and returns true, when
    /// `text` is plain ASCII: no byte above 0x7F and no `<`, `&` or ESC, which display
    /// cleaning would act on. Otherwise returns false and leaves `output` as it was. This is
    /// the fast path, one pass over the bytes, taken by nearly all of xkcd's text.
    static func appendPlainASCII(_ text: String, to output: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { appendPlainASCII($0, to: &output) }
    }

    /// `appendPlainASCII(_:to:)` for UTF-8 bytes.
    static func appendPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8])
        -> Bool
    {
        let endsWithSpace = output.last == space
        let original = output.count
        // Each word is preceded by at most one space, itself standing for at least one
        // separating byte (the first word's aside), so bytes.count + 1 is enough.
        output.append(contentsOf: repeatElement(0, count: bytes.count + 1))
        var isPlain = true
        var count = 0
        output.withUnsafeMutableBufferPointer { whole in
            let buffer = UnsafeMutableBufferPointer(rebasing: whole[original...])
            var separated = true
            plainMap.withUnsafeBufferPointer { map in
                for byte in bytes {
                    guard byte < 0x80 else {
                        isPlain = false
                        return
                    }
                    let mapped = map[Int(byte)]
                    if mapped == space {
                        separated = true
                    } else if mapped < 0x80 {
                        if separated && (count > 0 || !endsWithSpace) {
                            buffer[count] = space
                            count += 1
                        }
                        separated = false
                        buffer[count] = mapped
                        count += 1
                    } else if mapped == unplain {
                        isPlain = false
                        return
                    }
                }
            }
        }
        output.removeLast(output.count - original - (isPlain ? count : 0))
        return isPlain
    }

    /// Appends the words of the transcript `text` as `appendPlainASCII(_:to:)` does, with a
    /// `lineBreak` between its lines (`TranscriptLines`) that have words, and returns true when
    /// it is plain ASCII; otherwise returns false and leaves `output` as it was. One pass, as
    /// the index builds from nearly every transcript this way.
    static func appendPlainASCIILines(_ text: String, to output: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let endsWithSpace = output.last == space
            let original = output.count
            // A word takes at most one byte more than it had before it, and a line break two
            // more, after a line of at least two bytes: twice the input is enough.
            output.append(contentsOf: repeatElement(0, count: 2 * bytes.count + 1))
            var isPlain = true
            var count = 0
            output.withUnsafeMutableBufferPointer { whole in
                let buffer = UnsafeMutableBufferPointer(rebasing: whole[original...])
                var lines = TranscriptLines()
                var separated = true
                var lineHasWords = false
                var breakPending = false
                plainMap.withUnsafeBufferPointer { map in
                    for index in 0..<bytes.count {
                        let byte = bytes[index]
                        guard byte < 0x80, map[Int(byte)] != unplain else {
                            isPlain = false
                            return
                        }
                        if lines.endsLine(at: index, in: bytes) {
                            breakPending = breakPending || lineHasWords
                            lineHasWords = false
                            separated = true
                            continue
                        }
                        let mapped = map[Int(byte)]
                        if mapped == space {
                            separated = true
                        } else if mapped < 0x80 {
                            if breakPending {
                                buffer[count] = space
                                buffer[count + 1] = lineBreak
                                count += 2
                                breakPending = false
                            }
                            if separated && (count > 0 || !endsWithSpace) {
                                buffer[count] = space
                                count += 1
                            }
                            separated = false
                            lineHasWords = true
                            buffer[count] = mapped
                            count += 1
                        }
                    }
                }
            }
            output.removeLast(output.count - original - (isPlain ? count : 0))
            return isPlain
        }
    }

    /// Ends the line that `output` ends with: a space and `lineBreak`.
    static func appendLineBreak(to output: inout [UInt8]) {
        output.append(space)
        output.append(lineBreak)
    }

    /// Removes a `lineBreak` (and its space) that `output` ends with, as no line follows it.
    static func removeTrailingLineBreak(from output: inout [UInt8]) {
        if output.last == lineBreak { output.removeLast(2) }
    }

    /// The bytes each non-ASCII character seen so far folds to: word bytes, `[space]` for a
    /// separator, empty for a dropped character.
    private var folded: [UInt32: [UInt8]] = [:]

    /// Appends the words of `text` to `output`, a space before each word unless `output`
    /// already ends with one.
    mutating func append(_ text: String, to output: inout [UInt8]) {
        var separated = true
        let handledAsASCII = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            for byte in bytes {
                Self.appendMapped(Self.asciiMap[Int(byte)], to: &output, separated: &separated)
            }
            return true
        }
        if handledAsASCII == true { return }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                Self.appendMapped(
                    Self.asciiMap[Int(scalar.value)], to: &output, separated: &separated)
                continue
            }
            for byte in fold(scalar) {
                Self.appendMapped(byte, to: &output, separated: &separated)
            }
        }
    }

    /// The words of `text`, each as its bytes.
    mutating func words(_ text: String) -> [[UInt8]] {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return bytes.split(separator: Self.space).map(Array.init)
    }

    /// Appends one mapped byte: a word byte (after a space if a separator came before it), or
    /// a separator (remembered, so runs of separators give one space).
    private static func appendMapped(_ byte: UInt8, to output: inout [UInt8], separated: inout Bool)
    {
        if byte == skip { return }
        if byte == space {
            separated = true
            return
        }
        if separated {
            if output.last != space { output.append(space) }
            separated = false
        }
        output.append(byte)
    }

    /// What the non-ASCII `scalar` becomes, folded once and then remembered.
    private mutating func fold(_ scalar: Unicode.Scalar) -> [UInt8] {
        if let known = folded[scalar.value] { return known }
        var bytes: [UInt8] = []
        if scalar == "\u{2019}" {
            // A typographic apostrophe, dropped like the ASCII one.
        } else {
            let text = String(Character(scalar)).folding(
                options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            for part in text.unicodeScalars {
                if part.isASCII {
                    let mapped = Self.asciiMap[Int(part.value)]
                    if mapped != Self.skip { bytes.append(mapped) }
                } else if part.properties.isAlphabetic || part.properties.numericType != nil {
                    bytes += Array(part.properties.lowercaseMapping.utf8)
                } else {
                    bytes.append(Self.space)
                }
            }
        }
        folded[scalar.value] = bytes
        return bytes
    }
}
