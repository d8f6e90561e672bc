import Testing

@testable import ComicReader

@Suite struct CacheLocationTests {
    let everything = [
        "COMICS_CACHE_DIR": "/env/comics", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/ada",
    ]

    func directory(flag: String?, _ environment: [String: String], cwd: String = "/work") throws
        -> String
    {
        try CacheLocation.resolve(flag: flag, environment: environment, currentDirectory: cwd)
            .directory.path(percentEncoded: false)
    }

    @Test func flagWinsOverEveryVariable() throws {
        #expect(try directory(flag: "/flag/dir", everything) == "/flag/dir/")
    }

    @Test func comicsCacheDirWinsOverXDGAndHome() throws {
        #expect(try directory(flag: nil, everything) == "/env/comics/")
    }

    @Test func xdgCacheHomeWinsOverHome() throws {
        #expect(
            try directory(flag: nil, ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/ada"])
                == "/xdg/comics/")
    }

    @Test func homeIsTheLastResort() throws {
        #expect(try directory(flag: nil, ["HOME": "/home/ada"]) == "/home/ada/.cache/comics/")
    }

    @Test func emptyValuesCountAsUnset() throws {
        let environment = ["COMICS_CACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": "/home/ada"]
        #expect(try directory(flag: "", environment) == "/home/ada/.cache/comics/")
    }

    @Test func relativeXDGCacheHomeIsIgnored() throws {
        let environment = ["XDG_CACHE_HOME": "cache", "HOME": "/home/ada"]
        #expect(try directory(flag: nil, environment) == "/home/ada/.cache/comics/")
    }

    @Test func relativePathsAndTildeAreMadeAbsolute() throws {
        #expect(
            try directory(flag: "mine/../cache", ["HOME": "/home/ada"], cwd: "/srv/app")
                == "/srv/app/cache/")
        #expect(try directory(flag: "~/comics", ["HOME": "/home/ada"]) == "/home/ada/comics/")
        #expect(
            try directory(flag: nil, ["COMICS_CACHE_DIR": "~", "HOME": "/home/ada"]) == "/home/ada/"
        )
    }

    @Test func noHomeAndNothingElseIsAUsageError() {
        #expect(throws: CacheError.noCacheDirectory) {
            try CacheLocation.resolve(
                flag: nil, environment: ["XDG_CACHE_HOME": "relative"], currentDirectory: "/")
        }
        #expect(CacheError.noCacheDirectory.exitCode == 64)
    }

    @Test func filesLiveInsideTheDirectory() throws {
        let location = try CacheLocation.resolve(flag: "/c", environment: [:])
        #expect(location.comicsFile.path(percentEncoded: false) == "/c/comics.json")
        #expect(location.stateFile.path(percentEncoded: false) == "/c/state.json")
        #expect(location.imagesDirectory.path(percentEncoded: false) == "/c/images/")
    }
}
