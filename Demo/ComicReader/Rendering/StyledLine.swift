/// One line of output whose styling is kept apart from its text, so its width is measured
/// on what the terminal will show and escape sequences are added only at the very end.
struct StyledLine: Sendable, Equatable {
    /// A run of text in one style.
    struct Segment: Sendable, Equatable {
        var text: String
        var style: TextStyle
    }

    var segments: [Segment]

    /// A line made of one run of `text` in `style` (an empty line by default).
    init(_ text: String = "", style: TextStyle = .plain) {
        segments = text.isEmpty ? [] : [Segment(text: text, style: style)]
    }

    /// A line made of the given runs.
    init(segments: [Segment]) {
        self.segments = segments
    }

    /// The visible text, without any styling.
    var plainText: String { segments.map(\.text).joined() }

    /// Columns the line takes on the terminal.
    var width: Int { DisplayWidth.of(plainText) }

    /// The text with each run styled (escape sequences only when `colorEnabled`).
    func rendered(colorEnabled: Bool) -> String {
        segments.map { $0.style.apply(to: $0.text, colorEnabled: colorEnabled) }.joined()
    }
}
