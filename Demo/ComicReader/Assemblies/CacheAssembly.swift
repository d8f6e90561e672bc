import Wiring

/// The cache layer: where the cache is and the stores of comics and reading state, one of
/// each per context (lazy singletons).
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

    /// `images/`, where downloaded comic images are kept; nil without a cache directory.
    var imageStore: ImageStore? {
        define(scope: .lazySingleton, init: makeImageStore())
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

    private func makeImageStore() -> ImageStore? {
        (try? location.get()).map { ImageStore(cacheDirectory: $0.directory) }
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
