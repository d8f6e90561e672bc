/// Turns a comic into the text `comics show` prints.
///
/// The result has no trailing newline; every line fits `context.layoutWidth` unless the
/// renderer documents otherwise, and contains escape sequences only when `context.colorEnabled`.
protocol ComicRenderer: Sendable {
    /// The comic laid out for the terminal described by `context`.
    func render(_ comic: Comic, context: RenderContext) -> String
}
