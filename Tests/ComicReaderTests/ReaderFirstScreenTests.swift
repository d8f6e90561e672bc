import Foundation
import Testing
import Wiring

@testable import ComicReader

/// A picture source drawing every comic's image as a kitty graphic fitted to the box asked
/// for, from image headers of the shapes of real comics.
final class ShapedImageSource: ReaderImageSource, @unchecked Sendable {
    private let lock = NSLock()
    private let images: [Int: [UInt8]]
    private var asked: [PictureBox] = []

    init(images: [Int: [UInt8]]) {
        self.images = images
    }

    /// The boxes pictures were asked for, in order.
    var boxes: [PictureBox] { lock.withLock { asked } }

    func pictureAtHand(of comic: Comic, isSample: Bool, box: PictureBox) -> ReaderPicture? {
        lock.withLock { asked.append(box) }
        return ReaderImageFixtures.maker(.kitty).picture(
            image: images[comic.num], sourceURL: comic.img, box: box)
    }

    func loadedPicture(of comic: Comic, box: PictureBox) async -> ReaderPicture {
        pictureAtHand(of: comic, isSample: false, box: box) ?? .none
    }
}

@Suite("The reader's first screen: heading, fitted picture, alt text and notes")
struct ReaderFirstScreenTests {
    /// Comics shaped like 1732 (740 × 14,957 pixels), 1190 (a very wide strip) and an
    /// ordinary one, with alt texts of realistic length.
    static let comics = [
        Comic(
            num: 1190, title: "Time",
            alt: "Wait for it.", img: "https://imgs.xkcd.com/comics/time.png",
            year: "2013", month: "3", day: "25"),
        Comic(
            num: 1500, title: "Upside-Down Map",
            alt: "Due to their proximity across the channel, there's long been tension between"
                + " North Korea and the United Kingdom of Great Britain and Southern Ireland.",
            img: "https://imgs.xkcd.com/comics/upside_down_map.png",
            year: "2015", month: "3", day: "18"),
        Comic(
            num: 1732, title: "Earth Temperature Timeline",
            alt: "[After setting your car on fire] Listen, your car's temperature has changed"
                + " before.", img: "https://imgs.xkcd.com/comics/earth_temperature_timeline.png",
            year: "2016", month: "9", day: "12"),
    ]
    static let images: [Int: [UInt8]] = [
        1190: ReaderImageFixtures.pngHeader(width: 4000, height: 300),
        1500: ReaderImageFixtures.pngHeader(width: 740, height: 530),
        1732: ReaderImageFixtures.pngHeader(width: 740, height: 14_957),
    ]

    /// Starts the reader on `comics` at comic `number` with `images`, and sizes it
    /// `rows` × `columns`.
    func startReader(
        _ harness: AppHarness, at number: Int, rows: Int, columns: Int,
        images: ShapedImageSource
    ) throws -> FakeReaderView {
        try JSONEncoder().encode(Self.comics).write(to: harness.comicsFile)
        let context = harness.makeContext()
        var options = AppOptions()
        options.cacheDirectory = harness.cacheDirectory.path
        AppAssembly.instance(from: context).configure(options: options, environment: .fixed())
        let module = ReaderModuleAssembly.instance(from: context)
        module.addSubstitution(for: \.screenRows) { rows }
        module.addSubstitution(for: \.imageSource) { images as any ReaderImageSource }
        let view = FakeReaderView()
        module.inject(into: view, openingAt: number)
        view.output?.viewIsReady()
        view.output?.viewDidResize(rows: rows, columns: columns)
        return view
    }

    /// The lines of the first screen the terminal view would show.
    func firstScreen(_ view: FakeReaderView, rows: Int, columns: Int) throws -> [ReaderScreen.Line]
    {
        let shown = try #require(view.screens.last)
        let text = String(shown.text.dropFirst(shown.heading.count + 1))
        let screen = ReaderScreen(
            heading: shown.heading, text: text, picture: shown.picture, screenRows: rows,
            columns: columns)
        return Array(screen.lines.prefix(ReaderScreen.bodyRows(screenRows: rows)))
    }

