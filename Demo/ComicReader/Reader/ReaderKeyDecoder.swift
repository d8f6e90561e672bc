/// Decodes the bytes a terminal sends for one key: ASCII, UTF-8 characters, and the
/// escape sequences of arrow and paging keys (`ESC [ A`, `ESC O D`, `ESC [ 5 ~`, …).
///
/// A lone Escape and the start of a sequence both begin with ESC; the caller's `next`
/// function tells them apart by returning nil when no further byte arrives promptly.
enum ReaderKeyDecoder {
    /// Decodes the key starting with `first`, reading the rest of it with `next`
    /// (nil: no more bytes now).
    static func decode(first: UInt8, next: () -> UInt8?) -> ReaderKey {
        switch first {
        case 0x1B: return escapeSequence(next: next)
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x09: return .tab
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x00..<0x20: return .unknown
        case 0x20..<0x80: return .character(Character(Unicode.Scalar(first)))
        default: return utf8Character(first: first, next: next)
        }
    }

    /// Decodes every key in `bytes`, for tests and scripted input.
    static func decodeAll(_ bytes: [UInt8]) -> [ReaderKey] {
        var index = 0
        var keys: [ReaderKey] = []
        func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
        while let first = next() { keys.append(decode(first: first, next: next)) }
        return keys
    }

    /// After ESC: `[` or `O` starts a sequence ending in a byte 0x40–0x7E; anything else
    /// (or nothing) means the Escape key itself.
    private static func escapeSequence(next: () -> UInt8?) -> ReaderKey {
        guard let introducer = next() else { return .escape }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return .escape
        }
        var parameters: [UInt8] = []
        while let byte = next() {
            if (0x40...0x7E).contains(byte) { return finalKey(byte, parameters: parameters) }
            parameters.append(byte)
            if parameters.count > 16 { break }  // not a sequence we know; stop reading it
        }
        return .unknown
    }

    /// The key a sequence's final byte (and parameters, for `~` sequences) names.
    private static func finalKey(_ byte: UInt8, parameters: [UInt8]) -> ReaderKey {
        switch Unicode.Scalar(byte) {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "~":
            switch String(decoding: parameters, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return .unknown
            }
        default: return .unknown
        }
    }

    /// A multi-byte UTF-8 character; malformed input is `.unknown`.
    private static func utf8Character(first: UInt8, next: () -> UInt8?) -> ReaderKey {
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .unknown
        }
        var bytes = [first]
        while bytes.count < length, let byte = next() {
            guard byte & 0xC0 == 0x80 else { return .unknown }
            bytes.append(byte)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.count == length, text.unicodeScalars.count == 1, text != "\u{FFFD}",
            let character = text.first
        else { return .unknown }
        return .character(character)
    }
}
