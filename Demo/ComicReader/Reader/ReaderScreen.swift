/// The reader's screen as lines, before any terminal is involved: the comic's picture above its
/// text, both scrolling together. A value, so the layout and the escapes that draw it can be
/// tested without a terminal.
struct ReaderScreen: Equatable {
    /// One line of the scrollable body.
    enum Line: Equatable {
        /// Text (which may carry colour escapes), drawn on one row.
        case text(String)
        /// A graphics escape drawing a picture `rows` rows high from this line down; `erase`
        /// takes it off the screen again.
        case graphic(String, rows: Int, erase: String)
        /// A row under a graphic, which the picture covers.
        case covered
    }

    /// The body's lines, first to last; the screen shows a window of them.
    let lines: [Line]

    /// The most rows a graphic (kitty, iTerm2) may take on a screen `screenRows` high: the rows
    /// above the status line, since a graphic is drawn only when all of it is in view. Text
    /// pictures have no such limit: they scroll with the comic's text.
    static func pictureRowLimit(screenRows: Int) -> Int {
        bodyRows(screenRows: screenRows)
    }

    /// Rows for the body on a screen `screenRows` high: all but the status line.
    static func bodyRows(screenRows: Int) -> Int {
        max(1, screenRows - 1)
    }

    /// A screen of `lines` as they are; `ReaderScreen(lines: [])` is the blank screen.
    init(lines: [Line]) {
        self.lines = lines
    }

    /// `heading` (one line, when given), then `picture`, then `text` (the rendered comic, lines
    /// separated by newlines) for a screen `screenRows` × `columns`. A text picture is kept
    /// whole; a graphic taller than the limit (the window shrank) becomes a line saying so; a
    /// notice becomes one line cut to the width.
    init(
        heading: String? = nil, text: String, picture: ReaderPicture, screenRows: Int, columns: Int
    ) {
        let limit = Self.pictureRowLimit(screenRows: screenRows) - (heading == nil ? 0 : 1)
        var lines: [Line] = heading.map { [.text($0)] } ?? []
        switch picture {
        case .none:
            break
        case .lines(let rows):
            lines += rows.map(Line.text)
        case .escape(let escape, let rows, let erase) where rows <= limit:
            lines +=
                [.graphic(escape, rows: max(1, rows), erase: erase)]
                + Array(repeating: .covered, count: max(0, rows - 1))
        case .escape:
            lines += [
                Self.noticeLine(
                    "picture not shown, the window is too small for it", columns: columns)
            ]
        case .notice(let notice):
            lines += [Self.noticeLine(notice, columns: columns)]
        }
        lines += text.split(separator: "\n", omittingEmptySubsequences: false).map {
            .text(String($0))
        }
        self.lines = lines
    }

    /// The line that stands in for a picture: `note:` and the notice, cleaned of control
    /// characters and cut to fit `columns`.
    static func noticeLine(_ notice: String, columns: Int) -> Line {
        let clean = TerminalSanitizer.sanitize("note: " + notice, keepingNewlines: false)
        return .text(DisplayWidth.truncated(clean, toWidth: max(1, columns - 1), ellipsis: "…"))
    }

    /// The first line shown when scrolled to `offset`, kept within the lines for `bodyRows` rows.
    func clampedOffset(_ offset: Int, bodyRows: Int) -> Int {
        max(0, min(offset, lines.count - bodyRows))
    }

    /// What to write to show the lines from `offset` in the top `bodyRows` rows of a window
    /// `columns` wide: first `previousErase` (what takes the last frame's graphic away), then a
    /// cleared screen and each visible line at its row, a line wider than the window cut to
    /// end with "…". A graphic is drawn only when all its rows are in view (scrolled partly
    /// away, it leaves its rows blank). Also returns what erases this frame's graphic, for the
    /// next frame and for leaving the screen.
    func frame(offset: Int, bodyRows: Int, columns: Int, previousErase: String) -> (
        output: String, erase: String
    ) {
        let first = clampedOffset(offset, bodyRows: bodyRows)
        var output = previousErase + "\u{1B}[H\u{1B}[2J"
        var erase = ""
        for (row, index) in (first..<min(lines.count, first + bodyRows)).enumerated() {
            switch lines[index] {
            case .text(let text):
                output +=
                    "\u{1B}[\(row + 1);1H" + TerminalLineCutter.cut(text, toWidth: columns)
            case .graphic(let escape, let rows, let graphicErase):
                guard row + rows <= bodyRows else { continue }
                output += "\u{1B}[\(row + 1);1H" + escape
                erase += graphicErase
            case .covered:
                continue
            }
        }
        return (output, erase)
    }
}
