/// Chooses a comic for `comics random`. Implementations only ever return comics that are
/// in the catalog, so a gap such as 404 can never be picked.
protocol RandomComicPicker: Sendable {
    /// Picks a comic using `generator` (inject a seeded one for reproducible choices);
    /// nil only when the catalog is empty.
    func pick(
        from catalog: ComicCatalog, state: UserState,
        using generator: inout some RandomNumberGenerator
    ) -> Comic?
}

extension RandomComicPicker {
    /// Picks a comic using the system's random number generator.
    func pick(from catalog: ComicCatalog, state: UserState) -> Comic? {
        var generator = SystemRandomNumberGenerator()
        return pick(from: catalog, state: state, using: &generator)
    }
}
