import Foundation
import Testing

@testable import ComicReader

/// The built `comics` run as a child process with a temporary cache, `NO_COLOR=1` and a
/// UTF-8 locale; nothing from the user's environment leaks in.
@Suite("End to end", .timeLimit(.minutes(2)))
struct EndToEndTests {
    /// Runs `comics --cache <temporary dir> arguments…`, giving `body` the result and the directory.
    func comics(
        _ arguments: [String], prepare: (URL) throws -> Void = { _ in },
        check: (ComicsExecutable.Run, URL) throws -> Void
    ) async throws {
        let scratch = try TemporaryDirectory("e2e-cache")
        defer { scratch.remove() }
        let cache = scratch.url
        try prepare(cache)
        let environment = ["NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": cache.path, "COLUMNS": "80"]
        let run = try await ComicsExecutable.run(
            ["--cache", cache.path] + arguments, environment: environment)
        try check(run, cache)
    }

    /// Runs `comics --cache <cache> arguments…` with standard output on `output` (closed here
    /// once the child has it, so never a shared handle) and standard error on `errors`; returns
    /// the process once it has ended.
    func comics(
        _ arguments: [String], cache: URL, output: FileHandle,
        errors: FileHandle = FileHandle.nullDevice
    ) async throws -> Process {
        let process = Process()
        process.executableURL = try ComicsExecutable.location()
        process.arguments = ["--cache", cache.path] + arguments
        process.environment = ["NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": cache.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try output.close()
        try await ComicsExecutable.waitForExit(
            of: process, within: .seconds(30), named: "comics \(arguments)")
        return process
    }

    /// A reader that closes the pipe before reading (`| head -c 0`) has had what it wanted:
    /// the program ends normally, and the comic is recorded as read.
    @Test func aComicWhoseReaderClosesThePipeIsStillRecorded() async throws {
        let scratch = try TemporaryDirectory("e2e-pipe")
        defer { scratch.remove() }
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let process = try await comics(
            ["show", "441"], cache: scratch.url, output: pipe.fileHandleForWriting)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let stateFile = scratch.url.appending(path: "state.json")
        #expect(try JSONFileUserStateStore(fileURL: stateFile).load().read == [441])
    }

    /// Output that cannot be written (a full disk) ends the program with 74, and the comic it
    /// could not show is not recorded as read.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aComicThatCannotBeWrittenIsNotRecorded() async throws {
        let scratch = try TemporaryDirectory("e2e-full")
        defer { scratch.remove() }
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let process = try await comics(["show", "441"], cache: scratch.url, output: full)
        #expect(process.terminationReason == .exit && process.terminationStatus == 74)
        let stateFile = scratch.url.appending(path: "state.json")
        #expect(try JSONFileUserStateStore(fileURL: stateFile).load().read.isEmpty)
    }

    /// Off a terminal, a refresh writes a progress line every 10 s to standard error; one that
    /// cannot be written (closed, full) is dropped, and the refresh keeps every comic.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aRefreshWhoseProgressCannotBeWrittenFinishes() async throws {
        let tree = try APIFixtureTree.make(latest: 2, numbers: [1, 2])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.scripted(
            serving: tree.directory, slowPath: "/1/info.0.json", delaySeconds: 11)
        defer { server.stop() }
        let scratch = try TemporaryDirectory("e2e-progress")
        defer { scratch.remove() }
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let process = try await comics(
            ["--base-url", server.baseURL, "--timeout", "30", "refresh"], cache: scratch.url,
            output: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null")), errors: full)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let comics = JSONFileArchiveStore(fileURL: scratch.url.appending(path: "comics.json"))
        #expect(try comics.load().comics.map(\.num) == [1, 2])
    }

