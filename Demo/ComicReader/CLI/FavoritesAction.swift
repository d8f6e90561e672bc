/// What `comics favorites` does.
enum FavoritesAction: Sendable, Equatable {
    /// Lists the favourites.
    case list
    /// `favorites add N`.
    case add(Int)
    /// `favorites remove N`.
    case remove(Int)
}
