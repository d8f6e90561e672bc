/// The names of JPEG markers, for messages, and which frame types this decoder refuses.
enum JPEGMarker {
    /// `FF` and the code in hex (`FFC2`).
    static func name(_ code: UInt8) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return "FF" + (digits.count == 1 ? "0" : "") + digits
    }

    /// What a start-of-frame marker other than SOF0, SOF1 and SOF2 introduces, or nil for other
    /// markers. Each is a kind of JPEG this decoder does not handle.
    static func unsupportedFrame(_ code: UInt8) -> String? {
        switch code {
        case 0xC3: return "lossless (SOF3)"
        case 0xC5, 0xC6, 0xC7:
            return "hierarchical (SOF\(code - 0xC0))"
        case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
            return "arithmetic-coded (SOF\(code - 0xC0))"
        case 0xCC: return "arithmetic-coded (DAC)"
        default: return nil
        }
    }
}
