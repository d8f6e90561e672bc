/// What `comics refresh` was asked to fetch.
struct RefreshRequest: Sendable, Equatable {
    /// Which comics.
    enum Range: Sendable, Equatable {
        /// No flag: every comic up to the latest that is not cached, except those the server
        /// said do not exist.
        case missing
        /// `--latest`.
        case latest
        /// `--all`.
        case all
        /// `--since N`.
        case since(Int)
    }

    /// Which comics to fetch; nil for none (`--images` alone).
    var range: Range? = .missing
    /// `--force`: fetch comics again even when cached, and replace a damaged cache file
    /// (keeping a copy of it); with `--images`, download images again even when kept.
    var force = false
    /// `--images`: afterwards, download the images of the cached comics not in `images/` yet.
    var images = false
}
