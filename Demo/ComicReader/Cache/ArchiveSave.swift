/// What saving comics left in the cache: every comic the file holds now (the ones saved and
/// those it held already), and where the damaged file it replaced was kept, if it replaced one.
struct ArchiveSave: Sendable {
    /// The comics cached now, by number.
    let comics: [Comic]
    /// The path of the copy kept of a damaged file, when one was made.
    let keptCopy: String?
}
