/// Where a terminal escape sequence ends, so it can be removed whole (ECMA-48).
///
/// - CSI, `ESC [` or U+009B: parameter bytes (`0`–`?`), intermediate bytes (space–`/`) and one
///   final byte (`@`–`~`), e.g. `ESC [ 3 1 m`.
/// - OSC, `ESC ]` or U+009D, and the other control strings DCS (`ESC P`, U+0090), SOS (`ESC X`,
///   U+0098), PM (`ESC ^`, U+009E) and APC (`ESC _`, U+009F): everything up to the string
///   terminator (`ESC \` or U+009C; for OSC also BEL), e.g. `ESC ] 0 ; title BEL`.
/// - Any other `ESC`: intermediate bytes and one final byte, e.g. `ESC ( B` or `ESC 7`.
///
/// A sequence cut short ends at the end of its line: a terminal would swallow more, but the text
/// after a line break is kept so that one stray escape cannot hide the rest of a transcript.
enum EscapeSequence {
    /// The index just past the sequence starting at `start`, or nil when none starts there.
    static func end(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let first = scalars[start].value
        switch first {
        case 0x1B:
            guard start + 1 < scalars.count else { return start + 1 }
            let second = scalars[start + 1].value
            switch second {
            case 0x5B: return controlSequenceEnd(in: scalars, from: start + 2)
            case 0x5D: return controlStringEnd(in: scalars, from: start + 2, bellEnds: true)
            case 0x50, 0x58, 0x5E, 0x5F:
                return controlStringEnd(in: scalars, from: start + 2, bellEnds: false)
            default: return shortSequenceEnd(in: scalars, from: start + 1)
            }
        case 0x9B: return controlSequenceEnd(in: scalars, from: start + 1)
        case 0x9D: return controlStringEnd(in: scalars, from: start + 1, bellEnds: true)
        case 0x90, 0x98, 0x9E, 0x9F:
            return controlStringEnd(in: scalars, from: start + 1, bellEnds: false)
        default: return nil
        }
    }

    /// Past the final byte of a CSI whose parameters start at `index`.
    private static func controlSequenceEnd(in scalars: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index < scalars.count {
            let value = scalars[index].value
            if (0x40...0x7E).contains(value) { return index + 1 }
            // Anything but a parameter or intermediate byte ends a malformed sequence there.
            guard (0x20...0x3F).contains(value) else { return index }
            index += 1
        }
        return index
    }

    /// Past the terminator of a control string whose content starts at `index`.
    private static func controlStringEnd(
        in scalars: [Unicode.Scalar], from index: Int, bellEnds: Bool
    ) -> Int {
        var index = index
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07 where bellEnds, 0x9C: return index + 1
            case 0x1B:
                let next = index + 1 < scalars.count ? scalars[index + 1].value : 0
                return next == 0x5C ? index + 2 : index
            case 0x0A, 0x0D: return index
            default: index += 1
            }
        }
        return index
    }

    /// Past the final byte of a two- or three-character escape whose body starts at `index`.
    private static func shortSequenceEnd(in scalars: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) {
            index += 1
        }
        guard index < scalars.count, (0x30...0x7E).contains(scalars[index].value) else {
            return index
        }
        return index + 1
    }
}