    /// On a file system without locks (flock failing with ENOLCK, as on some network mounts)
    /// the cache is used unlocked, as before it had a lock: a favourite is still kept.
    @Test(.enabled(if: isLinux))
    func aCacheWithoutLocksIsUsedUnlocked() async throws {
        let scratch = try TemporaryDirectory("e2e-nolock")
        defer { scratch.remove() }
        let shim = scratch.url.appending(path: "nolock.c")
        try Data(
            "#include <errno.h>\nint flock(int fd, int op) { errno = ENOLCK; return -1; }\n".utf8
        )
        .write(to: shim)
        let library = scratch.url.appending(path: "nolock.so").path
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["clang", "-shared", "-fPIC", "-o", library, shim.path]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0, "clang could not build the shim")
        let cache = scratch.url.appending(path: "cache")
        let run = try await ComicsExecutable.run(
            ["--cache", cache.path, "favorites", "add", "400"],
            environment: ["LD_PRELOAD": library, "HOME": scratch.url.path, "LANG": "C.UTF-8"])
        #expect(run.status == 0, "\(run.errors)")
        let state = cache.appending(path: "state.json")
        #expect(try JSONFileUserStateStore(fileURL: state).load().favorites == [400])
    }

    @Test func help() async throws {
        try await comics(["--help"]) { run, _ in
            #expect(run.status == 0)
            #expect(run.output.contains("USAGE: comics [<subcommand>] [<options>]"))
            #expect(run.output.contains("SUBCOMMANDS:"))
            #expect(run.errors.isEmpty)
        }
    }

    @Test func version() async throws {
        try await comics(["--version"]) { run, _ in
            #expect(run.status == 0)
            let parts = run.output.trimmingCharacters(in: .newlines).split(separator: " ")
            #expect(parts.count == 2 && parts[0] == "comics")
            #expect(parts.last?.split(separator: ".").count == 3)
        }
    }

    @Test func latestUsesTheSampleAndSaysSo() async throws {
        try await comics(["latest"]) { run, cache in
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("#441  "))
            #expect(!run.output.contains("\u{1B}["))  // NO_COLOR
            #expect(run.errors.contains("comics refresh"))
            #expect(
                !FileManager.default.fileExists(atPath: cache.appending(path: "comics.json").path))
        }
    }

    @Test func show400RecordsTheComic() async throws {
        try await comics(["show", "400"]) { run, cache in
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("#400  Four\u{A0}Hundred\n2008-03-14 (new)\n"))
            let state = try JSONFileUserStateStore(fileURL: cache.appending(path: "state.json"))
                .load()
            #expect(state.lastShown == 400)
        }
    }

    @Test func show404IsAKindError() async throws {
        try await comics(["show", "404"]) { run, _ in
            #expect(run.status == 69)
            #expect(run.output.isEmpty)
            #expect(run.errors.contains("comic 404 does not exist"))
        }
    }

    @Test func showAboveTheLatestNamesTheLatest() async throws {
        try await comics(["show", "99999"]) { run, _ in
            #expect(run.status == 69)
            #expect(run.output.isEmpty)
            #expect(run.errors.contains("the latest is 441"))
        }
    }

    @Test func searchFindsTheTitleFirst() async throws {
        try await comics(["search", "tab", "completion"]) { run, _ in
            #expect(run.status == 0)
            #expect(
                run.output.split(separator: "\n").first?.hasSuffix("395  Tab Completion") == true)
        }
    }

    @Test func listJSONIsValid() async throws {
        try await comics(["list", "--json"]) { run, _ in
            #expect(run.status == 0)
            let comics = try JSONDecoder().decode([Comic].self, from: Data(run.output.utf8))
            #expect(comics == Array(SampleComics.all.suffix(10)))
            #expect(run.errors.isEmpty)  // no sample note with --json
        }
    }

    @Test func cardLayoutExperiment() async throws {
        try await comics(["--ab", "layout=card", "show", "400"]) { run, _ in
            #expect(run.status == 0)
            let lines = run.output.split(separator: "\n")
            #expect(lines.first?.hasPrefix("╭") == true)
            #expect(lines.last?.hasPrefix("╰") == true)
            #expect(lines.first?.contains("#400  Four\u{A0}Hundred") == true)
        }
    }

    @Test func unknownCommandIsAUsageError() async throws {
        try await comics(["frobnicate"]) { run, _ in
            #expect(run.status == 64)
            #expect(run.output.isEmpty)
            #expect(run.errors.contains("unknown command 'frobnicate'"))
            #expect(run.errors.contains("comics --help"))
        }
    }

    @Test func badABAssignmentIsAUsageError() async throws {
        try await comics(["--ab", "layout=grid", "latest"]) { run, _ in
            #expect(run.status == 64)
            #expect(run.output.isEmpty)
            #expect(run.errors.contains("no variant 'grid'"))
            #expect(run.errors.contains("classic|card"))
        }
    }

    @Test func corruptCacheIsReportedAndLeftUntouched() async throws {
        let damaged = Data("[{\"num\": 400, \"title\": \"Four Hundred\",".utf8)
        try await comics(
            ["latest"],
            prepare: { cache in
                try damaged.write(to: cache.appending(path: "comics.json"))
            },
            check: { run, cache throws in
                let file = cache.appending(path: "comics.json")
                #expect(run.status == 65)
                #expect(run.output.isEmpty)
                #expect(run.errors.contains(file.path))
                #expect(try Data(contentsOf: file) == damaged)
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: cache.path) == [
                        "comics.json"
                    ])
            })
    }

    @Test func refreshFromALocalServerThenShow() async throws {
        let tree = try APIFixtureTree.make(latest: 3, numbers: 1...3)
        defer { try? FileManager.default.removeItem(at: tree.directory) }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }
        let scratch = try TemporaryDirectory("e2e-cache")
        defer { scratch.remove() }
        let cache = scratch.url
        let environment = [
            "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": cache.path,
            "COMICS_BASE_URL": server.baseURL,
        ]
        let refresh = try await ComicsExecutable.run(
            ["refresh", "--cache", cache.path], environment: environment)
        #expect(refresh.status == 0)
        #expect(refresh.errors.contains("fetched 3 comics"))
        let show = try await ComicsExecutable.run(
            ["--cache", cache.path, "show", "2"], environment: environment)
        #expect(show.status == 0)
        #expect(show.output.hasPrefix("#2  Fixture 2\n"))
        #expect(show.errors.isEmpty)  // the real cache now: no sample note
    }

    @Test func refreshImagesKeepsTheImagesAndRefusesAnHTMLPage() async throws {
        let tree = try APIFixtureTree.make(latest: 4, numbers: 1...4)
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }
        let png = Data(ImageTestFixtures.pngFiles[0].png)
        let base = server.baseURL
        try tree.serveImage(
            ofComic: 1, latest: 4, base: base, imagePath: "imgs/one.png", image: png)
        try tree.serveImage(
            ofComic: 2, latest: 4, base: base, imagePath: "imgs/two.png",
            image: Data(APIFixtureTree.htmlPage.utf8))
        // Comic 3 is interactive: its address names no file.
        try tree.serveImage(ofComic: 3, latest: 4, base: base, imagePath: "imgs/", image: nil)
        try tree.serveImage(
            ofComic: 4, latest: 4, base: base, imagePath: "imgs/four.png", image: png)
        let scratch = try TemporaryDirectory("e2e-cache")
        defer { scratch.remove() }
        let cache = scratch.url
        let environment = [
            "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": cache.path, "COMICS_BASE_URL": base,
        ]
        let images = cache.appending(path: "images")

        let first = try await ComicsExecutable.run(
            ["refresh", "--images", "--all", "--cache", cache.path],
            environment: environment)
        #expect(first.status == 65)  // only comic 2's image failed, and it is bad data
        #expect(first.errors.contains("fetched 4 comics"))
        #expect(
            first.errors.contains(
                "images: 2 downloaded, 0 already there, 1 interactive (no image), 1 failed (2)\n"))
        #expect(
            first.errors.contains("image 2: refusing to save \(base)/imgs/two.png: not an image"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: images.path).sorted() == [
                "1.png", "4.png",
            ])
        #expect(try Data(contentsOf: images.appending(path: "1.png")) == png)
        #expect(try Data(contentsOf: images.appending(path: "4.png")) == png)

        // Alone, --images fetches no comics and leaves the kept images alone.
        try tree.write(png, to: "imgs/two.png")
        let second = try await ComicsExecutable.run(
            ["refresh", "--images", "--cache", cache.path],
            environment: environment)
        #expect(second.status == 0)
        #expect(!second.errors.contains("fetched"))
        #expect(
            second.errors == "images: 1 downloaded, 2 already there, 1 interactive (no image)\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: images.path).sorted()
                == ["1.png", "2.png", "4.png"])
    }
}

#if os(Linux)
    private let isLinux = true
#else
    private let isLinux = false
#endif
