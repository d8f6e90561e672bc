import Foundation

/// The `--json` output: comics in exactly the API's JSON shape, pretty-printed with sorted keys
/// so the same data always gives the same bytes.
///
/// The text is lossless (decoding it gives back the same `Comic` values) and still safe to show
/// on a terminal: the encoder already escapes C0 controls, and this type additionally writes
/// C1 controls, bidi controls and U+2028/U+2029 as `\uXXXX` escapes. Those characters can only
/// occur inside JSON strings here (keys are plain ASCII), where the escape means the same thing.
enum ComicJSONOutput {
    /// Encoding a comic failed; no realistic comic triggers this, but it is reported, not fatal.
    struct EncodingFailure: Error, Equatable, CustomStringConvertible {
        /// What could not be encoded and why.
        var reason: String
        var description: String { "cannot write comics as JSON: \(reason)" }
    }

    /// One comic as a JSON object.
    static func encode(_ comic: Comic) throws(EncodingFailure) -> String {
        try encodeValue(comic)
    }

    /// A list of comics as a JSON array, in the given order.
    static func encode(_ comics: [Comic]) throws(EncodingFailure) -> String {
        try encodeValue(comics)
    }

    /// Shared encoder settings and escaping.
    private static func encodeValue(_ value: some Encodable) throws(EncodingFailure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw EncodingFailure(reason: String(describing: error))
        }
        var escaped = String.UnicodeScalarView()
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            // C0 controls never get here unescaped except the pretty printer's own newlines,
            // so only DEL and above need looking at.
            let unsafe =
                TerminalSanitizer.isControl(scalar) || TerminalSanitizer.isBidiControl(scalar)
                || scalar == "\u{2028}" || scalar == "\u{2029}"
            if scalar.value >= 0x7F && unsafe {
                escaped.append(contentsOf: "\\u\(hex4(scalar.value))".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// `value` as four lowercase hex digits (it is below 0x10000 here).
    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
