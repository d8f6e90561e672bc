/// Plain text, one fact per line:
///
///     #614  Woodpecker
///     2009-07-24
///     img: https://imgs.xkcd.com/comics/woodpecker.png
///     alt: If you don't have an extension cord I can get that too. Because we're
///          friends! Right?
///
/// Lines are wrapped to the layout width, except the image URL, which is kept whole so it
/// stays copyable (the terminal folds it if it must).
struct ClassicRenderer: ComicRenderer {
    func render(_ comic: Comic, context: RenderContext) -> String {
        let comic = ComicPresentation(comic)
        let width = context.layoutWidth
        let header = TextWrapper.wrap(comic.title, width: width, prefix: "#\(comic.number)  ")
            .map { StyledLine($0, style: .title) }
        let lines = header + comic.bodyLines(context: context, width: width, wrapsLinks: false)
        return lines.map { $0.rendered(colorEnabled: context.colorEnabled) }.joined(separator: "\n")
    }
}
