/// Repairs UTF-8 that was decoded as Latin-1 or Windows-1252 somewhere upstream: the three
/// bytes of "—" (E2 80 94) arrive as the three characters `â`, U+0080, U+0094 (or `â€”`), and
/// stripping the controls would leave `Oh dearâdid`. Each such run is decoded back into the
/// character it was (`Oh dear—did`).
///
/// A run is repaired only when it is a complete, well-formed UTF-8 sequence of two to four
/// bytes for a character outside ASCII: a lead character (`Â`–`ô`, U+00C2–U+00F4) followed by
/// exactly the continuation characters it needs (U+0080–U+00BF, or the Windows-1252 letters
/// standing for those bytes). Correct text almost never looks like that (`é` followed by two
/// C1 controls or by `€` and `™` does not occur in prose), so correct text passes unchanged.
///
/// Only transcripts are repaired: titles and alt texts keep xkcd's deliberate mojibake jokes.
enum MojibakeRepair {
    /// The Windows-1252 characters that stand for the bytes 0x80–0x9F (the rest of that range
    /// is the same as Latin-1's C1 controls).
    private static let windows1252: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86,
        0x2021: 0x87, 0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C,
        0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95,
        0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    /// `text` with every mis-decoded UTF-8 sequence decoded back; see the type's documentation.
    static func repair(_ text: String) -> String {
        // Fast path: every lead character (U+00C2–U+00F4) is encoded starting with the byte C3.
        guard text.utf8.contains(0xC3) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        result.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            if let (decoded, length) = decode(scalars, at: index) {
                result.append(decoded)
                index += length
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// The character a mis-decoded sequence at `index` stands for, and how many characters
    /// the sequence takes; nil when none starts there.
    private static func decode(_ scalars: [Unicode.Scalar], at index: Int) -> (
        Unicode.Scalar, Int
    )? {
        let lead = scalars[index].value
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard index + length <= scalars.count else { return nil }
        var bytes = [UInt8(lead)]
        for offset in 1..<length {
            guard let byte = continuationByte(scalars[index + offset]) else { return nil }
            bytes.append(byte)
        }
        // The standard decoder refuses overlong forms, surrogates and values past U+10FFFF.
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator),
            iterator.next() == nil
        else { return nil }
        return (scalar, length)
    }

    /// The byte 0x80–0xBF that `scalar` stands for when UTF-8 was read as Latin-1 or
    /// Windows-1252, else nil.
    private static func continuationByte(_ scalar: Unicode.Scalar) -> UInt8? {
        if (0x80...0xBF).contains(scalar.value) { return UInt8(scalar.value) }
        return windows1252[scalar.value]
    }
}
