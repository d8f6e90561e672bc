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
}

extension UserStateStore {
    /// Stores `state` without forcing.
    @discardableResult
    func save(_ state: UserState) throws(CacheError) -> String? {
        try save(state, force: false)
    }
}
