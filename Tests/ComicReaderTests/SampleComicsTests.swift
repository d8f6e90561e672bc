import Foundation
import Testing

@testable import ComicReader

@Suite struct SampleComicsTests {
    let comics = SampleComics.all

    @Test func decodesEveryNumberFrom395To441Except404() {
        #expect(comics.count >= 45)
        #expect(comics.map(\.num) == Array(395...441).filter { $0 != 404 })
    }

    @Test func datesAreNumericUnpaddedAndIncreasing() throws {
        var previous: [Int] = []
        for comic in comics {
            #expect(!comic.month.hasPrefix("0") && !comic.day.hasPrefix("0"), "comic \(comic.num)")
            let date = try [comic.year, comic.month, comic.day].map {
                try #require(Int($0), "comic \(comic.num)")
            }
            #expect((1...12).contains(date[1]) && (1...31).contains(date[2]), "comic \(comic.num)")
            #expect(
                previous.lexicographicallyPrecedes(date),
                "comic \(comic.num) is not after the one before")
            previous = date
        }
    }

    @Test func imagesFollowTheAPIsURLShape() {
        for comic in comics {
            #expect(comic.img.hasPrefix("https://imgs.xkcd.com/comics/"), "comic \(comic.num)")
        }
        for ext in [".png", ".jpg", ".gif"] {
            #expect(comics.contains { $0.img.hasSuffix(ext) }, "no \(ext) image")
        }
        #expect(comics.filter { !$0.link.isEmpty }.count < comics.count / 4)
    }

    @Test func interactiveComicHasNoImageFileButExtraParts() throws {
        let interactive = try #require(comics.first { $0.img == "https://imgs.xkcd.com/comics/" })
        let parts = try #require(interactive.extraParts)
        #expect(!parts.isEmpty)
        #expect(comics.filter { $0.extraParts != nil }.map(\.num) == [interactive.num])
    }

    @Test(arguments: ["&eacute;", "&nbsp;", "&#8212;", "&#x2014;", "&amp;"])
    func htmlEntityAppearsInTitlesOrAlt(entity: String) {
        #expect(comics.contains { $0.title.contains(entity) || $0.alt.contains(entity) })
    }

    @Test func entitiesAppearInBothTitlesAndAltTexts() {
        let entity = /&(#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z]+);/
        #expect(comics.contains { $0.title.contains(entity) })
        #expect(comics.contains { $0.alt.contains(entity) })
    }

    @Test func bareAmpersandAppears() {
        #expect(comics.contains { $0.title.contains(/&(?![#A-Za-z0-9]+;)/) })
        #expect(comics.contains { $0.alt.contains(/&(?![#A-Za-z0-9]+;)/) })
    }

    @Test func htmlTagsAndTagLookalikesAppear() {
        #expect(comics.contains { $0.title.contains(#"<span style="color:#0000ED">"#) })
        #expect(comics.contains { $0.alt.contains("<i>") })
        #expect(comics.contains { $0.title.contains("<br />") })
        #expect(
            comics.contains { $0.title.hasPrefix("<City>") && $0.safeTitle.hasPrefix("<City>") })
    }

    @Test func emptyFieldsAndTranscriptMarkupAppear() {
        #expect(comics.contains { $0.alt.isEmpty })
        #expect(comics.contains { $0.transcript.isEmpty })
        #expect(comics.contains { $0.transcript.hasPrefix("[[") && $0.transcript.contains("]]\n") })
        #expect(
            comics.contains {
                $0.transcript.contains("\n\n{{Title text: ") && $0.transcript.hasSuffix("}}")
            })
        #expect(comics.contains { $0.title != $0.safeTitle })
    }

    @Test func nonASCIIMojibakeAndControlCharactersAppear() {
        func anyScalar(_ matches: (Unicode.Scalar) -> Bool) -> Bool {
            comics.contains { ($0.title + $0.alt).unicodeScalars.contains(where: matches) }
        }
        #expect(anyScalar { (0xC0...0x17F).contains($0.value) }, "accented Latin letters")
        #expect(anyScalar { (0x4E00...0x9FFF).contains($0.value) }, "CJK ideographs")
        #expect(anyScalar { $0.properties.isEmojiPresentation }, "emoji")
        #expect(comics.contains { $0.title.contains("CafÃ© Ã¼ber") })
        #expect(comics.contains { $0.title.unicodeScalars.first == "\u{202E}" })
        #expect(comics.contains { $0.alt.contains("\u{1B}[31m") })
    }

    @Test func controlCharactersAreWrittenAsJSONEscapesInTheSource() throws {
        let text = try #require(String(data: SampleComics.data, encoding: .utf8))
        #expect(text.contains(#"\u202e"#) && !text.unicodeScalars.contains("\u{202E}"))
        #expect(text.contains(#"\u001b[31m"#) && !text.unicodeScalars.contains("\u{1B}"))
    }

    @Test func reencodesInTheAPIsShape() throws {
        let encoded = try JSONEncoder().encode(comics)
        #expect(try JSONDecoder().decode([Comic].self, from: encoded) == comics)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: SampleComics.data) as? [[String: Any]])
        let required: Set = [
            "num", "title", "safe_title", "alt", "img", "transcript", "link", "news", "year",
            "month", "day",
        ]
        for object in objects {
            #expect(required.isSubset(of: object.keys), "\(object["num"] ?? "?")")
            #expect(Set(object.keys).subtracting(required).isSubset(of: ["extra_parts"]))
        }
    }
}
