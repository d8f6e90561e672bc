/// What `comics refresh` was asked to fetch.
struct RefreshRequest: Sendable, Equatable {
    /// Which comics.
    enum Range: Sendable, Equatable {
        /// No flag: everything newer than the newest cached comic (everything when nothing is cached).
        case newSinceCache
        /// `--latest`.
        case latest
        /// `--all`.
        case all
        /// `--since N`.
        case since(Int)
    }

    /// Which comics to fetch; nil for none (`--images` alone).
    var range: Range? = .newSinceCache
    /// `--force`: fetch comics again even when cached, and replace a damaged cache file
    /// (keeping a copy of it); with `--images`, download images again even when kept.
    var force = false
    /// `--images`: afterwards, download the images of the cached comics not in `images/` yet.
    var images = false
}
