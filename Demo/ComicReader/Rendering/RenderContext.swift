/// Everything a `ComicRenderer` needs to know besides the comic: the space and the
/// capabilities of the output, which parts to show, and the reader's marks on the comic.
struct RenderContext: Sendable, Equatable {
    /// Narrowest layout the renderers draw; smaller widths are raised to this.
    static let minimumWidth = 20

    /// Columns available for a line.
    var width: Int
    /// Whether ANSI styles may be written.
    var colorEnabled: Bool
    /// Whether non-ASCII decorations (box drawing, `…`) may be written.
    var unicodeEnabled: Bool
    /// Whether to show the alt (title) text.
    var showsAlt: Bool
    /// Whether to show the transcript.
    var showsTranscript: Bool
    /// Whether the reader marked the comic as a favourite.
    var isFavorite: Bool
    /// Whether the reader has seen the comic before; unseen comics are marked "new".
    var isRead: Bool

    init(
        width: Int = Terminal.defaultWidth, colorEnabled: Bool = false, unicodeEnabled: Bool = true,
        showsAlt: Bool = true, showsTranscript: Bool = false, isFavorite: Bool = false,
        isRead: Bool = true
    ) {
        self.width = width
        self.colorEnabled = colorEnabled
        self.unicodeEnabled = unicodeEnabled
        self.showsAlt = showsAlt
        self.showsTranscript = showsTranscript
        self.isFavorite = isFavorite
        self.isRead = isRead
    }

    /// A context taking width, colour and Unicode support from `terminal`.
    init(
        terminal: Terminal, showsAlt: Bool = true, showsTranscript: Bool = false,
        isFavorite: Bool = false, isRead: Bool = true
    ) {
        self.init(
            width: terminal.width, colorEnabled: terminal.colorEnabled,
            unicodeEnabled: terminal.unicodeEnabled,
            showsAlt: showsAlt, showsTranscript: showsTranscript, isFavorite: isFavorite,
            isRead: isRead
        )
    }

    /// The width renderers lay out to: `width`, but at least `minimumWidth`.
    var layoutWidth: Int { max(width, Self.minimumWidth) }

    /// What marks cut-off text: `…`, or `...` when output is limited to ASCII.
    var ellipsis: String { Self.ellipsis(unicodeEnabled: unicodeEnabled) }

    /// What marks cut-off text on a terminal that does (`…`) or does not (`...`) take Unicode.
    static func ellipsis(unicodeEnabled: Bool) -> String { unicodeEnabled ? "…" : "..." }
}
