@testable import ComicReader

extension UserState {
    /// A state whose last shown comic is `number`, as the reader finds it on start-up.
    static func lastShown(_ number: Int) -> UserState {
        var state = UserState()
        state.lastShown = number
        return state
    }
}
