/// One command's access to the reader's data: the comics and the user state, each loaded
/// from its store on first use and kept for the rest of the command.
///
/// Made fresh for every command (a prototype in `ModelAssembly`), so nothing loaded by one
/// command leaks into another.
final class ReadingSession {
    private let archiveStore: any ComicArchiveStore
    private let stateStore: any UserStateStore
    private var loadedArchive: ComicArchive?
    private var loadedCatalog: ComicCatalog?
    private var loadedState: UserState?

    init(archiveStore: any ComicArchiveStore, stateStore: any UserStateStore) {
        self.archiveStore = archiveStore
        self.stateStore = stateStore
    }

    /// The comics and where they came from (the cache or the built-in sample).
    func archive() throws(CacheError) -> ComicArchive {
        if let loadedArchive { return loadedArchive }
        let archive = try archiveStore.load()
        loadedArchive = archive
        return archive
    }

    /// The comics as a catalog.
    func catalog() throws(CacheError) -> ComicCatalog {
        if let loadedCatalog { return loadedCatalog }
        let catalog = ComicCatalog(try archive().comics)
        loadedCatalog = catalog
        return catalog
    }

    /// Favourites, read comics and the last one shown.
    func state() throws(CacheError) -> UserState {
        if let loadedState { return loadedState }
        let state = try stateStore.load()
        loadedState = state
        return state
    }

    /// Applies `change` to the state and saves it; the new state is kept only once saved.
    @discardableResult
    func updateState<Result>(_ change: (inout UserState) -> Result) throws(CacheError) -> Result {
        var state = try state()
        let result = change(&state)
        try stateStore.save(state)
        loadedState = state
        return result
    }
}
