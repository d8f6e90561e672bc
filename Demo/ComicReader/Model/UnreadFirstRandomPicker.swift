/// Picks uniformly among comics not yet read; once everything is read, among all comics.
struct UnreadFirstRandomPicker: RandomComicPicker {
    func pick(
        from catalog: ComicCatalog, state: UserState,
        using generator: inout some RandomNumberGenerator
    ) -> Comic? {
        let unread = catalog.comics.filter { !state.read.contains($0.num) }
        return (unread.isEmpty ? catalog.comics : unread).randomElement(using: &generator)
    }
}
