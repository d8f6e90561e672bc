import Foundation
import Testing

@testable import ComicReader

@Suite struct JSONFileUserStateStoreTests {
    func stateFile(in directory: URL) -> URL { directory.appending(path: "state.json") }

    @Test func absentFileIsAnEmptyStateAndWritesNothing() throws {
        try withCacheSandbox { directory throws in
            #expect(
                try JSONFileUserStateStore(fileURL: stateFile(in: directory)).load() == UserState())
            #expect(try sandboxListing(directory).isEmpty)
        }
    }

    @Test func roundTripsThroughTheFile() throws {
        try withCacheSandbox { directory in
            let location = CacheLocation(
                directory: directory.appending(path: "cache", directoryHint: .isDirectory))
            let store = JSONFileUserStateStore(location: location)
            let state = UserState(favorites: [400, 396], read: [395, 396, 400], lastShown: 400)
            try store.save(state)
            #expect(try store.load() == state)
            #expect(try sandboxListing(directory.appending(path: "cache")) == ["state.json"])
        }
    }

    /// A newer version's keys survive a change made by this one.
    @Test func keysItDoesNotKnowAreWrittenBack() throws {
        try withCacheSandbox { directory throws in
            let url = stateFile(in: directory)
            let newer = #"{"favorites": [7], "theme": "dark", "later": {"stack": [1, null]}}"#
            try Data(newer.utf8).write(to: url)
            let store = JSONFileUserStateStore(fileURL: url)
            let state = try store.update { $0.markShown(9) }
            #expect(state.favorites == [7] && state.read == [9] && state.lastShown == 9)
            let saved = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            #expect(saved["theme"] as? String == "dark")
            let later = try #require(saved["later"] as? [String: Any])
            #expect((later["stack"] as? [Any])?.count == 2)
            #expect(try store.load() == state)
        }
    }

    /// A value this version cannot read back does not make the state unreadable.
    @Test(arguments: [#""future": 1e400"#, #""s": "\ud800""#])
    func anUnknownValueItCannotReadIsDropped(field: String) throws {
        try withCacheSandbox { directory throws in
            let url = stateFile(in: directory)
            try Data(#"{"favorites": [1], \#(field), "theme": "dark"}"#.utf8).write(to: url)
            let store = JSONFileUserStateStore(fileURL: url)
            let state = try store.update { $0.markShown(2) }
            #expect(state.favorites == [1] && state.read == [2])
            #expect(state.otherFields.keys.sorted() == ["theme"])
        }
    }

    @Test func corruptStateIsNeverSilentlyReset() throws {
        try withCacheSandbox { directory in
            let url = stateFile(in: directory)
            let damaged = Data(#"{"favorites": [1, 2"#.utf8)
            try damaged.write(to: url)
            let store = JSONFileUserStateStore(fileURL: url)

            let loadError = try #require(throws: CacheError.self) { try store.load() }
            #expect(loadError.description.contains(url.path(percentEncoded: false)))
            #expect(loadError.description.contains("line 1, column 20 (byte 19)"), "\(loadError)")

            let saveError = try #require(throws: CacheError.self) { try store.save(UserState()) }
            guard case .refusingToReplaceCorrupt = saveError else {
                Issue.record("got \(saveError)")
                return
            }
            #expect(try Data(contentsOf: url) == damaged)

            let copy = try store.save(UserState(favorites: [7]), force: true)
            #expect(copy == url.path(percentEncoded: false) + ".corrupt")
            #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(copy))) == damaged)
            #expect(try store.load() == UserState(favorites: [7]))
        }
    }

    @Test func numbersAnIntCannotHoldAreFoundWhereTheyAre() throws {
        try withCacheSandbox { directory in
            let url = stateFile(in: directory)
            for (text, message) in [
                (
                    #"{"favorites": [1, 2.5]}"#,
                    "at line 1, column 19 (byte 18): 2.5 is not a whole number"
                ),
                (
                    #"{"read": [], "last_shown": 99999999999999999999}"#,
                    "at line 1, column 28 (byte 27): 99999999999999999999 is out of range"
                ),
            ] {
                try Data(text.utf8).write(to: url)
                let error = try #require(throws: CacheError.self) {
                    try JSONFileUserStateStore(fileURL: url).load()
                }
                #expect(
                    error.description
                        == "\(url.path(percentEncoded: false)) is damaged \(message) (the file was left untouched)"
                )
            }
        }
    }

    @Test func wrongShapeStateIsCorrupt() throws {
        try withCacheSandbox { directory in
            let url = stateFile(in: directory)
            try Data(#"{"favorites": "all of them"}"#.utf8).write(to: url)
            let error = try #require(throws: CacheError.self) {
                try JSONFileUserStateStore(fileURL: url).load()
            }
            guard case .corrupt(_, let problem) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(problem.codingPath == "favorites")
            #expect(problem.position?.byteOffset == 14)
        }
    }
}
