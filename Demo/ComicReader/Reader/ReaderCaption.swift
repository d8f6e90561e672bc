/// The reader's words around a comic's picture: the heading above it (number, title, date and
/// marks) and, below it, what the picture does not say: the alt text, and notes on what the
/// terminal cannot show (an interactive comic, a larger version behind a link) and how to see it.
struct ReaderCaption: Equatable {
    /// One line: `#1732  Earth Temperature Timeline  2016-09-12`, then marks.
    let heading: String
    /// The alt text wrapped to the width, the first line starting `alt: `.
    let alt: [String]
    /// Lines on what the reader misses, wrapped to the width.
    let notes: [String]

    /// The caption of `comic` for a screen `width` columns wide, with the reader's marks.
    init(comic: Comic, width: Int, isFavorite: Bool, isRead: Bool) {
        let presentation = ComicPresentation(comic)
        var marks: [String] = []
        if isFavorite { marks.append("favorite") }
        if !isRead { marks.append("new") }
        heading =
            "#\(presentation.number)  \(presentation.title)  \(presentation.date)"
            + (marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))")
        let width = max(RenderContext.minimumWidth, width)
        alt =
            presentation.alt.isEmpty
            ? [] : TextWrapper.wrap(presentation.alt, width: width, prefix: "alt: ")
        var notes: [String] = []
        if InteractiveComics.isInteractive(comic) {
            let what =
                comic.imageFileURL == nil
                ? "interactive comic, nothing to show here"
                : "interactive comic, shown here as one still frame"
            notes.append("\(what): open \(presentation.pageURL) in a browser (key o)")
        }
        let link = DisplayText.line(comic.link)
        if !link.isEmpty {
            notes.append("more behind the comic's link (a larger version, say): open \(link)")
        }
        self.notes = notes.flatMap { TextWrapper.wrap($0, width: width) }
    }
}
