import Foundation
import Testing

@testable import ComicReader

@Suite("Image store")
struct ImageStoreTests {
    let png = ImageTestFixtures.rgb2x2
    let url = "https://imgs.xkcd.com/comics/barrel_cropped_(1).png"

    @Test("file names come from the comic number and the URL's extension")
    func fileNames() throws {
        #expect(
            try ImageStore.fileName(
                forComic: 1, imageURL: "https://imgs.xkcd.com/comics/barrel_cropped_(1).jpg")
                == "1.jpg")
        #expect(
            try ImageStore.fileName(
                forComic: 1234, imageURL: "https://imgs.xkcd.com/comics/a.PNG?x=1#y") == "1234.png")
        #expect(
            try ImageStore.fileName(forComic: 5, imageURL: "https://example.com/comics/anim.gif")
                == "5.gif")
        #expect(
            try ImageStore.fileName(
                forComic: 7, imageURL: "https://example.com/img/get?id=7", detected: .png)
                == "7.png")
        #expect(
            try ImageStore.fileName(
                forComic: 8, imageURL: "https://example.com/img/picture.php", detected: .jpeg)
                == "8.jpg")
        // No usable extension and no bytes to look at yet: no name can be chosen.
        #expect(
            throws: ImageStoreError.noFileName(comic: 8, url: "https://example.com/img/picture")
        ) {
            try ImageStore.fileName(forComic: 8, imageURL: "https://example.com/img/picture")
        }
    }

    @Test(
        "an img URL that names no file is a clear error, not a crash",
        arguments: [
            "https://imgs.xkcd.com/comics/", "", "https://imgs.xkcd.com",
            "https://imgs.xkcd.com/comics/..",
        ])
    func noFileName(url: String) throws {
        #expect(throws: ImageStoreError.noFileName(comic: 1193, url: url)) {
            try ImageStore.fileName(forComic: 1193, imageURL: url)
        }
        let error = ImageStoreError.noFileName(comic: 1193, url: url)
        #expect(
            error.description.hasPrefix("comic 1193 has no image file to show")
                && error.exitCode == 65)
        try withCacheSandbox { directory in
            let store = ImageStore(cacheDirectory: directory)
            #expect(store.cachedImage(forComic: 1193, imageURL: url) == nil)
            #expect(throws: ImageStoreError.self) {
                try store.save(png, forComic: 1193, imageURL: url)
            }
        }
    }

    @Test("saves under images/, reads back, leaves no temporary file")
    func roundTrip() throws {
        try withCacheSandbox { directory in
            let store = ImageStore(cacheDirectory: directory)
            #expect(store.cachedImage(forComic: 42, imageURL: url) == nil)
            let saved = try store.save(png, forComic: 42, imageURL: url)
            #expect(saved.path == directory.appendingPathComponent("images/42.png").path)
            #expect(store.cachedImage(forComic: 42, imageURL: url) == png)
            let files = try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent("images").path)
            #expect(files == ["42.png"])
        }
    }

    @Test("a URL without extension finds the file saved under the detected format")
    func detectedExtension() throws {
        try withCacheSandbox { directory in
            let store = ImageStore(cacheDirectory: directory)
            let plain = "https://example.com/img/get"
            let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
            let saved = try store.save(gif, forComic: 9, imageURL: plain)
            #expect(saved.lastPathComponent == "9.gif")
            #expect(store.cachedImage(forComic: 9, imageURL: plain) == gif)
        }
    }

    @Test("HTML or a cut-off PNG is refused and never replaces a good file")
    func rejection() throws {
        try withCacheSandbox { directory in
            let store = ImageStore(cacheDirectory: directory)
            try store.save(png, forComic: 42, imageURL: url)
            let html = Array("<!DOCTYPE html><html><body>Service unavailable</body></html>".utf8)
            #expect(throws: ImageStoreError.notAnImage(url: url, looksLike: .html)) {
                try store.save(html, forComic: 42, imageURL: url)
            }
            #expect(
                ImageStoreError.notAnImage(url: url, looksLike: .html).description
                    == "refusing to save \(url): not an image (looks like HTML)")
            let cut = "the PNG file is cut off at byte \(png.count - 5) (it has no IEND chunk)"
            #expect(throws: ImageStoreError.truncated(url: url, problem: cut)) {
                try store.save(Array(png.dropLast(5)), forComic: 42, imageURL: url)
            }
            #expect(throws: ImageStoreError.notAnImage(url: url, looksLike: .empty)) {
                try store.save([], forComic: 42, imageURL: url)
            }
            #expect(store.cachedImage(forComic: 42, imageURL: url) == png)
            let files = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
            #expect(files == ["42.png"])
        }
    }

    @Test("a new good image replaces the old one")
    func replace() throws {
        try withCacheSandbox { directory in
            let store = ImageStore(cacheDirectory: directory)
            try store.save(png, forComic: 3, imageURL: url)
            let other = whitePNG(width: 4, height: 4)
            try store.save(other, forComic: 3, imageURL: url)
            #expect(store.cachedImage(forComic: 3, imageURL: url) == other)
        }
    }

    @Test("garbage already on disk is not returned as an image")
    func garbageOnDisk() throws {
        try withCacheSandbox { directory in
            let store = ImageStore(cacheDirectory: directory)
            try FileManager.default.createDirectory(
                at: store.directory, withIntermediateDirectories: true)
            try Data("<html>oops</html>".utf8).write(
                to: store.directory.appendingPathComponent("5.png"))
            #expect(store.cachedImage(forComic: 5, imageURL: url) == nil)
        }
    }

    @Test("an unwritable location is an I/O error (exit 74) naming the path")
    func unwritable() throws {
        try withCacheSandbox { directory in
            let blocker = directory.appendingPathComponent("file")
            try Data([1]).write(to: blocker)
            // images/ would have to be inside a file.
            let store = ImageStore(cacheDirectory: blocker)
            #expect {
                try store.save(png, forComic: 1, imageURL: url)
            } throws: { error in
                guard let error = error as? ImageStoreError,
                    case .writeFailed(let path, let reason) = error
                else { return false }
                return path == blocker.path(percentEncoded: false)
                    && reason.contains("not a directory") && error.exitCode == 74
            }
        }
    }
}
