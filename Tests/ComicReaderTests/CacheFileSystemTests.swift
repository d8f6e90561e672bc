import Foundation
import Testing

@testable import ComicReader

@Suite struct CacheFileSystemTests {
    @Test func failedReplaceRemovesItsTemporaryFile() throws {
        try withCacheSandbox { directory in
            // A non-empty directory where the file should go makes the final rename fail.
            let target = directory.appending(path: "comics.json")
            let inside = target.appending(path: "inside")
            try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
            #expect(throws: CacheError.self) {
                try CacheFileSystem.writeAtomically(
                    Data("[]".utf8), to: target.path(percentEncoded: false))
            }
            #expect(try sandboxListing(directory) == ["comics.json"])
        }
    }

    @Test func createNewNeverReplacesAnExistingFile() throws {
        try withCacheSandbox { directory throws in
            let path = directory.appending(path: "keep").path(percentEncoded: false)
            #expect(try CacheFileSystem.createNew(Data("first".utf8), at: path))
            #expect(try !CacheFileSystem.createNew(Data("second".utf8), at: path))
            #expect(try CacheFileSystem.readIfPresent(path) == Data("first".utf8))
        }
    }

    @Test func readingAMissingFileGivesNil() throws {
        try withCacheSandbox { directory throws in
            let missing = directory.appending(path: "nope").path(percentEncoded: false)
            #expect(try CacheFileSystem.readIfPresent(missing) == nil)
        }
    }
}
