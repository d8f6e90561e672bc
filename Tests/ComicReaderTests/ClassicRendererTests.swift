import Testing

@testable import ComicReader

@Suite struct ClassicRendererTests {
    let renderer = ClassicRenderer()

    @Test func showsHeaderDateImageAndWrappedAlt() {
        let lines = renderer.render(RenderingFixtures.woodpecker, context: RenderContext(width: 40))
            .split(separator: "\n").map(String.init)
        #expect(lines[0] == "#614  Woodpecker")
        #expect(lines[1] == "2009-07-04")
        #expect(lines[2] == "img: https://imgs.xkcd.com/comics/woodpecker.png")
        #expect(lines[3] == "alt: If you don't have an extension cord")
        #expect(lines[4...] == ["     I can get that too. Because we're", "     friends! Right?"])
    }

    @Test func everyLineButTheImageURLFitsTheWidth() {
        for width in [20, 33, 50, 80, 120] {
            let context = RenderContext(
                width: width, showsTranscript: true, isFavorite: true, isRead: false)
            let comics = [
                RenderingFixtures.woodpecker, RenderingFixtures.wide, RenderingFixtures.hostile,
                RenderingFixtures.interactive,
            ]
            for comic in comics {
                let lines = renderer.render(comic, context: context).split(separator: "\n")
                for line in lines where !line.hasPrefix("img: https://imgs.xkcd.com/") {
                    #expect(DisplayWidth.of(line) <= width, "width \(width): \(line)")
                }
            }
        }
    }

    @Test func titleAppearsOnce() {
        let output = renderer.render(
            RenderingFixtures.woodpecker, context: RenderContext(showsTranscript: true))
        #expect(output.split(separator: "Woodpecker", omittingEmptySubsequences: false).count == 2)
    }

    @Test func marksFavoriteAndUnread() {
        let output = renderer.render(
            RenderingFixtures.woodpecker, context: RenderContext(isFavorite: true, isRead: false))
        #expect(output.split(separator: "\n")[1] == "2009-07-04 (favorite, new)")
    }

    @Test func altAndTranscriptFollowTheContext() {
        let plain = renderer.render(
            RenderingFixtures.woodpecker, context: RenderContext(showsAlt: false))
        #expect(!plain.contains("alt:"))
        #expect(!plain.contains("transcript:"))

        let full = renderer.render(
            RenderingFixtures.woodpecker, context: RenderContext(width: 100, showsTranscript: true))
        let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.suffix(3) == [
                "transcript:", "(A man with a beret and a woman are standing by a tree.)",
                "Man: Hey, a woodpecker!",
            ])
        #expect(!full.contains("Title text"))
    }

    @Test func sceneLinesAreDimWithColour() {
        let output = renderer.render(
            RenderingFixtures.woodpecker,
            context: RenderContext(width: 100, colorEnabled: true, showsTranscript: true))
        #expect(
            output.contains(
                "\u{1B}[2m(A man with a beret and a woman are standing by a tree.)\u{1B}[0m"))
        #expect(output.contains("\u{1B}[1m#614  Woodpecker\u{1B}[0m"))
    }

    @Test func interactiveComicPointsToItsPage() {
        for img in ["https://imgs.xkcd.com/comics/", "", "https://imgs.xkcd.com"] {
            var comic = RenderingFixtures.interactive
            comic.img = img
            let imageLine = renderer.render(comic, context: RenderContext()).split(separator: "\n")[
                2]
            #expect(
                imageLine == "img: none, interactive comic: open https://xkcd.com/1608/", "\(img)")
        }
    }

    @Test func dateIsZeroPaddedFromTheStringFields() {
        #expect(ComicPresentation.date(year: "2009", month: "7", day: "4") == "2009-07-04")
        #expect(ComicPresentation.date(year: "2009", month: "12", day: "25") == "2009-12-25")
        #expect(ComicPresentation.date(year: "999", month: "07", day: "31") == "0999-07-31")
        #expect(ComicPresentation.date(year: "20x6", month: "", day: "1") == "20x6-?-01")
    }

    @Test func noEscapeAtAllWithColourOff() {
        for comic in [
            RenderingFixtures.woodpecker, RenderingFixtures.hostile, RenderingFixtures.wide,
        ] {
            let output = renderer.render(
                comic,
                context: RenderContext(showsTranscript: true, isFavorite: true, isRead: false))
            #expect(!output.contains("\u{1B}"))
            #expect(RenderingFixtures.isTerminalSafe(output))
        }
    }

    @Test func hostileFieldsAreNeutralisedEvenWithColourOn() {
        let output = renderer.render(
            RenderingFixtures.hostile,
            context: RenderContext(colorEnabled: true, showsTranscript: true))
        // Strip the renderer's own SGR sequences; nothing else may contain ESC.
        #expect(RenderingFixtures.isTerminalSafe(RenderingFixtures.removingSGR(output)))
        #expect(
            output.split(separator: "\n").first.map { RenderingFixtures.removingSGR(String($0)) }
                == "#666  gnp.evil")
    }
}
