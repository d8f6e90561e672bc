import Foundation

@testable import ComicReader

/// A temporary directory laid out like the xkcd API (`info.0.json`, `{n}/info.0.json`),
/// for a real HTTP server to serve. Call `remove()` when done.
struct APIFixtureTree {
    /// The HTML page served instead of JSON for the numbers given as `html`.
    static let htmlPage = """
        <!DOCTYPE html>
        <html><head><title>Maintenance</title></head>
        <body>\u{1B}[31mWe'll be back soon.</body></html>
        """

    let directory: URL

    /// Writes comics `numbers` and the latest comic `latest`.
    /// - Parameters:
    ///   - html: numbers whose file holds an HTML page instead of JSON.
    ///   - numberAsText: numbers whose JSON has `"num"` as a string (wrong type).
    ///   - files: extra files by relative path, such as images.
    static func make(
        latest: Int, numbers: some Sequence<Int>, html: Set<Int> = [], numberAsText: Set<Int> = [],
        files: [String: Data] = [:]
    ) throws -> APIFixtureTree {
        let tree = APIFixtureTree(directory: try TemporaryDirectory("network").url)
        try tree.write(json(for: latest), to: "info.0.json")
        for number in numbers {
            let body =
                html.contains(number)
                ? htmlPage : json(for: number, numberAsText: numberAsText.contains(number))
            try tree.write(body, to: "\(number)/info.0.json")
        }
        for (path, data) in files {
            try tree.write(data, to: path)
        }
        return tree
    }

    /// The JSON the API would serve for comic `number`, written out by hand so the tests do
    /// not depend on how `Comic` encodes itself.
    /// `img` is the image URL, by default one on a host that is never asked.
    static func json(for number: Int, numberAsText: Bool = false, img: String? = nil) -> String {
        let num = numberAsText ? "\"\(number)\"" : "\(number)"
        let img = img ?? "https://imgs.example.org/comics/fixture_\(number).png"
        return """
            {"month": "7", "num": \(num), "link": "", "year": "2008", "news": "", \
            "safe_title": "Fixture \(number)", "transcript": "[[A line.]]", \
            "alt": "Alt text of \(number).", "img": "\(img)", \
            "title": "Fixture \(number)", "day": "\(number % 28 + 1)"}
            """
    }

    /// The comic `json(for:)` describes.
    static func comic(_ number: Int) -> Comic {
        Comic(
            num: number, title: "Fixture \(number)", safeTitle: "Fixture \(number)",
            alt: "Alt text of \(number).",
            img: "https://imgs.example.org/comics/fixture_\(number).png", transcript: "[[A line.]]",
            link: "",
            news: "", year: "2008", month: "7", day: "\(number % 28 + 1)")
    }

    /// Points comic `number`'s JSON (and the latest comic's when it is `latest`) at the image
    /// `{base}/{imagePath}` and writes `image` there when given. The base is only known once
    /// the server runs; the server reads files on each request, so this may come after.
    func serveImage(ofComic number: Int, latest: Int, base: String, imagePath: String, image: Data?)
        throws
    {
        let json = Self.json(for: number, img: "\(base)/\(imagePath)")
        try write(json, to: "\(number)/info.0.json")
        if number == latest { try write(json, to: "info.0.json") }
        if let image { try write(image, to: imagePath) }
    }

    /// Writes `text` at `path` inside the tree, creating folders.
    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` at `path` inside the tree, creating folders.
    func write(_ data: Data, to path: String) throws {
        let file = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Deletes the tree.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
