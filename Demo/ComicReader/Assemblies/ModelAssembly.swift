import Wiring

/// The model layer: each command's reading session, the random picker (which the `random`
/// experiment substitutes), the random number generator and the search.
final class ModelAssembly: Assembly {
    private var cache: CacheAssembly { context.assembly() }

    /// A fresh view of comics and state for each user: a prototype, so two commands or a
    /// command and the reader never share what one of them loaded.
    var session: ReadingSession {
        define(
            scope: .prototype,
            init: ReadingSession(archiveStore: cache.archiveStore, stateStore: cache.stateStore))
    }

    /// How random comics are chosen.
    var randomPicker: any RandomComicPicker { define(init: UniformRandomPicker()) }

    /// The source of randomness; a prototype so no two users share a sequence. Tests
    /// substitute a seeded one.
    var randomGenerator: any RandomNumberGenerator {
        define(scope: .prototype, init: SystemRandomNumberGenerator())
    }

    /// Ranked search that matches the text as displayed.
    var searcher: CatalogSearcher { define(init: CatalogSearcher(plainText: DisplayText.line)) }
}
