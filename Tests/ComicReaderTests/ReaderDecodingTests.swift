import Foundation
import Testing
import Wiring

@testable import ComicReader

/// A picture maker that holds every picture at a gate until the test opens it, as decoding a
/// very large image would. A picture asked for on the key loop's thread is counted and let
/// through at once, so code that decodes there fails the test instead of hanging it.
final class GatedPictureMaker: ReaderPictureMaking, @unchecked Sendable {
    private let maker: ReaderPictureMaker
    private let condition = NSCondition()
    private var isOpen = false  // guarded by `condition`, as are the three below
    private var entered = 0
    private var enteredOnKeyLoop = 0
    private var keyLoop: Thread?

    /// A gate before `maker`, shut.
    init(_ maker: ReaderPictureMaker) {
        self.maker = maker
    }

    var showsPictures: Bool { maker.showsPictures }

    func picture(image: [UInt8]?, sourceURL: String, box: PictureBox) -> ReaderPicture {
        condition.withLock {
            entered += 1
            condition.broadcast()
            if Thread.current === keyLoop {
                enteredOnKeyLoop += 1
            } else {
                while !isOpen { condition.wait() }
            }
        }
        return maker.picture(image: image, sourceURL: sourceURL, box: box)
    }

    /// Makes the calling thread the key loop's.
    func callingThreadIsTheKeyLoop() {
        condition.withLock { keyLoop = Thread.current }
    }

    /// Waits until a picture has been asked for, on any thread.
    func waitUntilAsked() {
        condition.withLock {
            while entered == 0 { condition.wait() }
        }
    }

    /// Lets every picture held, and every later one, through.
    func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }

    /// Pictures asked for on the key loop's thread.
    var askedOnKeyLoop: Int { condition.withLock { enteredOnKeyLoop } }
    /// Whether the gate is still shut.
    var isShut: Bool { condition.withLock { !isOpen } }
}

@Suite("Reader keys while a kept picture is decoded", .timeLimit(.minutes(1)))
struct ReaderDecodingTests {
    /// What the key loop saw of the reader.
    struct Seen: Sendable {
        var shown: [Int]
        var pictures: [ReaderPicture]
        var isClosed: Bool
    }

    @Test func nextAndQuitAreAnsweredWhileAKeptPictureIsDecoded() async throws {
        try await withHarness { harness async throws in
            let one = "http://127.0.0.1:9/comics/one.png"
            try JSONEncoder().encode([
                Comic(num: 1, title: "One", img: one),
                Comic(num: 2, title: "Two", img: "http://127.0.0.1:9/comics/two.png"),
            ]).write(to: harness.comicsFile)
            // Comic 1's picture is in images/; comic 2's cannot be downloaded.
            try ImageStore(cacheDirectory: harness.cacheDirectory).save(
                ReaderImageFixtures.samplePNG, forComic: 1, imageURL: one)
            let server = ImageServingSource()
            let maker = GatedPictureMaker(ReaderImageFixtures.maker(.braille))
            defer { maker.open() }
            let context = harness.makeContext()
            NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                server as any ComicSource
            }
            var options = AppOptions()
            options.cacheDirectory = harness.cacheDirectory.path
            options.imageMode = .braille
            AppAssembly.instance(from: context).configure(options: options, environment: .fixed())
            let module = ReaderModuleAssembly.instance(from: context)
            module.addSubstitution(for: \.screenRows) { 24 }
            module.addSubstitution(for: \.pictureMaker) { maker as any ReaderPictureMaking }

            // The keys on a thread of their own, as the terminal's reader reads them.
            let seen = await KeyLoopThread.run {
                maker.callingThreadIsTheKeyLoop()
                let view = FakeReaderView()
                module.inject(into: view, openingAt: 1)
                view.output?.viewIsReady()
                maker.waitUntilAsked()  // comic 1's picture is being decoded, held at the gate
                view.type("n")
                view.type("q")
                return Seen(
                    shown: view.shownNumbers, pictures: view.screens.map(\.picture),
                    isClosed: view.isClosed)
            }

            // The key loop ended with the gate still shut: it never waited for the decoding.
            #expect(maker.isShut)
            #expect(maker.askedOnKeyLoop == 0, "a picture was decoded on the key loop")
            #expect(seen.shown == [1, 2])
            #expect(seen.pictures.first == .notice("loading the image…"))
            #expect(seen.isClosed)
        }
    }
}
