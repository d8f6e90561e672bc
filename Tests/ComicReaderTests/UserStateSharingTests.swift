import Foundation
import Testing

@testable import ComicReader

/// Two users of `state.json` at once (the reader and a command beside it, or two commands)
/// never lose each other's changes, and a damaged file stops nothing that only reads.
@Suite struct UserStateSharingTests {
    @Test func aStaleSessionKeepsAFavouriteAddedMeanwhile() throws {
        try withCacheSandbox { directory in
            let url = directory.appending(path: "state.json")
            let store = JSONFileUserStateStore(fileURL: url)
            try store.save(UserState(favorites: [7]))
            let reader = ReadingSession(
                archiveStore: JSONFileArchiveStore(fileURL: directory.appending(path: "c.json")),
                stateStore: store)
            #expect(try reader.state().favorites == [7])  // loaded once, now stale

            _ = try JSONFileUserStateStore(fileURL: url).update { $0.favorites.insert(101) }
            try reader.updateState { $0.markShown(5) }

            let saved = try store.load()
            #expect(saved.favorites == [7, 101])
            #expect(saved.read == [5])
            #expect(try reader.state().favorites == [7, 101])
        }
    }

    @Test func concurrentUpdatesFromSeparateStoresAreAllKept() throws {
        try withCacheSandbox { directory in
            let url = directory.appending(path: "state.json")
            let writers = 4
            let perWriter = 25
            let failures = FailureCount()
            DispatchQueue.concurrentPerform(iterations: writers) { writer in
                let store = JSONFileUserStateStore(fileURL: url)  // like another process
                for step in 0..<perWriter {
                    do {
                        _ = try store.update { $0.favorites.insert(writer * 1000 + step) }
                    } catch {
                        failures.add()
                    }
                }
            }
            #expect(failures.value == 0)
            let saved = try JSONFileUserStateStore(fileURL: url).load()
            #expect(saved.favorites.count == writers * perWriter)
        }
    }

    @Test func updateRefusesADamagedFileAndLeavesIt() throws {
        try withCacheSandbox { directory in
            let url = directory.appending(path: "state.json")
            try Data().write(to: url)
            let store = JSONFileUserStateStore(fileURL: url)
            #expect(throws: CacheError.self) { try store.update { $0.favorites.insert(1) } }
            #expect(try Data(contentsOf: url).isEmpty)
            #expect(try store.resetIfDamaged() == url.path(percentEncoded: false) + ".corrupt")
            #expect(try store.load() == UserState())
            #expect(try store.resetIfDamaged() == nil)
        }
    }

    @Test func readOnlyCommandsWorkWithADamagedStateFileAndSayHowToRecover() async throws {
        try await withHarness { harness async throws in
            try Data().write(to: harness.stateFile)  // even an empty file is damaged

            #expect(await harness.run(["show", "400"]) == 0)
            #expect(harness.console.output.contains("Hundred"))
            #expect(harness.console.errors.contains("warning: "))
            #expect(harness.console.errors.contains("comics reset-state"))
            #expect(await harness.run(["list"]) == 0)
            #expect(await harness.run(["search", "build"]) == 0)
            #expect(await harness.run(["favorites"]) == 0)
            #expect(try Data(contentsOf: harness.stateFile).isEmpty)

            #expect(await harness.run(["favorites", "add", "400"]) == 65)
            #expect(harness.console.errors.contains("cannot change the favourites"))
            #expect(try Data(contentsOf: harness.stateFile).isEmpty)

            #expect(await harness.run(["reset-state"]) == 0)
            #expect(harness.console.errors.contains("kept as"))
            let copy = harness.cacheDirectory.appending(path: "state.json.corrupt")
            #expect(try Data(contentsOf: copy).isEmpty)
            #expect(await harness.run(["favorites", "add", "400"]) == 0)
            #expect(try harness.savedState().favorites == [400])
        }
    }
}

/// A counter several threads add to.
final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
