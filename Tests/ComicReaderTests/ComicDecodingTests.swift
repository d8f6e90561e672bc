import Foundation
import Testing

@testable import ComicReader

/// `Comic` reads the quirks of real API replies instead of dropping the comic.
@Suite struct ComicDecodingTests {
    private func decode(_ json: String) throws -> Comic {
        try JSONDecoder().decode(Comic.self, from: Data(json.utf8))
    }

    @Test func missingOptionalTextFieldsAreEmpty() throws {
        let comic = try decode(
            #"{"num": 1, "title": "Barrel", "safe_title": "Barrel", "alt": "A", "img": "i", "#
                + #""year": "2006", "month": "1", "day": "1"}"#)
        #expect(comic.transcript == "")
        #expect(comic.news == "")
        #expect(comic.link == "")
        #expect(comic.title == "Barrel")
    }

    @Test func numericDatePartsAreAccepted() throws {
        let comic = try decode(
            #"{"num": 2, "title": "T", "year": 2006, "month": 1, "day": "31"}"#)
        #expect(comic.year == "2006")
        #expect(comic.month == "1")
        #expect(comic.day == "31")
    }

    @Test func nullTitleFallsBackToTheSafeTitle() throws {
        let comic = try decode(#"{"num": 3, "title": null, "safe_title": "Safe", "year": "2007"}"#)
        #expect(comic.title == "Safe")
        #expect(comic.safeTitle == "Safe")
        let untitled = try decode(#"{"num": 4, "title": null}"#)
        #expect(untitled.title == "")
    }

    @Test func aMissingNumberIsStillAnError() {
        #expect(throws: DecodingError.self) { try decode(#"{"title": "No number"}"#) }
    }

    @Test func unknownFieldsSurviveTheJSONOutputAndTheCache() throws {
        let comic = try decode(
            #"{"num": 5, "title": "T", "mirror_img": "https://m.example/5.png", "#
                + #""rating": 4.5, "tags": ["a", 1, null, true], "extra": {"w": 740}}"#)
        #expect(comic.otherFields["mirror_img"] == .string("https://m.example/5.png"))
        let output = try ComicJSONOutput.encode(comic)
        #expect(output.contains(#""mirror_img" : "https://m.example/5.png""#))
        #expect(output.contains(#""w" : 740"#))
        #expect(output.contains(#""rating" : 4.5"#))
        #expect(try decode(output) == comic)
    }
}
