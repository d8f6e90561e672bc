/// `favorites`, `favorites add N`, `favorites remove N`.
struct FavoritesCommand {
    let session: ReadingSession
    let printer: ComicPrinter

    /// Lists the favourites or changes them, saying what changed on standard error; only
    /// comics that exist can be added. Returns the exit code.
    func run(_ action: FavoritesAction) throws -> Int32 {
        let archive = try session.archive()
        printer.noteIfSample(archive)
        let catalog = try session.catalog()
        _ = try session.state()
        switch action {
        case .list:
            let state = try session.state()
            printer.warnIfStateDamaged(session)
            let favorites = state.favorites.sorted().compactMap(catalog.comic(number:))
            if favorites.isEmpty {
                printer.note("no favourites yet; add one with 'comics favorites add <number>'")
            }
            try printer.printSummaries(favorites, state: state)
        case .add(let number):
            _ = try catalog.requireComic(number)  // only comics that exist become favourites
            if let problem = session.damagedState { throw DamagedStateError(problem: problem) }
            let added = try session.updateState { state in state.favorites.insert(number).inserted }
            printer.note(
                added ? "added \(number) to the favourites" : "\(number) already is a favourite")
        case .remove(let number):
            if let problem = session.damagedState { throw DamagedStateError(problem: problem) }
            let removed = try session.updateState { state in state.favorites.remove(number) != nil }
            printer.note(
                removed ? "removed \(number) from the favourites" : "\(number) was not a favourite")
        }
        return ExitCode.ok
    }
}
