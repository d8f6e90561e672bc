import Foundation

/// A small strict reader of JSON text that answers "where": the byte offset of the first
/// syntax error, and the offset at which the value at a coding path starts.
///
/// It only skips over values, never builds them; decoding stays with `JSONDecoder`.
struct JSONScanner {
    /// The first thing in the text that is not valid JSON.
    struct SyntaxError: Error, Equatable {
        let offset: Int
        let message: String
    }

    /// A number as written in the text, and where it starts.
    struct NumberFound: Equatable {
        let offset: Int
        let text: String
    }

    /// Deeper nesting than this is reported rather than recursed into.
    static let maximumDepth = 512

    let bytes: [UInt8]

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The first syntax error, or nil when the text is exactly one valid JSON value in UTF-8.
    func firstSyntaxError() -> SyntaxError? {
        var cursor = 0
        do throws(SyntaxError) {
            try skipValue(&cursor, depth: 0)
            skipWhitespace(&cursor)
            if cursor < bytes.count {
                throw SyntaxError(
                    offset: cursor,
                    message: "unexpected \(describeByte(at: cursor)) after the end of the data")
            }
        } catch {
            return error
        }
        return firstInvalidUTF8Offset().map { SyntaxError(offset: $0, message: "invalid UTF-8") }
    }

    /// The offset where the value at `path` starts, or nil if the path is not in the text.
    func offset(of path: [any CodingKey]) -> Int? {
        var cursor = 0
        skipWhitespace(&cursor)
        for key in path {
            guard cursor < bytes.count else { return nil }
            switch (bytes[cursor], key.intValue) {
            case (UInt8(ascii: "["), let index?):
                cursor += 1
                for _ in 0..<index {
                    guard (try? skipValue(&cursor, depth: 0)) != nil, consume(",", at: &cursor)
                    else { return nil }
                }
                skipWhitespace(&cursor)
            case (UInt8(ascii: "{"), _):
                cursor += 1
                guard findMember(key.stringValue, cursor: &cursor) else { return nil }
            default:
                return nil
            }
        }
        return cursor
    }

