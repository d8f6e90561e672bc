import Foundation

/// A comic's fields cleaned for display, plus the layout of the lines both renderers show
/// under the title (date and marks, image, alt text, transcript).
struct ComicPresentation: Sendable, Equatable {
    /// Where comic pages live; interactive comics point there instead of to an image.
    static let siteBase = "https://xkcd.com"

    let number: Int
    /// The title as one clean line (see `displayTitle(of:)`).
    let title: String
    /// `YYYY-MM-DD`, zero-padded.
    let date: String
    /// The image URL, or nil when the comic has no image file (an interactive comic).
    let imageURL: String?
    /// The alt text, cleaned, line breaks kept.
    let alt: String
    let transcript: Transcript

    init(_ comic: Comic) {
        number = comic.num
        title = Self.displayTitle(of: comic)
        date = Self.date(year: comic.year, month: comic.month, day: comic.day)
        imageURL = comic.imageFileURL
        alt = DisplayText.paragraphs(comic.alt)
        transcript = Transcript(raw: comic.transcript)
    }

    /// The title as one clean line: `title`, else `safe_title`, else `(untitled)`.
    static func displayTitle(of comic: Comic) -> String {
        [comic.title, comic.safeTitle].lazy.map(DisplayText.line).first { !$0.isEmpty }
            ?? "(untitled)"
    }

    /// The comic's page on the site, e.g. `https://xkcd.com/614/`.
    var pageURL: String { "\(Self.siteBase)/\(number)/" }

    /// Where explainxkcd explains comics; its wiki finds a comic by number.
    static let explanationBase = "https://www.explainxkcd.com/wiki/index.php"

    /// The comic's explanation on explainxkcd, e.g. `https://www.explainxkcd.com/wiki/index.php/614`.
    var explanationURL: String { "\(Self.explanationBase)/\(number)" }

    /// What the `img:` line says: the image URL, or that the comic is interactive and where to see it.
    var imageDescription: String {
        imageURL ?? "none, interactive comic: open \(pageURL)"
    }

    /// The API's string date fields as `YYYY-MM-DD`. Numbers are zero-padded; a field that is
    /// not a number is shown cleaned but as it is, and a missing one as `?`.
    static func date(year: String, month: String, day: String) -> String {
        [(year, 4), (month, 2), (day, 2)].map { field, digits in
            let text = DisplayText.line(field)
            guard let value = Int(text), value >= 0 else { return text.isEmpty ? "?" : text }
            let number = String(value)
            return String(repeating: "0", count: max(0, digits - number.count)) + number
        }.joined(separator: "-")
    }

    /// The lines under the title, wrapped to `width`. An image URL is broken across lines only
    /// when `wrapsLinks` is true; otherwise it stays whole so it can be copied or clicked.
    func bodyLines(context: RenderContext, width: Int, wrapsLinks: Bool) -> [StyledLine] {
        var marks: [String] = []
        if context.isFavorite { marks.append("favorite") }
        if !context.isRead { marks.append("new") }
        let dateLine = marks.isEmpty ? date : "\(date) (\(marks.joined(separator: ", ")))"
        var lines = TextWrapper.wrap(dateLine, width: width).map {
            StyledLine($0, style: .secondary)
        }
        if let imageURL, !wrapsLinks {
            lines.append(
                StyledLine(segments: [
                    .init(text: "img: ", style: .secondary), .init(text: imageURL, style: .link),
                ]))
        } else {
            lines += Self.labelled(
                "img:", imageDescription, width: width, style: imageURL == nil ? .plain : .link)
        }
        if context.showsAlt && !alt.isEmpty {
            lines += Self.labelled("alt:", alt, width: width, style: .plain)
        }
        if context.showsTranscript {
            lines += transcriptLines(width: width)
        }
        return lines
    }

    /// A blank line, a `transcript:` label and the transcript, scene descriptions in
    /// parentheses and dim.
    private func transcriptLines(width: Int) -> [StyledLine] {
        var lines = [StyledLine(), StyledLine("transcript:", style: .secondary)]
        if transcript.lines.isEmpty {
            lines.append(StyledLine("(none)", style: .secondary))
        }
        for line in transcript.lines {
            switch line {
            case .speech(let text):
                lines += TextWrapper.wrap(text, width: width).map { StyledLine($0) }
            case .scene(let text):
                lines += TextWrapper.wrap("(\(text))", width: width).map {
                    StyledLine($0, style: .secondary)
                }
            }
        }
        return lines
    }

    /// `text` wrapped to `width` after a dim `label`, continuation lines aligned under the text.
    private static func labelled(_ label: String, _ text: String, width: Int, style: TextStyle)
        -> [StyledLine]
    {
        let indent = String(repeating: " ", count: DisplayWidth.of(label) + 1)
        return TextWrapper.wrap(text, width: width - indent.count).enumerated().map { index, line in
            if index == 0 {
                return StyledLine(segments: [
                    .init(text: label + " ", style: .secondary), .init(text: line, style: style),
                ])
            }
            return line.isEmpty
                ? StyledLine() : StyledLine(segments: [.init(text: indent + line, style: style)])
        }
    }
}
