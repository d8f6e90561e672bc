/// How large printed commands such as `show` draw a comic's picture.
///
/// By default a picture fills the terminal's width and is as tall as its shape asks, and the
/// output scrolls: a tall comic (1732 is 740 × 14,957 pixels) stays readable instead of
/// shrinking to a sliver. `--fit-screen` keeps the whole picture and the text under it on
/// one screen instead.
enum PictureFit: Sendable, Equatable {
    /// As wide as the terminal, as tall as the picture's shape asks (the default).
    case width
    /// Small enough that the picture and the comic's text fit on the screen together.
    case screen

    /// The most rows any picture takes, so that even a picture a few pixels wide and thousands
    /// high prints a bounded amount of text.
    static let rowCeiling = 5_000

    /// Rows left for the text under a picture fitted to the screen.
    static let rowsForText = 8

    /// The most rows a picture may take on a screen `screenRows` high.
    func maxRows(screenRows: Int) -> Int {
        switch self {
        case .width: Self.rowCeiling
        case .screen: max(Self.rowsForText, screenRows - Self.rowsForText)
        }
    }
}
