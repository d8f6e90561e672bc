import Testing

@testable import ComicReader

@Suite("Reader screen composition: the picture above the comic, scrolling with it")
struct ReaderScreenTests {
    /// A comic's rendered text, as the renderer gives it.
    let comicText = "#400  Four Hundred\n2008-03-14\nalt: Round numbers."
    /// Its lines as screen lines.
    var comicLines: [ReaderScreen.Line] {
        [.text("#400  Four Hundred"), .text("2008-03-14"), .text("alt: Round numbers.")]
    }

    @Test func aGraphicMayTakeEveryRowAboveTheStatusLine() {
        #expect(ReaderScreen.pictureRowLimit(screenRows: 24) == 23)
        #expect(ReaderScreen.pictureRowLimit(screenRows: 40) == 39)
        #expect(ReaderScreen.pictureRowLimit(screenRows: 1) == 1)
    }

    @Test func aTextPictureGoesAboveTheTitle() {
        let screen = ReaderScreen(
            text: comicText, picture: .lines(["⣿⣿⣿", "⡇⠀⢸", "⠉⠉⠉"]), screenRows: 24, columns: 80)
        #expect(screen.lines == [.text("⣿⣿⣿"), .text("⡇⠀⢸"), .text("⠉⠉⠉")] + comicLines)
    }

    @Test func aTallTextPictureIsKeptWholeAndScrollsWithTheText() {
        let rows = (1...30).map { "row \($0)" }
        let screen = ReaderScreen(
            text: comicText, picture: .lines(rows), screenRows: 24, columns: 80)
        #expect(screen.lines == rows.map(ReaderScreen.Line.text) + comicLines)
        let top = screen.frame(offset: 0, bodyRows: 23, columns: 80, previousErase: "")
        #expect(top.output.contains("\u{1B}[23;1Hrow 23"))
        #expect(!top.output.contains("Four Hundred"))
        // Scrolled to the end, the picture's last rows sit right above the title.
        let bottom = screen.frame(offset: 100, bodyRows: 23, columns: 80, previousErase: "")
        #expect(bottom.output.contains("\u{1B}[20;1Hrow 30\u{1B}[21;1H#400  Four Hundred"))
    }

    @Test func linesWiderThanTheWindowEndWithAnEllipsis() {
        let text = "img: https://imgs.xkcd.com/comics/earth_temperature_timeline.png\nshort"
        let screen = ReaderScreen(text: text, picture: .none, screenRows: 24, columns: 20)
        let frame = screen.frame(offset: 0, bodyRows: 23, columns: 20, previousErase: "")
        #expect(
            frame.output
                == "\u{1B}[H\u{1B}[2J\u{1B}[1;1Himg: https://imgs.x…\u{1B}[2;1Hshort")
    }

    @Test func aColouredLineIsCutByItsTextAndTheColourIsReset() {
        let line = "\u{1B}[2m(Cueball walks off the panel)\u{1B}[0m"
        let screen = ReaderScreen(text: line, picture: .none, screenRows: 24, columns: 10)
        let frame = screen.frame(offset: 0, bodyRows: 23, columns: 10, previousErase: "")
        #expect(frame.output.hasSuffix("\u{1B}[1;1H\u{1B}[2m(Cueball …\u{1B}[0m"))
    }

    @Test func aGraphicCoversItsRowsAndTheTitleComesBelow() {
        let picture = ReaderPicture.escape("<image>", rows: 4, erase: "<delete>")
        let screen = ReaderScreen(text: comicText, picture: picture, screenRows: 24, columns: 80)
        #expect(
            screen.lines == [
                .graphic("<image>", rows: 4, erase: "<delete>"), .covered, .covered, .covered,
            ] + comicLines)
        let frame = screen.frame(offset: 0, bodyRows: 23, columns: 80, previousErase: "")
        #expect(
            frame.output == "\u{1B}[H\u{1B}[2J" + "\u{1B}[1;1H<image>"
                + "\u{1B}[5;1H#400  Four Hundred"
                + "\u{1B}[6;1H2008-03-14" + "\u{1B}[7;1Halt: Round numbers.")
        #expect(frame.erase == "<delete>")
    }

    @Test func aGraphicScrolledPartlyAwayIsNotDrawn() {
        let screen = ReaderScreen(
            text: comicText, picture: .escape("<image>", rows: 4, erase: "<delete>"),
            screenRows: 24, columns: 80)
        let frame = screen.frame(offset: 1, bodyRows: 4, columns: 80, previousErase: "")
        #expect(frame.output == "\u{1B}[H\u{1B}[2J\u{1B}[4;1H#400  Four Hundred")
        #expect(frame.erase == "")
    }

    @Test func aGraphicTallerThanTheLimitBecomesANotice() {
        let screen = ReaderScreen(
            text: comicText, picture: .escape("<image>", rows: 24, erase: "<delete>"),
            screenRows: 24, columns: 80)
        #expect(
            screen.lines == [.text("note: picture not shown, the window is too small for it")]
                + comicLines)
    }

    @Test func theNextFrameFirstErasesThePreviousGraphic() {
        let kitty = ReaderScreen(
            text: comicText,
            picture: .escape("<image>", rows: 2, erase: KittyImageEncoder.deleteVisible()),
            screenRows: 24, columns: 80)
        let first = kitty.frame(offset: 0, bodyRows: 23, columns: 80, previousErase: "")
        #expect(first.erase == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        let next = ReaderScreen(
            text: "#401  Next", picture: .lines(["⣿"]), screenRows: 24, columns: 80)
        let second = next.frame(offset: 0, bodyRows: 23, columns: 80, previousErase: first.erase)
        #expect(second.output.hasPrefix("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}[H\u{1B}[2J"))
        #expect(second.erase == "")
    }

    @Test func aNoticeIsOneCleanLineCutToTheWidth() {
        let notice =
            "could not download the image: \u{1B}[31mred\u{07} "
            + String(repeating: "x", count: 100)
        let screen = ReaderScreen(
            text: comicText, picture: .notice(notice), screenRows: 24, columns: 40)
        guard case .text(let line) = screen.lines.first else {
            Issue.record("expected a notice line first, got \(screen.lines)")
            return
        }
        #expect(line.hasPrefix("note: could not download the image: "))
        #expect(line.hasSuffix("…"))
        #expect(DisplayWidth.of(line) == 39)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
        #expect(Array(screen.lines.dropFirst()) == comicLines)
    }

    @Test func noPictureLeavesTheTextAlone() {
        #expect(
            ReaderScreen(text: comicText, picture: .none, screenRows: 24, columns: 80).lines
                == comicLines)
    }

    @Test func scrollingStaysWithinTheLines() {
        let screen = ReaderScreen(
            text: comicText, picture: .lines(["a", "b"]), screenRows: 24, columns: 80)
        #expect(screen.clampedOffset(10, bodyRows: 3) == 2)
        #expect(screen.clampedOffset(-4, bodyRows: 3) == 0)
        #expect(screen.clampedOffset(3, bodyRows: 23) == 0)
        let frame = screen.frame(offset: 2, bodyRows: 3, columns: 80, previousErase: "")
        #expect(
            frame.output
                == "\u{1B}[H\u{1B}[2J\u{1B}[1;1H#400  Four Hundred\u{1B}[2;1H2008-03-14\u{1B}[3;1Halt: Round numbers."
        )
    }
}
