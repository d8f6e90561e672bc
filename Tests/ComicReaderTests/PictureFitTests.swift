import Testing

@testable import ComicReader

@Suite struct PictureFitTests {
    /// The picture rows `comics ARGUMENTS` prints above sample comic 400's title.
    func pictureRows(_ arguments: [String]) async throws -> [String] {
        try await withHarness { harness in
            harness.variables = ["LINES": "24"]
            #expect(await harness.run(arguments) == 0)
            let lines = harness.console.output.split(separator: "\n").map(String.init)
            let title = try #require(lines.firstIndex { $0.hasPrefix("#400") })
            return Array(lines[..<title])
        }
    }

    @Test func showFillsTheTerminalsWidthAndLetsThePictureScroll() async throws {
        let rows = try await pictureRows(["--image", "braille", "show", "400"])
        // The 156-pixel-wide drawing takes 78 of the 80 columns (two pixels a braille column)
        // and as many rows as its shape asks: more than the 16 a 24-row screen leaves.
        #expect(rows.count > 16)
        #expect(rows.allSatisfy { $0.count == 78 }, "\(rows.map(\.count))")
    }

    @Test func fitScreenKeepsThePictureAndTextOnOneScreen() async throws {
        let rows = try await pictureRows(["--fit-screen", "--image", "braille", "show", "400"])
        #expect(!rows.isEmpty && rows.count <= 16)
        #expect(rows.allSatisfy { $0.count < 78 })
    }

    @Test func theFlagIsParsedAnywhereOnTheLine() throws {
        let parser = CommandLineParser(environment: [:])
        #expect(try parser.parse(["show", "1"]).options.pictureFit == .width)
        #expect(try parser.parse(["show", "1", "--fit-screen"]).options.pictureFit == .screen)
    }

    @Test func rowLimits() {
        #expect(PictureFit.width.maxRows(screenRows: 24) == PictureFit.rowCeiling)
        #expect(PictureFit.screen.maxRows(screenRows: 24) == 16)
        #expect(PictureFit.screen.maxRows(screenRows: 5) == 8)
    }

    @Test func aComicShapedLike1732FillsTheWidthInsteadOfTwoColumns() {
        // 1732 is 740 × 14,957 pixels; a braille cell shows 2 × 4 of them.
        func grid(_ fit: PictureFit) -> CellGrid {
            CellGrid.fitting(
                width: 740, height: 14_957, samplesAcross: 2, samplesDown: 4, maxColumns: 80,
                maxRows: fit.maxRows(screenRows: 24))
        }
        #expect(grid(.width).columns == 80)
        #expect(grid(.width).rows == 808)
        #expect(grid(.screen).columns <= 2)
        // An ordinary page of 740 × 1,000 pixels: 80 columns instead of 24.
        func page(_ fit: PictureFit) -> Int {
            CellGrid.fitting(
                width: 740, height: 1_000, samplesAcross: 2, samplesDown: 4, maxColumns: 80,
                maxRows: fit.maxRows(screenRows: 24)
            ).columns
        }
        #expect(page(.width) == 80)
        #expect(page(.screen) == 24)
    }
}