    /// The first number that is not a whole number in `Int`'s range, with its offset, in text
    /// without syntax errors (nil if there is none). Foundation on Linux rejects such a number
    /// in an `Int` field only as "not valid JSON", without saying where it is.
    func firstNumberOutsideInt() -> NumberFound? {
        var cursor = 0
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: "\""):
                // Digits inside strings are text, not numbers.
                guard (try? skipString(&cursor)) != nil else { return nil }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = cursor
                guard (try? skipNumber(&cursor)) != nil else { return nil }
                let text = String(decoding: bytes[start..<cursor], as: UTF8.self)
                if Int(text) == nil { return NumberFound(offset: start, text: text) }
            default:
                cursor += 1
            }
        }
        return nil
    }

    /// Moves `cursor` from inside an object to the value of member `name`; false if absent.
    /// Member names are compared as written, so a name spelled with escapes is not found.
    private func findMember(_ name: String, cursor: inout Int) -> Bool {
        let wanted = Array(name.utf8)
        while true {
            skipWhitespace(&cursor)
            let nameStart = cursor + 1
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\""),
                (try? skipString(&cursor)) != nil
            else { return false }
            let nameEnd = cursor - 1  // the closing quote
            guard consume(":", at: &cursor) else { return false }
            skipWhitespace(&cursor)
            if bytes[nameStart..<nameEnd].elementsEqual(wanted) {
                return true
            }
            guard (try? skipValue(&cursor, depth: 0)) != nil, consume(",", at: &cursor) else {
                return false
            }
        }
    }

    // MARK: Skipping values

    /// Skips the value at `cursor` (after whitespace), `depth` containers deep.
    private func skipValue(_ cursor: inout Int, depth: Int) throws(SyntaxError) {
        skipWhitespace(&cursor)
        guard cursor < bytes.count else {
            throw SyntaxError(offset: cursor, message: "unexpected end of data, expected a value")
        }
        switch bytes[cursor] {
        case UInt8(ascii: "{"): try skipContainer(&cursor, depth: depth, close: "}", isObject: true)
        case UInt8(ascii: "["):
            try skipContainer(&cursor, depth: depth, close: "]", isObject: false)
        case UInt8(ascii: "\""): try skipString(&cursor)
        case UInt8(ascii: "t"): try skipLiteral("true", &cursor)
        case UInt8(ascii: "f"): try skipLiteral("false", &cursor)
        case UInt8(ascii: "n"): try skipLiteral("null", &cursor)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber(&cursor)
        default:
            throw SyntaxError(
                offset: cursor, message: "unexpected \(describeByte(at: cursor)), expected a value")
        }
    }

    /// Skips an object or array whose opening bracket is at `cursor`.
    private func skipContainer(
        _ cursor: inout Int, depth: Int, close: Unicode.Scalar, isObject: Bool
    ) throws(SyntaxError) {
        guard depth < Self.maximumDepth else {
            throw SyntaxError(
                offset: cursor, message: "nesting deeper than \(Self.maximumDepth) levels")
        }
        cursor += 1
        skipWhitespace(&cursor)
        if consume(close, at: &cursor) { return }
        while true {
            if isObject {
                skipWhitespace(&cursor)
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else {
                    throw expected("a member name in quotes", at: cursor)
                }
                try skipString(&cursor)
                guard consume(":", at: &cursor) else { throw expected("':'", at: cursor) }
            }
            try skipValue(&cursor, depth: depth + 1)
            if consume(",", at: &cursor) { continue }
            if consume(close, at: &cursor) { return }
            throw expected("',' or '\(close)'", at: cursor)
        }
    }

    /// Skips a string whose opening quote is at `cursor`, checking its escapes.
    private func skipString(_ cursor: inout Int) throws(SyntaxError) {
        let start = cursor
        cursor += 1
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: "\""):
                cursor += 1
                return
            case UInt8(ascii: "\\"):
                try skipEscape(&cursor)
            case 0..<0x20:
                throw SyntaxError(
                    offset: cursor, message: "unescaped control character in a string")
            default:
                cursor += 1
            }
        }
        throw SyntaxError(
            offset: cursor,
            message: "unexpected end of data inside the string starting at byte \(start)")
    }

    /// Skips the escape sequence whose backslash is at `cursor`; a sequence cut short by
    /// the end of the data moves `cursor` to the end.
    private func skipEscape(_ cursor: inout Int) throws(SyntaxError) {
        let escaped = cursor + 1
        guard escaped < bytes.count else {
            cursor = bytes.count
            return
        }
        switch bytes[escaped] {
        case UInt8(ascii: "u"):
            let end = min(escaped + 5, bytes.count)
            guard bytes[(escaped + 1)..<end].allSatisfy(\.isHexDigit) else {
                throw SyntaxError(
                    offset: cursor, message: "\\u must be followed by four hex digits")
            }
            cursor = end
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            cursor = escaped + 1
        default:
            throw SyntaxError(
                offset: cursor, message: "invalid escape \\\(describeByte(at: escaped)) in a string"
            )
        }
    }

    /// Skips `true`, `false` or `null`, which must be spelled out in full.
    private func skipLiteral(_ literal: String, _ cursor: inout Int) throws(SyntaxError) {
        let expected = Array(literal.utf8)
        guard bytes[cursor...].starts(with: expected) else {
            throw SyntaxError(
                offset: cursor, message: "unexpected \(describeByte(at: cursor)), expected a value")
        }
        cursor += expected.count
    }

    /// Skips `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private func skipNumber(_ cursor: inout Int) throws(SyntaxError) {
        func isDigit(_ offset: Int) -> Bool {
            offset < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
        }
        func skipDigits() throws(SyntaxError) {
            guard isDigit(cursor) else { throw expected("a digit", at: cursor) }
            while isDigit(cursor) { cursor += 1 }
        }
        _ = consumeByte("-", at: &cursor)
        if consumeByte("0", at: &cursor) {
            if isDigit(cursor) {
                throw SyntaxError(offset: cursor, message: "a number must not have leading zeros")
            }
        } else {
            try skipDigits()
        }
        if consumeByte(".", at: &cursor) { try skipDigits() }
        if consumeByte("e", at: &cursor) || consumeByte("E", at: &cursor) {
            _ = consumeByte("+", at: &cursor) || consumeByte("-", at: &cursor)
            try skipDigits()
        }
    }

    // MARK: Small steps

    /// Skips JSON's four whitespace characters.
    private func skipWhitespace(_ cursor: inout Int) {
        while cursor < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[cursor]) { cursor += 1 }
    }

    /// Skips whitespace, then `scalar` if it is next; reports whether it was.
    private func consume(_ scalar: Unicode.Scalar, at cursor: inout Int) -> Bool {
        skipWhitespace(&cursor)
        return consumeByte(scalar, at: &cursor)
    }

    /// Skips `scalar` if it is exactly at `cursor`; reports whether it was.
    private func consumeByte(_ scalar: Unicode.Scalar, at cursor: inout Int) -> Bool {
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: scalar) else { return false }
        cursor += 1
        return true
    }

    /// "unexpected X, expected `what`" at `offset`.
    private func expected(_ what: String, at offset: Int) -> SyntaxError {
        SyntaxError(
            offset: offset, message: "unexpected \(describeByte(at: offset)), expected \(what)")
    }

    /// Names the byte at `offset` for a message: a quoted printable character, a hex code,
    /// or "end of data".
    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of data" }
        let byte = bytes[offset]
        if (0x21..<0x7F).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, if any.
    private func firstInvalidUTF8Offset() -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
