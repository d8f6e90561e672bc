import Testing

@testable import ComicReader

@Suite struct TranscriptTests {
    @Test func scenesSpeechAndTitleText() {
        let transcript = Transcript(
            raw: "[[A man sits at a desk.]]\nMan: Hello.\n\n{{Title text: The alt.}}")
        #expect(transcript.lines == [.scene("A man sits at a desk."), .speech("Man: Hello.")])
    }

    @Test func everySpellingOfTitleTextIsDropped() {
        for block in [
            "{{Title text: x}}", "{{title-text: x}}", "{{Alt text: x}}", "{{alt-text: x}}",
            "{{Alt: x}}",
        ] {
            #expect(Transcript(raw: "Hi\n\(block)").lines == [.speech("Hi")], "\(block)")
        }
    }

    @Test func otherNotesAreKeptAsScenes() {
        #expect(Transcript(raw: "{{Caption: Later}}").lines == [.scene("Caption: Later")])
    }

    @Test func inlineAndMultiLineScenes() {
        #expect(
            Transcript(raw: "Man: Hi [[waves]] there").lines == [
                .speech("Man: Hi"), .scene("waves"), .speech("there"),
            ])
        #expect(Transcript(raw: "[[A tall\nbuilding.]]").lines == [.scene("A tall building.")])
    }

    @Test func unterminatedMarkersAreText() {
        #expect(
            Transcript(raw: "[[oops\nHi {{Title text: x}}").lines == [
                .speech("[[oops"), .speech("Hi"),
            ])
        #expect(Transcript(raw: "a ]] b }}").lines == [.speech("a ]] b }}")])
    }

    @Test func piecesAreCleaned() {
        let transcript = Transcript(
            raw: "[[<i>Night</i> &amp; \u{1B}[5mday]]\n\u{202E}Man: &quot;Hi&quot;")
        #expect(transcript.lines == [.scene("Night & day"), .speech("Man: \"Hi\"")])
    }

    @Test func emptyTranscriptHasNoLines() {
        #expect(Transcript(raw: "").lines.isEmpty)
        #expect(Transcript(raw: "\n[[ ]]\n{{Title text: only alt}}\n").lines.isEmpty)
    }
}
