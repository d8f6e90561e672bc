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
