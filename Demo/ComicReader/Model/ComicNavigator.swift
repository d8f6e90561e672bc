/// Finds the comic a `DisplayTarget` means in a catalog: the rules shared by the commands
/// and the interactive reader, including why nothing was found.
struct ComicNavigator {
    let catalog: ComicCatalog
    /// Chooses for `.random`; the A/B experiment `random` substitutes it.
    let picker: any RandomComicPicker

    /// The comic for `target`. `.next` and `.previous` move from `current` (the last comic
    /// shown); without one they start at the first and the latest comic respectively.
    func comic(
        _ target: DisplayTarget, current: Int?, state: UserState,
        using generator: inout some RandomNumberGenerator
    ) throws(ComicUnavailable) -> Comic {
        guard let first = catalog.first, let latest = catalog.latest else { throw .empty }
        switch target {
        case .latest: return latest
        case .first: return first
        case .number(let number): return try catalog.requireComic(number)
        case .random:
            guard let comic = picker.pick(from: catalog, state: state, using: &generator) else {
                throw .empty
            }
            return comic
        case .randomUnread:
            let unread = catalog.comics.filter { !state.read.contains($0.num) }
            guard let comic = unread.randomElement(using: &generator) else {
                throw .allRead(count: catalog.count)
            }
            return comic
        case .next:
            guard let current else { return first }
            // The last comic shown may lie beyond this catalog (state kept from another cache),
            // so the message names the catalog's end, not the number we started from.
            guard let comic = catalog.next(after: current) else {
                throw .noNext(latest: latest.num)
            }
            return comic
        case .previous:
            guard let current else { return latest }
            guard let comic = catalog.previous(before: current) else {
                throw .noPrevious(first: first.num)
            }
            return comic
        }
    }
}
