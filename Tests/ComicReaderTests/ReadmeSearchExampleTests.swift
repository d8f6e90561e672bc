import Foundation
import Testing

@testable import ComicReader

/// The searches Demo/README.md gives as examples work on the built-in sample, which is what a
/// reader trying them first has, unless their paragraph says they need `comics refresh`.
@Suite struct ReadmeSearchExampleTests {
    /// A search the README names, and the title it says comes first (nil when it names none).
    struct Example: CustomStringConvertible {
        let query: String
        let firstTitle: String?
        var description: String { "`\(query)` finds \(firstTitle ?? "something")" }
    }

    /// Paragraphs of Demo/README.md outside code blocks, each as one line.
    static func paragraphs() throws -> [String] {
        let readme = try String(
            contentsOf: ReleaseVersionTests.repositoryRoot.appending(path: "Demo/README.md"),
            encoding: .utf8)
        var paragraphs: [String] = []
        var current: [Substring] = []
        var inCode = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if inCode || line.hasPrefix("```") || line.trimmingCharacters(in: .whitespaces).isEmpty
            {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }

    /// The examples in `paragraph`: `` `comics search X` `` and `` `X` finds *Title* ``.
    static func examples(in paragraph: String) throws -> [Example] {
        var examples: [Example] = []
        let commands = try NSRegularExpression(pattern: "`comics search ([^`]+)`")
        let finds = try NSRegularExpression(pattern: "`([^`]+)` finds \\*([^*]+)\\*")
        let whole = NSRange(paragraph.startIndex..., in: paragraph)
        for match in commands.matches(in: paragraph, range: whole) {
            guard let query = Range(match.range(at: 1), in: paragraph) else { continue }
            examples.append(Example(query: String(paragraph[query]), firstTitle: nil))
        }
        for match in finds.matches(in: paragraph, range: whole) {
            guard let query = Range(match.range(at: 1), in: paragraph),
                let title = Range(match.range(at: 2), in: paragraph)
            else { continue }
            var text = String(paragraph[query])
            if text.hasPrefix("comics search ") { text.removeFirst("comics search ".count) }
            examples.append(Example(query: text, firstTitle: String(paragraph[title])))
        }
        return examples
    }

    @Test func everySearchExampleFindsItsComicInTheSampleOrSaysItNeedsARefresh() throws {
        let search = ComicSearch(comics: SampleComics.all, plainText: DisplayText.line)
        var checked = 0
        for paragraph in try Self.paragraphs() where paragraph.contains("search") {
            if paragraph.contains("after `comics refresh`") { continue }
            for example in try Self.examples(in: paragraph) {
                checked += 1
                let hits = search.search(example.query)
                #expect(!hits.isEmpty, "\(example): the sample has no match")
                if let title = example.firstTitle, let first = hits.first {
                    #expect(
                        ComicPresentation.displayTitle(of: first.comic) == title,
                        "\(example), but the sample's first hit is #\(first.comic.num)")
                }
            }
        }
        #expect(checked > 0)
    }
}
