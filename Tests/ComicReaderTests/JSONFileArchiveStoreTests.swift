import Foundation
import Testing

@testable import ComicReader

@Suite struct JSONFileArchiveStoreTests {
    let comics = [
        Comic(
            num: 2, title: "Two", img: "https://imgs.xkcd.com/comics/two.png", year: "2020",
            month: "2", day: "9"),
        Comic(
            num: 1, title: "One &amp; Only", safeTitle: "One & Only",
            extraParts: ["post": "<div></div>"]),
    ]

    /// A damaged cache file whose first error is at line 2, column 13, byte 14 (the second comma).
    let corruptJSON = "[\n  {\"num\": 1,, \"title\": \"x\"}\n]\n"

    func file(in directory: URL) -> URL { directory.appending(path: "comics.json") }

    func bytes(of url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test func absentFileLoadsTheSampleAndWritesNothing() throws {
        try withCacheSandbox { directory in
            let cache = directory.appending(path: "not-yet")
            let archive = try JSONFileArchiveStore(fileURL: file(in: cache)).load()
            #expect(archive.source == .builtInSample && archive.isSample)
            #expect(archive.comics == SampleComics.all)
            #expect(try sandboxListing(directory).isEmpty)
        }
    }

    @Test func saveCreatesTheDirectoryAndRoundTrips() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory.appending(path: "a/b"))
            let store = JSONFileArchiveStore(fileURL: url)
            #expect(try store.save(comics).keptCopy == nil)
            let archive = try store.load()
            #expect(archive.source == .cache(url) && !archive.isSample)
            #expect(archive.comics == comics.sorted { $0.num < $1.num })
        }
    }

    @Test func savedFileIsAnArrayInTheAPIsShape() throws {
        try withCacheSandbox { directory in
            try JSONFileArchiveStore(fileURL: file(in: directory)).save(comics)
            let objects = try #require(
                try JSONSerialization.jsonObject(with: bytes(of: file(in: directory)))
                    as? [[String: Any]])
            #expect(objects.map { $0["num"] as? Int } == [1, 2])
            #expect(objects[0]["safe_title"] as? String == "One & Only")
            #expect((objects[0]["extra_parts"] as? [String: String]) == ["post": "<div></div>"])
            #expect(objects[1]["month"] as? String == "2" && objects[1]["extra_parts"] == nil)
        }
    }

    @Test func repeatedSavesLeaveNoTemporaryFiles() throws {
        try withCacheSandbox { directory in
            let store = JSONFileArchiveStore(fileURL: file(in: directory))
            try store.save(comics)
            try store.save(SampleComics.all)
            try store.save(Array(comics.prefix(1)))
            #expect(try sandboxListing(directory) == ["comics.json"])
            let numbers = Set(comics.map(\.num) + SampleComics.all.map(\.num))
            #expect(try store.load().comics.map(\.num) == numbers.sorted())
        }
    }

    @Test func corruptFileIsReportedWithPathAndPositionAndLeftUntouched() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            try Data(corruptJSON.utf8).write(to: url)
            let error = try #require(throws: CacheError.self) {
                try JSONFileArchiveStore(fileURL: url).load()
            }
            guard case .corrupt(let path, let problem) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(path == url.path(percentEncoded: false))
            #expect(problem.position?.byteOffset == 14)
            #expect((problem.position?.line, problem.position?.column) == (2, 13))
            #expect(error.description.contains(url.path(percentEncoded: false)))
            #expect(error.description.contains("line 2, column 13"))
            #expect(error.exitCode == 65)
            #expect(try bytes(of: url) == Data(corruptJSON.utf8))
            #expect(try sandboxListing(directory) == ["comics.json"])
        }
    }

    @Test func truncatedFileIsReportedAtItsEnd() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            // It ends after "é": line 2, column 17, byte 19.
            let truncated = Data("[\n {\"title\": \"Café".utf8)
            try truncated.write(to: url)
            let error = try #require(throws: CacheError.self) {
                try JSONFileArchiveStore(fileURL: url).load()
            }
            #expect(error.description.contains("line 2, column 17 (byte 19)"), "\(error)")
            #expect(try bytes(of: url) == truncated)
        }
    }

    @Test func truncatedSavedCacheIsReportedAtTheCut() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            try JSONFileArchiveStore(fileURL: url).save(SampleComics.all)
            let full = try bytes(of: url)
            for cut in [1, full.count / 3, full.count / 2, full.count - 3] {
                let truncated = full.prefix(cut)
                try truncated.write(to: url)
                let error = try #require(throws: CacheError.self) {
                    try JSONFileArchiveStore(fileURL: url).load()
                }
                guard case .corrupt(_, let problem) = error else {
                    Issue.record("got \(error)")
                    return
                }
                #expect(problem.position?.byteOffset == cut)
                #expect(try bytes(of: url) == truncated)
            }
        }
    }

    @Test func emptyFileIsCorruptAtTheStart() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            try Data().write(to: url)
            let error = try #require(throws: CacheError.self) {
                try JSONFileArchiveStore(fileURL: url).load()
            }
            #expect(error.description.contains("line 1, column 1 (byte 0)"), "\(error)")
        }
    }

    @Test func wrongShapeIsReportedWithCodingPathAndPosition() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            let good = String(
                decoding: try JSONEncoder().encode(Comic(num: 1, title: "ok")), as: UTF8.self)
            let bad = good.replacingOccurrences(of: #""num":1"#, with: #""num": "two""#)
            try Data("[\(good),\n\(bad)]".utf8).write(to: url)
            let error = try #require(throws: CacheError.self) {
                try JSONFileArchiveStore(fileURL: url).load()
            }
            guard case .corrupt(_, let problem) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(problem.codingPath == "[1].num")
            let column = try #require(bad.range(of: #""two""#)).lowerBound.utf16Offset(in: bad) + 1
            #expect((problem.position?.line, problem.position?.column) == (2, column))
        }
    }

    @Test func saveRefusesToReplaceACorruptFileWithoutForce() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            try Data(corruptJSON.utf8).write(to: url)
            let error = try #require(throws: CacheError.self) {
                try JSONFileArchiveStore(fileURL: url).save(comics)
            }
            guard case .refusingToReplaceCorrupt = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(error.description.contains("--force"))
            #expect(error.description.contains(url.path(percentEncoded: false)))
            #expect(error.exitCode == 65)
            #expect(try bytes(of: url) == Data(corruptJSON.utf8))
            #expect(try sandboxListing(directory) == ["comics.json"])
        }
    }

    @Test func forcedSaveKeepsNumberedCorruptCopiesAndNeverOverwritesOne() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            let store = JSONFileArchiveStore(fileURL: url)
            let path = url.path(percentEncoded: false)

            try Data(corruptJSON.utf8).write(to: url)
            #expect(try store.save(comics, force: true).keptCopy == path + ".corrupt")
            #expect(try store.load().comics.map(\.num) == [1, 2])

            try Data("second damage".utf8).write(to: url)
            #expect(try store.save(comics, force: true).keptCopy == path + ".corrupt.1")

            #expect(
                try bytes(of: directory.appending(path: "comics.json.corrupt"))
                    == Data(corruptJSON.utf8))
            #expect(
                try bytes(of: directory.appending(path: "comics.json.corrupt.1"))
                    == Data("second damage".utf8))
            #expect(
                try sandboxListing(directory) == [
                    "comics.json", "comics.json.corrupt", "comics.json.corrupt.1",
                ])
        }
    }

    @Test func forceOverAValidFileKeepsNoCopy() throws {
        try withCacheSandbox { directory in
            let store = JSONFileArchiveStore(fileURL: file(in: directory))
            try store.save(comics)
            #expect(try store.save(SampleComics.all, force: true).keptCopy == nil)
            #expect(try sandboxListing(directory) == ["comics.json"])
        }
    }

    @Test func unreadableCacheIsAnIOError() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            let error = try #require(throws: CacheError.self) {
                try JSONFileArchiveStore(fileURL: url).load()
            }
            guard case .unreadable = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(error.exitCode == 74)
        }
    }

    @Test func unwritableDirectoryIsAnIOError() throws {
        try withCacheSandbox { directory in
            let blocker = directory.appending(path: "blocker")
            try Data("a file, not a directory".utf8).write(to: blocker)
            let store = JSONFileArchiveStore(fileURL: blocker.appending(path: "comics.json"))
            let error = try #require(throws: CacheError.self) { try store.save(comics) }
            guard case .unwritable(let path, let reason) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(
                path == blocker.path(percentEncoded: false) && reason.contains("not a directory"))
            #expect(error.exitCode == 74)
            #expect(try bytes(of: blocker) == Data("a file, not a directory".utf8))
        }
    }

    @Test func aSaveKeepsWhatAnotherStoreSavedMeanwhile() throws {
        try withCacheSandbox { directory in
            let first = JSONFileArchiveStore(fileURL: file(in: directory))
            let second = JSONFileArchiveStore(fileURL: file(in: directory))  // another process
            try first.save([Comic(num: 1, title: "old one"), Comic(num: 2, title: "Two")])
            let later = try second.save([Comic(num: 3, title: "Three")])
            #expect(later.comics.map(\.num) == [1, 2, 3])
            let last = try first.save([Comic(num: 1, title: "One"), Comic(num: 4, title: "Four")])
            #expect(last.comics.map(\.num) == [1, 2, 3, 4])
            #expect(last.comics.first?.title == "One")
            #expect(try first.load().comics == last.comics)
        }
    }

    @Test func concurrentSavesFromSeparateStoresLoseNoComic() throws {
        try withCacheSandbox { directory in
            let url = file(in: directory)
            let writers = 4
            let perWriter = 25
            let failures = FailureCount()
            DispatchQueue.concurrentPerform(iterations: writers) { writer in
                let store = JSONFileArchiveStore(fileURL: url)  // like another process
                for step in 1...perWriter {
                    do {
                        try store.save([Comic(num: writer * 1000 + step, title: "\(step)")])
                    } catch {
                        failures.add()
                    }
                }
            }
            #expect(failures.value == 0)
            let saved = try JSONFileArchiveStore(fileURL: url).load()
            #expect(saved.comics.count == writers * perWriter)
        }
    }

    @Test func aRefreshCountsWhatAnotherRefreshSavedMeanwhile() throws {
        try withCacheSandbox { directory in
            let store = JSONFileArchiveStore(fileURL: file(in: directory))
            let one = ArchiveRefreshSink(store: store, existing: [], replacesDamagedFile: false)
            let other = ArchiveRefreshSink(store: store, existing: [], replacesDamagedFile: false)
            try one.store([Comic(num: 6, title: "Six")])
            try other.store([Comic(num: 1, title: "One")])
            try one.store([Comic(num: 7, title: "Seven")])
            #expect(one.numbers == [1, 6, 7] && one.count == 3)
            #expect(try store.load().comics.map(\.num) == [1, 6, 7])
        }
    }

    /// Two refreshes' records add up: what one learned is not lost when the other saves what
    /// it loaded before; a number that came after all is no longer absent.
    @Test func refreshRecordsAddUp() throws {
        try withCacheSandbox { directory in
            let store = JSONFileArchiveStore(fileURL: file(in: directory))
            let one = ArchiveRefreshSink(store: store, existing: [], replacesDamagedFile: false)
            let other = ArchiveRefreshSink(store: store, existing: [], replacesDamagedFile: false)
            try one.recordServer(latest: 40, absent: [13, 14])
            try other.recordServer(latest: 60, absent: [20])
            #expect(other.record == RefreshRecord(absent: [13, 14, 20], latest: 60))
            try other.store([Comic(num: 13, title: "came after all")])
            try other.recordServer(latest: 60, absent: [])
            #expect(try store.load().record == RefreshRecord(absent: [14, 20], latest: 60))
        }
    }

    /// A refresh that loaded the cache before another saved newer comics does not put its
    /// older ones back: it saves what it fetched, not what it loaded.
    @Test func aRefreshNeverPutsBackWhatItLoaded() throws {
        try withCacheSandbox { directory in
            let store = JSONFileArchiveStore(fileURL: file(in: directory))
            let old = [Comic(num: 1, title: "v1"), Comic(num: 2, title: "v1")]
            try store.save(old)
            let slow = ArchiveRefreshSink(store: store, existing: old, replacesDamagedFile: false)
            let forced = ArchiveRefreshSink(store: store, existing: old, replacesDamagedFile: false)
            try forced.store([Comic(num: 1, title: "v2"), Comic(num: 2, title: "v2")])
            try slow.store([Comic(num: 3, title: "v1")])
            #expect(try store.load().comics.map(\.title) == ["v2", "v2", "v1"])
        }
    }
}
