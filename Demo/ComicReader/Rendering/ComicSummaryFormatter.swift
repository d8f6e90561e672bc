/// One line per comic for `list` and `search` results:
///
///       395  Rule of Thumb
///     * 614  Woodpecker
///
/// A mark column (`*` for a favourite), the number right-aligned so a column of results lines
/// up, two spaces, then the cleaned title. The whole line is cut to `width` with an ellipsis.
struct ComicSummaryFormatter: Sendable {
    /// Columns available for a line.
    var width: Int
    /// Digits reserved for the number column.
    var numberWidth: Int
    /// What marks a cut-off title.
    var ellipsis: String
    /// Whether the date (`YYYY-MM-DD`) comes between the number and the title (`list --dates`).
    var showsDates = false

    /// A formatter whose number column fits every comic in `comics` (at least 3 digits).
    init(width: Int, comics: [Comic], unicodeEnabled: Bool) {
        let widest = comics.map { String($0.num).count }.max() ?? 0
        self.width = width
        self.numberWidth = max(3, widest)
        self.ellipsis = RenderContext.ellipsis(unicodeEnabled: unicodeEnabled)
    }

    /// The summary line of `comic`.
    func line(for comic: Comic, isFavorite: Bool = false) -> String {
        let number = String(comic.num)
        let padding = String(repeating: " ", count: max(0, numberWidth - number.count))
        var title = ComicPresentation.displayTitle(of: comic)
        if showsDates {
            title =
                ComicPresentation.date(year: comic.year, month: comic.month, day: comic.day)
                + "  " + title
        }
        let line = (isFavorite ? "*" : " ") + " " + padding + number + "  " + title
        return DisplayWidth.truncated(line, toWidth: max(1, width), ellipsis: ellipsis)
    }
}
