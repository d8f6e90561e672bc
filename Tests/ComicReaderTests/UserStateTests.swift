import Foundation
import Testing

@testable import ComicReader

@Suite struct UserStateTests {
    @Test func markShownRecordsReadAndLastShown() {
        var state = UserState()
        state.markShown(410)
        state.markShown(395)
        #expect(state.read == [395, 410])
        #expect(state.lastShown == 395)
    }

    @Test func toggleFavoriteAddsThenRemoves() {
        var state = UserState()
        #expect(state.toggleFavorite(400) == true)
        #expect(state.favorites == [400])
        #expect(state.toggleFavorite(400) == false)
        #expect(state.favorites.isEmpty)
    }

    @Test func encodesSortedArraysAndSnakeCaseKeys() throws {
        let state = UserState(favorites: [9, 2, 5], read: [3, 1], lastShown: 5)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(state), as: UTF8.self)
        #expect(text == #"{"favorites":[2,5,9],"last_shown":5,"read":[1,3]}"#)
        #expect(try JSONDecoder().decode(UserState.self, from: Data(text.utf8)) == state)
    }

    @Test func missingKeysDecodeAsNothingRecorded() throws {
        #expect(try JSONDecoder().decode(UserState.self, from: Data("{}".utf8)) == UserState())
        let partial = try JSONDecoder().decode(UserState.self, from: Data(#"{"read": [7]}"#.utf8))
        #expect(partial == UserState(read: [7]))
    }
}
