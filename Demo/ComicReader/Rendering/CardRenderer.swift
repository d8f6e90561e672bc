/// A framed card, `#N  Title` centred in the top border:
///
///     ╭──────────── #614  Woodpecker ────────────╮
///     │ 2009-07-24 (favorite)                    │
///     │ img: https://imgs.xkcd.com/comics/woodpe │
///     │      cker.png                            │
///     │ alt: If you don't have an extension cord │
///     │      I can get that too. Because we're   │
///     │      friends! Right?                     │
///     ╰──────────────────────────────────────────╯
///
/// Every line of the card has the same display width: the layout width, capped at
/// `maximumWidth` so the card stays readable on wide terminals. A title too long for the
/// border is cut with an ellipsis. When the locale is not UTF-8 (`RenderContext.unicodeEnabled`
/// is false) the frame is drawn with ASCII `+`, `-` and `|` instead.
struct CardRenderer: ComicRenderer {
    /// Widest card drawn, in columns.
    static let maximumWidth = 80

    /// The characters a frame is drawn with.
    struct FrameGlyphs: Sendable, Equatable {
        var topLeft: String
        var topRight: String
        var bottomLeft: String
        var bottomRight: String
        var horizontal: String
        var vertical: String

        /// Rounded box-drawing corners, for UTF-8 terminals.
        static let rounded = FrameGlyphs(
            topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─",
            vertical: "│")
        /// Plain ASCII, for every other terminal.
        static let ascii = FrameGlyphs(
            topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-",
            vertical: "|")
    }

    func render(_ comic: Comic, context: RenderContext) -> String {
        let comic = ComicPresentation(comic)
        let glyphs = context.unicodeEnabled ? FrameGlyphs.rounded : FrameGlyphs.ascii
        let width = min(context.layoutWidth, Self.maximumWidth)
        let innerWidth = width - 4  // "│ " and " │"

        // The label leaves room for a corner, at least one rule and a space on each side.
        let heading = DisplayWidth.truncated(
            "#\(comic.number)  \(comic.title)", toWidth: width - 6, ellipsis: context.ellipsis)
        let rule = width - 4 - DisplayWidth.of(heading)
        let leftRule = String(repeating: glyphs.horizontal, count: rule / 2)
        let rightRule = String(repeating: glyphs.horizontal, count: rule - rule / 2)
        let top = StyledLine(segments: [
            .init(text: glyphs.topLeft + leftRule + " ", style: .plain),
            .init(text: heading, style: .title),
            .init(text: " " + rightRule + glyphs.topRight, style: .plain),
        ])
        let body = comic.bodyLines(context: context, width: innerWidth, wrapsLinks: true).map {
            line in
            let padding = String(repeating: " ", count: max(0, innerWidth - line.width))
            return StyledLine(
                segments: [.init(text: glyphs.vertical + " ", style: .plain)] + line.segments
                    + [.init(text: padding + " " + glyphs.vertical, style: .plain)])
        }
        let bottomRule = String(repeating: glyphs.horizontal, count: width - 2)
        let bottom = StyledLine(glyphs.bottomLeft + bottomRule + glyphs.bottomRight)
        return ([top] + body + [bottom])
            .map { $0.rendered(colorEnabled: context.colorEnabled) }
            .joined(separator: "\n")
    }
}
