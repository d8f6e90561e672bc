import Testing

@testable import ComicReader

@Suite struct ComicSummaryFormatterTests {
    @Test func numbersAreRightAlignedBeforeTheTitle() {
        let comics = [
            Comic(num: 7, title: "Girl sleeping"), Comic(num: 395, title: "Rule of Thumb"),
        ]
        let formatter = ComicSummaryFormatter(width: 80, comics: comics, unicodeEnabled: true)
        #expect(formatter.line(for: comics[1]) == "  395  Rule of Thumb")
        #expect(formatter.line(for: comics[0]) == "    7  Girl sleeping")
        #expect(formatter.line(for: comics[1], isFavorite: true) == "* 395  Rule of Thumb")
    }

    @Test func numberColumnGrowsWithTheLargestNumber() {
        let comics = [Comic(num: 7, title: "A"), Comic(num: 1608, title: "B")]
        let formatter = ComicSummaryFormatter(width: 80, comics: comics, unicodeEnabled: true)
        #expect(formatter.line(for: comics[0]) == "     7  A")
        #expect(formatter.line(for: comics[1]) == "  1608  B")
    }

    @Test func longTitlesAreTruncatedToTheWidth() {
        let comic = Comic(num: 395, title: "A title that is far too long for a narrow terminal")
        #expect(
            ComicSummaryFormatter(width: 20, comics: [comic], unicodeEnabled: true).line(for: comic)
                == "  395  A title that…")
        #expect(
            ComicSummaryFormatter(width: 20, comics: [comic], unicodeEnabled: false).line(
                for: comic) == "  395  A title th...")
    }

    @Test func neverWiderThanTheWidth() {
        let comics = [
            RenderingFixtures.woodpecker, RenderingFixtures.wide, RenderingFixtures.hostile,
        ]
        for width in 1...50 {
            let formatter = ComicSummaryFormatter(
                width: width, comics: comics, unicodeEnabled: true)
            for comic in comics {
                let line = formatter.line(for: comic, isFavorite: true)
                #expect(DisplayWidth.of(line) <= width, "width \(width): \(line)")
                #expect(RenderingFixtures.isTerminalSafe(line))
            }
        }
    }

    @Test func titlesAreCleaned() {
        let comic = Comic(num: 1, title: "<i>Caf&eacute;</i>\u{1B}[31m \u{202E}x")
        #expect(
            ComicSummaryFormatter(width: 80, comics: [comic], unicodeEnabled: true).line(for: comic)
                == "    1  Café x")
    }

    @Test func fallsBackToTheSafeTitle() {
        let comic = Comic(num: 5, title: "<b></b>", safeTitle: "Safe")
        #expect(
            ComicSummaryFormatter(width: 80, comics: [comic], unicodeEnabled: true).line(for: comic)
                == "    5  Safe")
    }
}
