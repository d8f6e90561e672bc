import Wiring

/// The cache layer: where the cache is and the stores of comics, reading state and images,
/// one of each per context (lazy singletons). Without a cache directory every store is a
/// stand-in that reports why on use, so a missing cache is handled in this one place.
final class CacheAssembly: Assembly {
    private var inputs: OptionsAssembly { context.assembly() }

    /// The cache directory from `--cache`, `COMICS_CACHE_DIR`, XDG or `HOME`, or why there is none.
    var location: Result<CacheLocation, CacheError> {
        define(scope: .lazySingleton, init: resolveLocation())
    }

    /// `comics.json`, or a stand-in that reports why there is no cache directory.
    var archiveStore: any ComicArchiveStore {
        define(scope: .lazySingleton, init: makeArchiveStore())
    }

    /// `state.json`, or a stand-in that reports why there is no cache directory.
    var stateStore: any UserStateStore {
        define(scope: .lazySingleton, init: makeStateStore())
    }

    /// `images/`, where downloaded comic images are kept, or a stand-in that keeps none and
    /// reports why there is no cache directory.
    var imageStore: any ComicImageStore {
        define(scope: .lazySingleton, init: makeImageStore())
    }

    /// `explanations/`, where explanations fetched from explainxkcd are kept; nil without a
    /// cache directory.
    var explanationStore: ExplanationStore? {
        define(
            scope: .lazySingleton,
            init: (try? location.get()).map { ExplanationStore(cacheDirectory: $0.directory) })
    }

    private func resolveLocation() -> Result<CacheLocation, CacheError> {
        let options = inputs.options
        let environment = inputs.environment
        return Result { () throws(CacheError) in
            try CacheLocation.resolve(
                flag: options.cacheDirectory, environment: environment.variables,
                currentDirectory: environment.currentDirectory)
        }
    }

    private func makeImageStore() -> any ComicImageStore {
        switch location {
        case .success(let location): ImageStore(cacheDirectory: location.directory)
        case .failure(let error): UnlocatedCacheStore(error: error)
        }
    }

    private func makeArchiveStore() -> any ComicArchiveStore {
        switch location {
        case .success(let location): JSONFileArchiveStore(location: location)
        case .failure(let error): UnlocatedCacheStore(error: error)
        }
    }

    private func makeStateStore() -> any UserStateStore {
        switch location {
        case .success(let location): JSONFileUserStateStore(location: location)
        case .failure(let error): UnlocatedCacheStore(error: error)
        }
    }
}
