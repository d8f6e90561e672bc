import Foundation
import Testing

@testable import ComicReader

/// Pictures come from a mirror too: its `mirror_img` field, or `--image-base-url`.
@Suite struct ImageAddressTests {
    static let img = "https://imgs.xkcd.com/comics/barrel_cropped_(1).jpg"

    @Test func aMirrorsOwnFieldComesFirstThenTheImageBase() throws {
        var comic = Comic(num: 1, title: "Barrel", img: Self.img)
        #expect(
            ImageAddress().downloadURL(for: comic, address: Self.img)?.absoluteString == Self.img)
        let moved = ImageAddress(imageBase: "http://127.0.0.1:9/pictures")
        #expect(
            moved.downloadURL(for: comic, address: Self.img)?.absoluteString
                == "http://127.0.0.1:9/pictures/comics/barrel_cropped_(1).jpg")
        comic.otherFields["mirror_img"] = .string("http://127.0.0.1:9/m/1.jpg")
        #expect(
            moved.downloadURL(for: comic, address: Self.img)?.absoluteString
                == "http://127.0.0.1:9/m/1.jpg")
    }

    @Test func refreshImagesDownloadsFromTheImageBase() async throws {
        let png = Data(ImageTestFixtures.pngFiles[0].png)
        let tree = try APIFixtureTree.make(
            latest: 2, numbers: [], files: ["pictures/comics/fixture_1.png": png])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }
        try tree.write(png, to: "m/two.png")

        try await withHarness { harness async throws in
            var second = APIFixtureTree.comic(2)
            second.otherFields["mirror_img"] = .string("\(server.baseURL)/m/two.png")
            // img names a host that does not exist; only the mirror has the pictures.
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save([
                APIFixtureTree.comic(1), second,
            ])
            let status = await harness.run([
                "--image-base-url", server.baseURL + "/pictures", "refresh", "--images",
            ])
            #expect(status == 0, "\(harness.console.errors)")
            let images = harness.cacheDirectory.appending(path: "images")
            #expect(try Data(contentsOf: images.appending(path: "1.png")) == png)
            #expect(try Data(contentsOf: images.appending(path: "2.png")) == png)
        }
    }

    /// A refusal names the address the bytes came from, not the comic's `img`.
    @Test func aRefusedPictureNamesTheAddressAsked() async throws {
        let tree = try APIFixtureTree.make(
            latest: 1, numbers: [],
            files: ["pictures/comics/fixture_1.png": Data("<html>moved</html>".utf8)])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }
        try await withHarness { harness async throws in
            try JSONFileArchiveStore(fileURL: harness.comicsFile).save([APIFixtureTree.comic(1)])
            let base = server.baseURL + "/pictures"
            let asked = base + "/comics/fixture_1.png"
            #expect(await harness.run(["--image-base-url", base, "refresh", "--images"]) == 65)
            #expect(harness.console.errors.contains("refusing to save \(asked): not an image"))
            harness.console.clear()
            let show = ["--image-base-url", base, "--image", "blocks", "show", "1"]
            #expect(await harness.run(show) == 0)
            #expect(
                harness.console.errors.contains(
                    "image not shown, not an image (looks like HTML): \(asked)"))
            #expect(!harness.console.errors.contains(APIFixtureTree.comic(1).img))
        }
    }

    @Test func theOptionMustBeAnHTTPAddress() {
        let parser = CommandLineParser(environment: [:])
        #expect(throws: UsageError.self) {
            try parser.parse(["--image-base-url", "ftp://x", "latest"])
        }
        #expect(
            (try? parser.parse(["--image-base-url", "http://m.example/p/", "latest"]))?.options
                .imageBaseURL == "http://m.example/p")
    }
}
