import Foundation
import Testing
import Wiring

@testable import ComicReader

@Suite("App wiring")
struct AppWiringTests {
    /// A context configured with `options` and `variables`.
    func context(_ options: AppOptions = AppOptions(), variables: [String: String] = [:])
        -> DIContext
    {
        let context = DIContext()
        AppAssembly.instance(from: context).configure(
            options: options, environment: .fixed(variables))
        return context
    }

    @Test func optionsEnterTheGraphThroughTheOptionsAssembly() {
        var options = AppOptions()
        options.cacheDirectory = "/tmp/comics-wiring-test"
        options.json = true
        let context = context(options)
        #expect(OptionsAssembly.instance(from: context).options == options)
        #expect(RenderingAssembly.instance(from: context).printer.json)
        let location = try? CacheAssembly.instance(from: context).location.get()
        #expect(location?.comicsFile.path == "/tmp/comics-wiring-test/comics.json")
    }

    @Test func cacheLocationFollowsTheEnvironmentWhenNoFlagIsGiven() {
        let fromVariable = context(variables: ["COMICS_CACHE_DIR": "/tmp/a", "HOME": "/home/x"])
        #expect(
            (try? CacheAssembly.instance(from: fromVariable).location.get())?.directory.path
                == "/tmp/a")
        let fromHome = context(variables: ["HOME": "/home/x"])
        #expect(
            (try? CacheAssembly.instance(from: fromHome).location.get())?.directory.path
                == "/home/x/.cache/comics")
    }

    @Test func withoutAnyCacheDirectoryTheStoresSayWhy() {
        let cache = CacheAssembly.instance(from: context())
        #expect(throws: CacheError.noCacheDirectory) { try cache.archiveStore.load() }
        #expect(throws: CacheError.noCacheDirectory) { try cache.stateStore.load() }
        #expect(throws: CacheError.noCacheDirectory) {
            try cache.imageStore.save([1, 2, 3], forComic: 1, imageURL: "https://x/1.png")
        }
        #expect(cache.imageStore.cachedImage(forComic: 1, imageURL: "https://x/1.png") == nil)
    }

    @Test func withoutAnyCacheDirectoryAnImageIsShownAndNotKeptAndTheLoaderSaysWhy() async {
        let png = Data(ImageTestFixtures.rgb2x2)
        let url = ScriptedImageServer.imageURL(7)
        let context = context()
        NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
            ScriptedImageServer(files: [url: png])
        }
        let loader = NetworkAssembly.instance(from: context).imageLoader
        let outcome = await loader.load(
            ScriptedImageServer.comic(7, img: url.absoluteString), isSample: false)
        #expect(outcome.bytes == [UInt8](png))
        #expect(outcome.problem?.contains("cannot choose a cache directory") == true)
    }

    @Test func storesAndTheServerClientAreLazySingletonsPerContext() throws {
        ScratchHome.isolate()  // the server client makes a URL session
        var options = AppOptions()
        options.cacheDirectory = "/tmp/comics-wiring-test"
        options.baseURL = "http://127.0.0.1:9"
        let first = context(options)
        let second = context(options)
        let network = NetworkAssembly.instance(from: first)
        #expect(network.comicSource as AnyObject === network.comicSource as AnyObject)
        #expect(
            network.comicSource as AnyObject !== NetworkAssembly.instance(from: second).comicSource
                as AnyObject)
        let http = try (network.comicSource as? DeferredComicSource)?.source() as? HTTPComicSource
        #expect(http?.base == "http://127.0.0.1:9")
        #expect(
            RenderingAssembly.instance(from: first).console
                === RenderingAssembly.instance(from: first).console)
    }

    @Test func aBadServerAddressBecomesAnErrorOnUseNotACrash() async {
        var options = AppOptions()
        options.timeout = -1
        let source = NetworkAssembly.instance(from: context(options)).comicSource
        await #expect(throws: NetworkError.invalidTimeout(-1)) { try await source.latest() }
    }

    @Test func sessionsAndGeneratorsArePrototypes() {
        let model = ModelAssembly.instance(from: context())
        #expect(model.session !== model.session)
        // Inside one resolution a prototype is still made anew for each user: the reader
        // command's preflight and its fallback display command get a session each.
        let recorder = TraceRecorder()
        let traced = DIContext(trace: recorder.hook)
        AppAssembly.instance(from: traced).configure(options: AppOptions(), environment: .fixed())
        _ = CommandAssembly.instance(from: traced).reader
        let sessions = recorder.all.filter { $0.definition == "ModelAssembly.session" }
        #expect(sessions.count == 2)
        #expect(sessions.allSatisfy { $0.scope == .prototype })
        #expect(
            Set(sessions.compactMap(\.parent)) == [
                "CommandAssembly.reader", "CommandAssembly.display",
            ])
    }

    @Test func theReaderModuleSharesOneGraph() {
        let context = context()
        let view = FakeReaderView()
        ReaderModuleAssembly.instance(from: context).inject(into: view)
        let presenter = view.output as? ReaderPresenter
        #expect(presenter != nil)
        #expect(presenter?.view === view)
        #expect(presenter?.router.view === view)
        #expect(presenter?.interactor != nil)
        // A second module is a second graph.
        let other = FakeReaderView()
        ReaderModuleAssembly.instance(from: context).inject(into: other)
        #expect(other.output !== view.output)
    }

    @Test func theViewPlaceholderCanBeSubstituted() {
        let context = context()
        let module = ReaderModuleAssembly.instance(from: context)
        nonisolated(unsafe) let stand = FakeReaderView()
        module.addSubstitution(for: "view") { stand as any ReaderView }
        let presenter = module.presenter
        #expect(presenter.view === stand)
        #expect(presenter.router.view === stand)
    }

    @Test func aSubstitutedCacheLocationIsWhereCommandsWrite() async throws {
        try await withHarness { harness async throws in
            let elsewhere = harness.cacheDirectory.appending(
                path: "elsewhere", directoryHint: .isDirectory)
            harness.configure = { context in
                CacheAssembly.instance(from: context).addSubstitution(for: \.location) {
                    .success(CacheLocation(directory: elsewhere))
                }
            }
            #expect(await harness.run(["favorites", "add", "410"]) == 0)
            let moved = try JSONFileUserStateStore(fileURL: elsewhere.appending(path: "state.json"))
                .load()
            #expect(moved.favorites == [410])
            #expect(!FileManager.default.fileExists(atPath: harness.stateFile.path))
        }
    }

    @Test func serverSubstitutionReachesTheRefreshCommand() async throws {
        try await withHarness { harness async throws in
            let source = ScriptedComicSource(latest: 12, missing: [10])
            harness.configure = { context in
                NetworkAssembly.instance(from: context).addSubstitution(for: \.comicSource) {
                    source
                }
                NetworkAssembly.instance(from: context).addSubstitution(for: \.retryPolicy) {
                    RetryPolicy(sleep: { _ in })
                }
            }
            #expect(await harness.run(["refresh", "--since", "8"]) == 0)
            let archive = try JSONFileArchiveStore(fileURL: harness.comicsFile).load()
            #expect(archive.comics.map(\.num) == [8, 9, 11, 12])
            #expect(archive.comics.first == APIFixtureTree.comic(8))
            #expect(harness.console.errors.contains("fetched 4 comics"))
            #expect(harness.console.errors.contains("1 not on the server (10)"))
            #expect(await source.requests.sorted() == [8, 9, 10, 11])
        }
    }
}
