/// Persists the reader's `UserState`.
protocol UserStateStore: Sendable {
    /// The saved state, or an empty one when nothing was saved yet. A damaged file is an
    /// error, never a silent reset.
    func load() throws(CacheError) -> UserState

    /// Stores `state`. Refuses to replace a damaged file unless `force` is set, in which
    /// case a copy of it is kept first.
    /// - Returns: the path of the copy kept of a damaged file, when one was made.
    @discardableResult
    func save(_ state: UserState, force: Bool) throws(CacheError) -> String?

    /// Applies `change` to the state as saved right now and saves the result, so a change
    /// made meanwhile by another process is kept; returns the state saved. A damaged file
    /// is an error and stays as it is.
    func update(_ change: (inout UserState) -> Void) throws(CacheError) -> UserState

    /// Replaces a damaged state file with an empty state, keeping a copy of it first.
    /// - Returns: the path of that copy, or nil when the file was not damaged (it is then
    ///   left as it is).
    func resetIfDamaged() throws(CacheError) -> String?
}

extension UserStateStore {
    /// Stores `state` without forcing.
    @discardableResult
    func save(_ state: UserState) throws(CacheError) -> String? {
        try save(state, force: false)
    }

    /// Loads, changes and saves, for stores that only one process uses.
    func update(_ change: (inout UserState) -> Void) throws(CacheError) -> UserState {
        var state = try load()
        change(&state)
        try save(state)
        return state
    }

    /// Resets the state when loading it finds it damaged.
    func resetIfDamaged() throws(CacheError) -> String? {
        do {
            _ = try load()
            return nil
        } catch {
            guard case .corrupt = error else { throw error }
            return try save(UserState(), force: true)
        }
    }
}
