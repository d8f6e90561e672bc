import Foundation

/// Keeps the `UserState` in `state.json` beside the comic cache.
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
        try file.write(state, force: force)
    }
}