    @Test(arguments: [(24, 80), (40, 120)], [1190, 1500, 1732])
    func theFirstScreenShowsTheHeadingTheWholePictureAndTheAlt(size: (Int, Int), number: Int)
        async throws
    {
        try await withHarness { harness async throws in
            let (rows, columns) = size
            let view = try startReader(
                harness, at: number, rows: rows, columns: columns,
                images: ShapedImageSource(images: Self.images))
            let lines = try firstScreen(view, rows: rows, columns: columns)
            let comic = try #require(Self.comics.first { $0.num == number })
            guard case .text(let heading) = lines.first else {
                Issue.record("no heading first: \(lines)")
                return
            }
            #expect(heading.hasPrefix("#\(number)  \(comic.title)  \(comic.year)-"))
            // The whole picture is drawn on the first screen, right under the heading.
            guard case .graphic(_, let pictureRows, _) = lines.dropFirst().first else {
                Issue.record("no picture under the heading: \(lines)")
                return
            }
            #expect(pictureRows >= 2)
            #expect(1 + pictureRows < lines.count)
            // The alt text follows, all of it on the first screen.
            let texts = lines.compactMap { line -> String? in
                if case .text(let text) = line { return text }
                return nil
            }
            let altLines = TextWrapper.wrap(
                DisplayText.paragraphs(comic.alt), width: columns, prefix: "alt: ")
            #expect(altLines.allSatisfy(texts.contains), "\(texts)")
        }
    }

    @Test func interactiveComicsAndLinkedOnesSayWhatTheReaderMisses() {
        let time = ReaderCaption(
            comic: Comic(num: 1190, title: "Time", img: "https://imgs.xkcd.com/comics/time.png"),
            width: 120, isFavorite: false, isRead: true)
        #expect(
            time.notes == [
                "interactive comic, shown here as one still frame: open https://xkcd.com/1190/ in a browser (key o)"
            ])
        let umwelt = ReaderCaption(
            comic: Comic(num: 1037, title: "Umwelt", img: "https://imgs.xkcd.com/comics/"),
            width: 200, isFavorite: false, isRead: true)
        #expect(
            umwelt.notes == [
                "interactive comic, nothing to show here: open https://xkcd.com/1037/ in a browser (key o)"
            ])
        let money = ReaderCaption(
            comic: Comic(
                num: 980, title: "Money", img: "https://imgs.xkcd.com/comics/money.png",
                link: "https://xkcd.com/980/huge/"),
            width: 200, isFavorite: false, isRead: true)
        #expect(
            money.notes == [
                "more behind the comic's link (a larger version, say): open https://xkcd.com/980/huge/"
            ])
        let ordinary = ReaderCaption(
            comic: Comic(num: 614, title: "Woodpecker", img: "https://imgs.xkcd.com/comics/w.png"),
            width: 80, isFavorite: false, isRead: false)
        #expect(ordinary.notes.isEmpty)
        #expect(ordinary.heading == "#614  Woodpecker  2026-01-01 (new)")
    }

    @Test func aResizedWindowFitsThePictureAgain() async throws {
        try await withHarness { harness async throws in
            let images = ShapedImageSource(images: Self.images)
            let view = try startReader(harness, at: 1500, rows: 24, columns: 80, images: images)
            let before = try firstScreen(view, rows: 24, columns: 80)
            view.output?.viewDidResize(rows: 40, columns: 120)
            let after = try firstScreen(view, rows: 40, columns: 120)
            guard case .graphic(_, let small, _) = before[1],
                case .graphic(_, let large, _) = after[1]
            else {
                Issue.record("no pictures: \(before) \(after)")
                return
            }
            #expect(large > small)
            let box = try #require(images.boxes.last)
            #expect(box.columns == 120 && box.rows >= large)
        }
    }

    @Test func zoomDrawsThePictureAsWideAsTheWindowAndBack() async throws {
        try await withHarness { harness async throws in
            let images = ShapedImageSource(images: Self.images)
            let view = try startReader(harness, at: 1732, rows: 24, columns: 80, images: images)
            let fitted = try #require(images.boxes.last)
            #expect(fitted.rows < 23)
            view.type("z")
            #expect(images.boxes.last == PictureBox(columns: 80, rows: PictureFit.rowCeiling))
            view.type("z")
            #expect(images.boxes.last == fitted)
            #expect(view.currentNumber == 1732)
        }
    }

    @Test func theReaderOpensAtTheComicNamed() async throws {
        try await withHarness { harness async throws in
            let view = try startReader(
                harness, at: 1190, rows: 24, columns: 80,
                images: ShapedImageSource(images: Self.images))
            #expect(view.shownNumbers.first == 1190)
            #expect(try harness.savedState().lastShown == 1190)
        }
    }
}
