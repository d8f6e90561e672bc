/// Why `comics save` wrote no file.
enum SaveError: ReportableError, Equatable {
    /// The comic is interactive: its `img` names no picture file.
    case noPicture(comic: Int)
    /// The picture could not be found or downloaded; `code` is what `refresh --images` ends
    /// with after the same failure (`SysExits.code(forFailures:)`), nil when nothing failed.
    case notLoaded(comic: Int, reason: String, code: Int32?)
    /// The picture found is not a whole image (a download cut short); `problem` says how.
    case damaged(comic: Int, problem: String)
    /// Something is at the chosen path already; it is never overwritten.
    case exists(path: String)
    /// The file could not be created.
    case cannotCreate(path: String, reason: String)

    var description: String {
        switch self {
        case .noPicture(let comic):
            "comic \(comic) has no picture to save: it is interactive (its img names no file)"
        case .notLoaded(let comic, let reason, _):
            "cannot save the picture of comic \(comic): \(reason)"
        case .damaged(let comic, let problem):
            "not saving the picture of comic \(comic): \(problem), and fetching it again gave "
                + "no whole picture"
        case .exists(let path):
            "not saving: \(path) exists and is never overwritten; name another file or remove it"
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason)"
        }
    }
}
