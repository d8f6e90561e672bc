import Foundation

/// A comic transcript split into what is said and what is shown.
///
/// xkcd transcripts mark scene descriptions with `[[…]]` and end with `{{Title text: …}}`.
/// Scene descriptions become `.scene` lines (rendered in parentheses, dim when colour is on).
/// The title-text block is dropped, because the alt text is shown on its own `alt:` line and would
/// otherwise appear twice; any other `{{…}}` note is kept as a scene line. Unterminated markers
/// are ordinary text. UTF-8 mis-decoded upstream is repaired first (`MojibakeRepair`), then
/// every piece is cleaned with `DisplayText.line`, and empty lines are dropped.
struct Transcript: Sendable, Equatable {
    /// One line of a transcript.
    enum Line: Sendable, Equatable {
        /// Spoken or written text in the comic, e.g. `Cueball: Hi.`
        case speech(String)
        /// A description of what the panel shows, without its brackets.
        case scene(String)
    }

    /// Labels that mark a `{{…}}` block as the comic's title (alt) text, compared lowercased.
    static let titleTextLabels = ["title text", "title-text", "alt text", "alt-text", "alt:"]

    /// The lines in reading order.
    var lines: [Line]

    /// Parses the transcript markup of the API's `transcript` field.
    init(raw: String) {
        var lines: [Line] = []
        var pendingSpeech = ""
        var rest = Substring(MojibakeRepair.repair(raw))

        /// Moves the collected plain text into `lines`, one `.speech` per non-empty line.
        func flushSpeech() {
            for line in pendingSpeech.split(whereSeparator: \.isNewline) {
                let text = DisplayText.line(String(line))
                if !text.isEmpty { lines.append(.speech(text)) }
            }
            pendingSpeech = ""
        }

        while let open = Self.nextOpener(in: rest) {
            let closer = rest[open.range].hasPrefix("[[") ? "]]" : "}}"
            guard let close = rest[open.range.upperBound...].range(of: closer) else {
                // No closing marker: the opener is ordinary text; keep looking after it.
                pendingSpeech += rest[..<open.range.upperBound]
                rest = rest[open.range.upperBound...]
                continue
            }
            pendingSpeech += rest[..<open.range.lowerBound]
            flushSpeech()
            let inner = String(rest[open.range.upperBound..<close.lowerBound])
            let text = DisplayText.line(inner)
            if !text.isEmpty && !(open.isNote && Self.isTitleText(text)) {
                lines.append(.scene(text))
            }
            rest = rest[close.upperBound...]
        }
        pendingSpeech += rest
        flushSpeech()
        self.lines = lines
    }

    /// Whether a `{{…}}` block's cleaned text is the comic's title text.
    static func isTitleText(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return titleTextLabels.contains { lowered.hasPrefix($0) }
    }

    /// The first `[[` or `{{` in `text`; `isNote` is true for `{{`.
    private static func nextOpener(in text: Substring) -> (
        range: Range<Substring.Index>, isNote: Bool
    )? {
        let scene = text.range(of: "[[")
        let note = text.range(of: "{{")
        switch (scene, note) {
        case (let scene?, let note?):
            return scene.lowerBound <= note.lowerBound ? (scene, false) : (note, true)
        case (let scene?, nil): return (scene, false)
        case (nil, let note?): return (note, true)
        case (nil, nil): return nil
        }
    }
}
