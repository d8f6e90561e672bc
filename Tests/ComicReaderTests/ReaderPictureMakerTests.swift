import Testing

@testable import ComicReader

@Suite("Reader picture maker: protocol pictures sized in whole cells, notices otherwise")
struct ReaderPictureMakerTests {
    /// The escape and rows of `picture`, or nil when it is not a graphic.
    func graphic(_ picture: ReaderPicture) -> (escape: String, rows: Int, erase: String)? {
        guard case .escape(let escape, let rows, let erase) = picture else { return nil }
        return (escape, rows, erase)
    }

    @Test func kittyPicturesFillABoxSizedFromThePixels() throws {
        // 156 × 124 pixels at 10 × 20 pixels a cell: 15.6 × 6.2 cells, rounded; fits 80 × 11.
        let made = try #require(
            graphic(
                ReaderImageFixtures.maker(.kitty).picture(
                    image: ReaderImageFixtures.samplePNG, sourceURL: "https://x/400.png")))
        #expect(made.rows == 6)
        #expect(made.escape.hasPrefix("\u{1B}_Ga=T,f=100,q=2,c=16,r=6,"))
        #expect(made.erase == KittyImageEncoder.deleteVisible())
    }

    @Test func aLargeImageIsShrunkToTheBoxKeepingItsShape() throws {
        // 3000 × 1000 pixels are 300 × 50 cells; the 11-row limit binds (scale 0.22): 66 × 11.
        let tall = try #require(
            graphic(
                ReaderImageFixtures.maker(.kitty, columns: 80, rows: 11).picture(
                    image: ReaderImageFixtures.pngHeader(width: 3000, height: 1000),
                    sourceURL: "https://x/wide.png")))
        #expect(tall.rows == 11)
        #expect(tall.escape.contains("c=66,r=11,"))
        // 8000 × 1000 pixels are 800 × 50 cells; the 80-column width binds (scale 0.1): 80 × 5.
        let wide = try #require(
            graphic(
                ReaderImageFixtures.maker(.kitty, columns: 80, rows: 11).picture(
                    image: ReaderImageFixtures.pngHeader(width: 8000, height: 1000),
                    sourceURL: "https://x/wider.png")))
        #expect(wide.rows == 5)
        #expect(wide.escape.contains("c=80,r=5,"))
    }

    @Test func iTermPicturesGetAWidthAndHeightAndNeedNoErase() throws {
        let gif = try #require(
            graphic(
                ReaderImageFixtures.maker(.iterm).picture(
                    image: ReaderImageFixtures.gifHeader(width: 400, height: 100),
                    sourceURL: "https://x/a.gif")))
        #expect(gif.rows == 5)
        #expect(gif.escape.contains(";width=40;height=5:"))
        #expect(gif.erase == "")
        // A JPEG's size comes from its frame header: 700 × 180 pixels are 70 × 9 cells.
        let jpeg = try #require(
            graphic(
                ReaderImageFixtures.maker(.iterm, columns: 70, rows: 9).picture(
                    image: ReaderImageFixtures.jpegHeader(width: 700, height: 180),
                    sourceURL: "https://x/a.jpg")))
        #expect(jpeg.rows == 9)
        #expect(jpeg.escape.contains(";width=70;height=9:"))
    }

    @Test func whatAProtocolCannotShowIsANotice() {
        let kitty = ReaderImageFixtures.maker(.kitty)
        let jpeg = kitty.picture(image: ReaderImageFixtures.jpegStart, sourceURL: "https://x/a.jpg")
        #expect(
            jpeg
                == .notice(
                    "image not shown, truncated JPEG: segment FFE0 at byte 2 needs 16 bytes but "
                        + "the file has 6 left: https://x/a.jpg"
                ))
        #expect(
            kitty.picture(image: nil, sourceURL: "https://x/b.png")
                == .notice("image not available: https://x/b.png"))
        let broken = kitty.picture(
            image: Array(ReaderImageFixtures.samplePNG.prefix(12)), sourceURL: "https://x/c.png")
        guard case .notice(let text) = broken else {
            Issue.record("expected a notice for a cut PNG, got \(broken)")
            return
        }
        #expect(text.hasPrefix("image not shown, "))
        #expect(text.hasSuffix(": https://x/c.png"))
    }

    @Test func textPicturesAreFittedToTheBox() throws {
        // The box is 5 rows high: the picture is shrunk to it, keeping its shape, as
        // `--fit-screen` does for printed pictures.
        let picture = ReaderImageFixtures.maker(.braille, columns: 30, rows: 5)
            .picture(image: ReaderImageFixtures.samplePNG, sourceURL: "https://x/400.png")
        guard case .lines(let rows) = picture else {
            Issue.record("expected text rows, got \(picture)")
            return
        }
        let printed = ImagePresenter(
            rendering: .braille, colorDepth: nil, maxColumns: 30, maxRows: 5
        )
        .present(image: ReaderImageFixtures.samplePNG, sourceURL: "https://x/400.png")
        #expect(printed == .picture(rows.map { $0 + "\n" }.joined()))
        #expect(rows.count == 5)
        #expect(rows.allSatisfy { $0.count < 30 })
    }

    @Test func imagesOffIsNoPicture() {
        #expect(
            ReaderImageFixtures.maker(.none).picture(
                image: ReaderImageFixtures.samplePNG, sourceURL: "u") == .none)
    }
}
