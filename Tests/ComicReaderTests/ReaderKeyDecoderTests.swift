import Testing

@testable import ComicReader

@Suite("Reader key decoding")
struct ReaderKeyDecoderTests {
    func keys(_ bytes: [UInt8]) -> [ReaderKey] { ReaderKeyDecoder.decodeAll(bytes) }
    func keys(_ text: String) -> [ReaderKey] { keys(Array(text.utf8)) }

    @Test func printableAndControlKeys() {
        #expect(
            keys("n?/*") == [.character("n"), .character("?"), .character("/"), .character("*")])
        #expect(
            keys([0x0D, 0x0A, 0x7F, 0x08, 0x09, 0x03, 0x04, 0x01]) == [
                .enter, .enter, .backspace, .backspace, .tab, .interrupt, .endOfInput, .unknown,
            ])
    }

    @Test func arrowAndPagingSequences() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OD") == [.up, .left])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~") == [.pageUp, .pageDown, .home, .end])
        #expect(keys("\u{1B}[1;5C") == [.right])  // Ctrl-→ still moves right
        #expect(keys("\u{1B}[99~n") == [.unknown, .character("n")])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        #expect(keys([0x1B]) == [.escape])
        #expect(keys("\u{1B}x") == [.escape])  // Alt-x: the x is part of the sequence and dropped
    }

    @Test func utf8CharactersArriveWhole() {
        #expect(keys("é→日") == [.character("é"), .character("→"), .character("日")])
        #expect(keys([0xC3]) == [.unknown])  // cut off
        #expect(keys([0xFF, 0x61]) == [.unknown, .character("a")])
    }

    @Test func keysMapToActions() {
        #expect(ReaderAction(key: .character("n")) == .next)
        #expect(ReaderAction(key: .right) == .next)
        #expect(ReaderAction(key: .left) == .previous)
        #expect(ReaderAction(key: .character("g")) == .goTo)
        #expect(ReaderAction(key: .character("*")) == .favorite)
        #expect(ReaderAction(key: .interrupt) == .quit)
        #expect(ReaderAction(key: .character("y")) == nil)
        #expect(ReaderAction.allCases.allSatisfy { ReaderAction.helpText.contains($0.summary) })
        // All of the help fits the 23 rows above the status line of a 24-row window.
        #expect(
            ReaderAction.helpText.split(separator: "\n", omittingEmptySubsequences: false).count
                <= 23)
        #expect(ReaderAction(key: .pageDown) == .pageDown)
        #expect(ReaderAction(key: .down) == .scrollDown)
    }
}
