import Foundation

/// Keeps the `UserState` in `state.json` beside the comic cache.
///
/// Changes are made under a lock on the cache directory (see `FileLock`) and re-read the
/// file first, so two processes (the reader and a `comics favorites add` beside it) never lose
/// each other's changes; the file itself is always replaced atomically.
struct JSONFileUserStateStore: UserStateStore {
    private let file: GuardedJSONFile<UserState>

    /// A store for the state file at `fileURL`.
    init(fileURL: URL) {
        file = GuardedJSONFile(url: fileURL)
    }

    /// A store for the state file of `location`.
    init(location: CacheLocation) {
        self.init(fileURL: location.stateFile)
    }

    func load() throws(CacheError) -> UserState {
        try file.read() ?? UserState()
    }

    @discardableResult
    func save(_ state: UserState, force: Bool) throws(CacheError) -> String? {
        try file.locked { () throws(CacheError) in try file.write(state, force: force) }
    }

    func update(_ change: (inout UserState) -> Void) throws(CacheError) -> UserState {
        try file.locked { () throws(CacheError) in
            var state = try file.read() ?? UserState()
            change(&state)
            try file.write(state, force: false)
            return state
        }
    }

    func resetIfDamaged() throws(CacheError) -> String? {
        try file.locked { () throws(CacheError) -> String? in
            do throws(CacheError) {
                _ = try file.read()
                return nil
            } catch {
                guard case .corrupt = error else { throw error }
                return try file.write(UserState(), force: true)
            }
        }
    }
}
