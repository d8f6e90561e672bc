import Testing

@testable import ComicReader

@Suite struct CardRendererTests {
    let renderer = CardRenderer()

    /// The card's lines as the terminal shows them.
    func lines(_ comic: Comic, _ context: RenderContext) -> [String] {
        RenderingFixtures.removingSGR(renderer.render(comic, context: context))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func frameIsClosedAndEveryLineHasTheSameWidth() {
        for comic in [
            RenderingFixtures.woodpecker, RenderingFixtures.wide, RenderingFixtures.hostile,
            RenderingFixtures.interactive,
        ] {
            for width in stride(from: 10, through: 130, by: 7) {
                for color in [false, true] {
                    let context = RenderContext(
                        width: width, colorEnabled: color, showsTranscript: true, isFavorite: true,
                        isRead: false)
                    let card = lines(comic, context)
                    let expectedWidth = min(max(width, 20), 80)
                    for line in card {
                        #expect(
                            DisplayWidth.of(line) == expectedWidth,
                            "\(comic.num) width \(width): \(line)")
                    }
                    #expect(
                        card.first?.hasPrefix("╭─") == true && card.first?.hasSuffix("─╮") == true)
                    #expect(
                        card.last == "╰" + String(repeating: "─", count: expectedWidth - 2) + "╯")
                    for line in card.dropFirst().dropLast() {
                        #expect(line.hasPrefix("│ ") && line.hasSuffix(" │"), "\(line)")
                    }
                }
            }
        }
    }

    @Test func titleIsCentredInTheTopBorderAndAppearsOnce() {
        let card = lines(
            RenderingFixtures.woodpecker, RenderContext(width: 40, showsTranscript: true))
        let top = card[0]
        #expect(top.contains(" #614  Woodpecker "))
        let rules = top.split(separator: " #614  Woodpecker ")
        let left = rules[0].count
        let right = rules[1].count
        #expect(abs(left - right) <= 1)
        #expect(
            card.joined(separator: "\n").split(
                separator: "Woodpecker", omittingEmptySubsequences: false
            ).count == 2)
    }

    @Test func altIsWrappedInsideTheFrame() throws {
        let card = lines(RenderingFixtures.woodpecker, RenderContext(width: 40))
        let altStart = try #require(card.firstIndex { $0.hasPrefix("│ alt: ") })
        let altLines = card[altStart..<(card.count - 1)]
        #expect(altLines.count == 3)
        let words = altLines.flatMap { $0.dropFirst(2).dropLast(2).split(separator: " ") }
        #expect(words.dropFirst().joined(separator: " ") == RenderingFixtures.altText)
    }

    @Test func longTitlesAreCutWithAnEllipsis() {
        let comic = Comic(num: 1, title: String(repeating: "Very long title ", count: 10))
        let top = lines(comic, RenderContext(width: 30))[0]
        #expect(DisplayWidth.of(top) == 30)
        #expect(top.contains("…"))
        #expect(top.hasPrefix("╭─ #1  Very") && top.hasSuffix(" ─╮"))
    }

    @Test func asciiFrameWhenTheLocaleIsNotUTF8() {
        let card = lines(
            RenderingFixtures.woodpecker, RenderContext(width: 40, unicodeEnabled: false))
        #expect(card.first?.hasPrefix("+-") == true && card.first?.hasSuffix("-+") == true)
        #expect(card.last == "+" + String(repeating: "-", count: 38) + "+")
        #expect(card.dropFirst().dropLast().allSatisfy { $0.hasPrefix("| ") && $0.hasSuffix(" |") })
        #expect(card.joined().unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func interactiveComicPointsToItsPage() {
        let text = lines(RenderingFixtures.interactive, RenderContext(width: 80)).joined(
            separator: "\n")
        #expect(text.contains("img: none, interactive comic: open https://xkcd.com/1608/"))
    }

    @Test func noEscapeAtAllWithColourOffAndSafeWithColourOn() {
        for comic in [RenderingFixtures.woodpecker, RenderingFixtures.hostile] {
            let off = renderer.render(comic, context: RenderContext(showsTranscript: true))
            #expect(!off.contains("\u{1B}"))
            #expect(RenderingFixtures.isTerminalSafe(off))
            let on = renderer.render(
                comic, context: RenderContext(colorEnabled: true, showsTranscript: true))
            #expect(on.contains("\u{1B}["))
            #expect(RenderingFixtures.isTerminalSafe(RenderingFixtures.removingSGR(on)))
        }
    }
}
