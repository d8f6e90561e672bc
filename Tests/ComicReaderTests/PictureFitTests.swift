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
}
