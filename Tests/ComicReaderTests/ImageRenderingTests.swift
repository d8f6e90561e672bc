import Testing

@testable import ComicReader
@testable import ImageDecoding

@Suite("Image rendering")
struct ImageRenderingTests {
    let red = RGBAPixel(r: 255, g: 0, b: 0)
    let green = RGBAPixel(r: 0, g: 255, b: 0)
    let blue = RGBAPixel(r: 0, g: 0, b: 255)
    let white = RGBAPixel.white
    let black = RGBAPixel.black

    /// A bitmap from rows of pixels.
    func bitmap(_ rows: [[RGBAPixel]]) -> RGBABitmap {
        RGBABitmap(
            width: rows[0].count, height: rows.count,
            pixels: rows.flatMap { $0.flatMap { [$0.r, $0.g, $0.b, $0.a] } })
    }

    @Test("cell grid keeps the aspect ratio, honours the maximum height and never enlarges")
    func cellGrid() {
        let wide = CellGrid.fitting(
            width: 740, height: 1000, samplesAcross: 1, samplesDown: 2, maxColumns: 80,
            maxRows: 1000)
        #expect(wide.columns == 80 && wide.rows == 54)  // 1000/740 × 80 / 2 = 54.05
        let capped = CellGrid.fitting(
            width: 740, height: 1000, samplesAcross: 1, samplesDown: 2, maxColumns: 80, maxRows: 20)
        #expect(capped.rows == 20 && capped.columns == 30)  // 740/1000 × 20 × 2 = 29.6
        let small = CellGrid.fitting(
            width: 20, height: 10, samplesAcross: 1, samplesDown: 2, maxColumns: 80, maxRows: 50)
        #expect(small.columns == 20 && small.rows == 5)
        let braille = CellGrid.fitting(
            width: 200, height: 100, samplesAcross: 2, samplesDown: 4, maxColumns: 50, maxRows: 50)
        // Rows: 100 × 100 / 200 / 4 = 12.5, rounded up.
        #expect(braille.columns == 50 && braille.rows == 13)
        #expect(braille.sampleWidth == 100 && braille.sampleHeight == 52)
    }

    @Test("area averaging: halves average, transparency shows the white background")
    func areaAverage() {
        let halves = bitmap([[black, black, white, white], [black, black, white, white]])
        #expect(
            AreaAverageScaler.scale(halves, toWidth: 2, height: 1).pixels == [
                0, 0, 0, 255, 255, 255, 255, 255,
            ])
        let pair = bitmap([[black, white]])
        #expect(
            AreaAverageScaler.scale(pair, toWidth: 1, height: 1).pixels == [128, 128, 128, 255])
        let clear = bitmap([
            [RGBAPixel(r: 0, g: 0, b: 0, a: 0), RGBAPixel(r: 0, g: 0, b: 0, a: 51)]
        ])
        #expect(
            AreaAverageScaler.scale(clear, toWidth: 2, height: 1).pixels == [
                255, 255, 255, 255, 204, 204, 204, 255,
            ])
        let enlarged = AreaAverageScaler.scale(pair, toWidth: 4, height: 2)
        #expect(enlarged[0, 1] == black && enlarged[3, 0] == white)
    }

    @Test("half blocks: top pixel as 24-bit foreground, bottom as background, reset at line end")
    func halfBlocksTruecolor() {
        let image = bitmap([[red, green], [blue, white]])
        let text = HalfBlockRenderer(colorDepth: .truecolor).render(
            image, maxColumns: 10, maxRows: 10)
        #expect(
            text
                == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[38;2;0;255;0;48;2;255;255;255m▀\u{1B}[0m\n"
        )
    }

    @Test("half blocks with 256 colours use the xterm cube and grey ramp")
    func halfBlocks256() {
        let image = bitmap([[red, green], [blue, white]])
        let text = HalfBlockRenderer(colorDepth: .palette256).render(
            image, maxColumns: 10, maxRows: 10)
        #expect(text == "\u{1B}[38;5;196;48;5;21m▀\u{1B}[38;5;46;48;5;231m▀\u{1B}[0m\n")
        #expect(XTermPalette.nearestIndex(to: RGBAPixel(r: 128, g: 128, b: 128)) == 244)
        #expect(XTermPalette.nearestIndex(to: RGBAPixel(r: 95, g: 135, b: 175)) == 16 + 36 + 12 + 3)
    }

    @Test("half blocks repeat no escape while the colours stay the same")
    func halfBlocksRepeat() {
        let image = bitmap([[red, red, red], [blue, blue, green]])
        let text = HalfBlockRenderer(colorDepth: .truecolor).render(
            image, maxColumns: 3, maxRows: 3)
        #expect(text == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀▀\u{1B}[48;2;0;255;0m▀\u{1B}[0m\n")
    }

    @Test("braille: a known 2×4 pattern gives its dot bits")
    func brailleCell() {
        // Dots 1 (top left), 5 (second row right), 7 (bottom left) and 8 (bottom right).
        let image = bitmap([[black, white], [white, black], [white, white], [black, black]])
        let text = BrailleRenderer().render(image, maxColumns: 1, maxRows: 1)
        #expect(text == "\u{28D1}\n")
        let inverted = bitmap([[white, black], [black, white], [black, black], [white, white]])
        #expect(BrailleRenderer().render(inverted, maxColumns: 1, maxRows: 1) == "\u{282E}\n")
    }

    @Test("braille: blank paper gives blank cells, ink gives dots, and no escapes")
    func braillePaper() {
        let paper = RGBABitmap(width: 8, height: 8, filledWith: white)
        #expect(
            BrailleRenderer().render(paper, maxColumns: 4, maxRows: 4)
                == String(repeating: "⠀⠀⠀⠀\n", count: 2))
        let ink = RGBABitmap(width: 4, height: 4, filledWith: black)
        #expect(BrailleRenderer().render(ink, maxColumns: 2, maxRows: 4) == "⣿⣿\n")
        // A thin diagonal line shrunk 4×: dots along the diagonal only, none in the corners.
        var line = RGBABitmap(width: 64, height: 64, filledWith: white)
        for i in 0..<64 { line[i, i] = black }
        let drawn = BrailleRenderer().render(line, maxColumns: 8, maxRows: 20)
        let rows = drawn.split(separator: "\n").map { Array($0) }
        #expect(rows.count == 4 && rows.allSatisfy { $0.count == 8 })
        #expect(rows[0][0] != "⠀" && rows[3][7] != "⠀")
        #expect(rows[0][7] == "⠀" && rows[3][0] == "⠀")
        #expect(!drawn.contains("\u{1B}"))
    }

    @Test("automatic braille threshold separates two grey levels and ignores paper noise")
    func threshold() {
        let twoLevels = [UInt8](repeating: 40, count: 10) + [UInt8](repeating: 220, count: 30)
        let t = BrailleRenderer.automaticThreshold(twoLevels)
        #expect(t > 40 && t <= 220)
        let noise = [UInt8](repeating: 250, count: 10) + [UInt8](repeating: 255, count: 30)
        #expect(BrailleRenderer.automaticThreshold(noise) <= 230)
    }
}
