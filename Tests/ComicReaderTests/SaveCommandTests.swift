import Foundation
import Testing

@testable import ComicReader

/// `comics save N [FILE]` writes the picture and never replaces a file.
@Suite struct SaveCommandTests {
    @Test func savesTheSamplePictureAndNeverOverwrites() async throws {
        try await withHarness { harness async throws in
            let file = harness.cacheDirectory.appending(path: "out/400.png")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(await harness.run(["save", "400", file.path]) == 0)
            let saved = try Data(contentsOf: file)
            #expect([UInt8](saved) == SampleImages.png(forComic: 400))
            #expect(harness.console.errors.contains("saved the picture of comic 400 as"))

            try Data("mine".utf8).write(to: file)
            #expect(await harness.run(["save", "401", file.path]) == 73)
            #expect(harness.console.errors.contains("is never overwritten"))
            #expect(try Data(contentsOf: file) == Data("mine".utf8))

            #expect(await harness.run(["save", "999", file.path + ".2"]) == 69)
            #expect(!FileManager.default.fileExists(atPath: file.path + ".2"))
        }
    }

    @Test func aFolderMeansSaveThereUnderThePicturesName() async throws {
        try await withHarness { harness async throws in
            let folder = harness.cacheDirectory.appending(path: "pictures")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(await harness.run(["save", "400", folder.path]) == 0)
            #expect(await harness.run(["save", "401", folder.path + "/"]) == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names.count == 2)
            #expect(names.first?.hasPrefix("400-") == true)
            #expect(names.last?.hasPrefix("401-") == true)
            let first = try Data(contentsOf: folder.appending(path: names[0]))
            #expect([UInt8](first) == SampleImages.png(forComic: 400))
            // The same again finds the file there and keeps it.
            #expect(await harness.run(["save", "400", folder.path]) == 73)
            #expect(harness.console.errors.contains("is never overwritten"))
        }
    }

    /// A harness whose archive has comic 7, its picture served by `server` as `served`, and a
    /// kept copy of it in `images/` cut short.
    static func damagedPictureHarness(
        _ harness: AppHarness, served: Data
    ) throws -> (store: ImageStore, url: URL) {
        let url = ScriptedImageServer.imageURL(7)
        let server = ScriptedImageServer(files: [url: served])
        harness.configure = { context in
            NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) { server }
        }
        try JSONFileArchiveStore(fileURL: harness.comicsFile).save([
            ScriptedImageServer.comic(7, img: url.absoluteString)
        ])
        let store = ImageStore(cacheDirectory: harness.cacheDirectory)
        try FileManager.default.createDirectory(
            at: store.directory, withIntermediateDirectories: true)
        try ComicImageRefresherTests.png.prefix(40).write(
            to: store.directory.appending(path: "7.png"))
        return (store, url)
    }

    @Test func aDamagedKeptPictureIsFetchedAgainBeforeSaving() async throws {
        try await withHarness { harness async throws in
            let (store, _) = try Self.damagedPictureHarness(
                harness, served: ComicImageRefresherTests.png)
            let file = harness.cacheDirectory.appending(path: "seven.png")
            #expect(await harness.run(["save", "7", file.path]) == 0)
            #expect(try Data(contentsOf: file) == ComicImageRefresherTests.png)
            let kept = try Data(contentsOf: store.directory.appending(path: "7.png"))
            #expect(kept == ComicImageRefresherTests.png)
        }
    }

    @Test func aPictureThatStaysDamagedIsNeverSaved() async throws {
        try await withHarness { harness async throws in
            _ = try Self.damagedPictureHarness(
                harness, served: ComicImageRefresherTests.png.prefix(40))
            let file = harness.cacheDirectory.appending(path: "seven.png")
            #expect(await harness.run(["save", "7", file.path]) == 65)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(
                harness.console.errors.contains(
                    "not saving the picture of comic 7: the PNG file is cut off at byte 40"))
        }
    }

    /// The code `refresh --images` gives the same failure: 75 where a later try may succeed.
    @Test(arguments: [
        (NetworkError.httpStatus(url: ScriptedImageServer.imageURL(7), status: 500), Int32(75)),
        (.httpStatus(url: ScriptedImageServer.imageURL(7), status: 429), 75),
        (.timeout(url: ScriptedImageServer.imageURL(7), seconds: 2), 75),
        (.httpStatus(url: ScriptedImageServer.imageURL(7), status: 404), 69),
        (.replyTooLarge(url: ScriptedImageServer.imageURL(7), limit: 1 << 20), 65),
    ])
    func aFailedDownloadEndsWithTheRefreshesCode(failure: NetworkError, code: Int32) async throws {
        try await withHarness { harness async throws in
            let url = ScriptedImageServer.imageURL(7)
            let server = ScriptedImageServer(files: [:], failures: [url: [failure]])
            harness.configure = { context in
                NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                    server
                }
            }
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save([
                ScriptedImageServer.comic(7, img: url.absoluteString)
            ])
            let file = harness.cacheDirectory.appending(path: "seven.png")
            #expect(await harness.run(["save", "7", file.path]) == code)
            #expect(harness.console.errors.contains("cannot save the picture of comic 7"))
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func anInteractiveComicHasNoPictureToSave() async throws {
        try await withHarness { harness async throws in
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save([
                Comic(num: 1, title: "Click", img: "https://imgs.xkcd.com/comics/")
            ])
            let file = harness.cacheDirectory.appending(path: "click.png")
            #expect(await harness.run(["save", "1", file.path]) == 69)
            #expect(harness.console.errors.contains("interactive"))
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func theDefaultNameIsTheNumberAndThePicturesName() {
        #expect(
            SaveCommand.defaultName(
                614, address: "https://imgs.xkcd.com/comics/woodpecker.png", isSample: false)
                == "614-woodpecker.png")
        #expect(
            SaveCommand.defaultName(
                400, address: "https://imgs.xkcd.com/comics/four_hundred.gif", isSample: true)
                == "400-four_hundred.png")
        #expect(SaveCommand.path("a.png", in: "/tmp/x") == "/tmp/x/a.png")
        #expect(SaveCommand.path("/b.png", in: "/tmp/x") == "/b.png")
    }

    @Test func theCommandLineTakesANumberAndMaybeAFile() throws {
        let parser = CommandLineParser(environment: [:])
        #expect(try parser.parse(["save", "614"]).command == .save(614, file: nil))
        #expect(try parser.parse(["save", "614", "w.png"]).command == .save(614, file: "w.png"))
        #expect(throws: UsageError.self) { try parser.parse(["save"]) }
        #expect(throws: UsageError.self) { try parser.parse(["save", "1", "a", "b"]) }
    }
}
