/// A key press as the reader understands it, decoded from terminal bytes.
enum ReaderKey: Sendable, Equatable {
    /// A printable character (letters, digits, `?`, `/`, `*`, any Unicode character).
    case character(Character)
    case left, right, up, down, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Ctrl-C read as a byte (when the terminal does not turn it into SIGINT).
    case interrupt
    /// Ctrl-D, or standard input closed.
    case endOfInput
    /// A control byte or escape sequence the reader has no use for.
    case unknown
}
