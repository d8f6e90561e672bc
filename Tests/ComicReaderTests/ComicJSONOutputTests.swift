import Foundation
import Testing

@testable import ComicReader

@Suite struct ComicJSONOutputTests {
    let comics = [
        RenderingFixtures.woodpecker,
        RenderingFixtures.hostile,
        RenderingFixtures.wide,
        Comic(
            num: 1608, title: "Hoverboard", img: "https://imgs.xkcd.com/comics/",
            extraParts: ["links": "https://xkcd.com/1608/", "pre": "<div>\u{2028}</div>"]),
    ]

    @Test func oneComicRoundTrips() throws {
        for comic in comics {
            let json = try ComicJSONOutput.encode(comic)
            #expect(try JSONDecoder().decode(Comic.self, from: Data(json.utf8)) == comic)
        }
    }

    @Test func aListRoundTripsInOrder() throws {
        let json = try ComicJSONOutput.encode(comics)
        #expect(try JSONDecoder().decode([Comic].self, from: Data(json.utf8)) == comics)
        #expect(json.hasPrefix("["))
    }

    @Test func usesTheAPIShapeWithSortedKeys() throws {
        let json = try ComicJSONOutput.encode(RenderingFixtures.woodpecker)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "num", "title", "safe_title", "alt", "img", "transcript", "link", "news", "year",
                "month", "day",
            ])
        let keyOrder = [
            "alt", "day", "img", "link", "month", "news", "num", "safe_title", "title",
            "transcript", "year",
        ]
        let positions = keyOrder.compactMap { json.range(of: "\"\($0)\" :")?.lowerBound }
        #expect(positions.count == keyOrder.count && positions == positions.sorted())
        #expect(json.contains("\n  \"num\" : 614,"))
        #expect(json.contains("https://imgs.xkcd.com/comics/woodpecker.png"))
    }

    @Test func rawControlsAndBidiNeverReachTheTerminal() throws {
        let json = try ComicJSONOutput.encode(comics)
        #expect(RenderingFixtures.isTerminalSafe(json))
        #expect(!json.unicodeScalars.contains("\u{2028}"))
        #expect(json.contains(#"\u202e"#))
    }
}
