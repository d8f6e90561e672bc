/// What the reader draws above a comic's text: the comic's picture, a line saying why there
/// is none, or nothing.
enum ReaderPicture: Equatable, Sendable {
    /// Images are off (`--image none`): nothing above the text.
    case none
    /// The picture drawn with characters (half blocks or braille), one string per row; the
    /// rows may carry colour escapes and scroll with the comic's text.
    case lines([String])
    /// A terminal graphics escape (kitty or iTerm2) that draws the picture from the cursor
    /// into a box `rows` cells high; `erase` takes it off the screen again (empty when
    /// clearing the screen is enough).
    case escape(String, rows: Int, erase: String)
    /// One line instead of the picture: why it cannot be shown, or that it is on its way.
    case notice(String)
}
