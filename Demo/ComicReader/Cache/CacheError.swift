/// Everything that can go wrong finding, reading or writing the cache, each case carrying
/// what is needed for one clear line to the user and a sysexits exit code.
enum CacheError: Error, Equatable, CustomStringConvertible {
    /// No flag, no environment variable and no `HOME` to derive a cache directory from.
    case noCacheDirectory
    /// The file exists but could not be read (permissions, a directory in the way, ...).
    case unreadable(path: String, reason: String)
    /// The file was read but is not valid JSON of the expected shape. It is left untouched.
    case corrupt(path: String, problem: JSONDecodingProblem)
    /// A save would replace a file that does not decode; only `--force` may do that.
    case refusingToReplaceCorrupt(path: String, problem: JSONDecodingProblem)
    /// Creating the directory or writing the file failed.
    case unwritable(path: String, reason: String)

    var description: String {
        switch self {
        case .noCacheDirectory:
            "cannot choose a cache directory: HOME is not set; pass --cache DIR or set COMICS_CACHE_DIR"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .corrupt(let path, let problem):
            "\(path) is damaged\(problem.isLocated ? " " : ": ")\(problem) (the file was left untouched)"
        case .refusingToReplaceCorrupt(let path, let problem):
            "not overwriting \(path): it is damaged\(problem.isLocated ? " " : ": ")\(problem). "
                + "Run again with --force to replace it; a copy of the damaged file is kept first as "
                + "\(path).corrupt (or .corrupt.1, .corrupt.2, ... if that exists)"
        case .unwritable(let path, let reason):
            "cannot write \(path): \(reason)"
        }
    }
}
