/// Every comic in the catalog is equally likely, read or not.
struct UniformRandomPicker: RandomComicPicker {
    func pick(
        from catalog: ComicCatalog, state: UserState,
        using generator: inout some RandomNumberGenerator
    ) -> Comic? {
        catalog.comics.randomElement(using: &generator)
    }
}
