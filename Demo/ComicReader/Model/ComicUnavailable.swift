/// The comic asked for is not there; explains why, kindly, and exits with 69 (`EX_UNAVAILABLE`).
enum ComicUnavailable: Error, Equatable, CustomStringConvertible {
    /// Comic 404 is missing on purpose: the real site answers "404 Not Found".
    case notFoundJoke
    /// A number between known comics that is not in the cache.
    case missing(number: Int, previous: Int, next: Int)
    /// A number the server said does not exist (HTTP 404) when a refresh asked for it.
    case notOnServer(number: Int)
    /// A number above the newest known comic.
    case afterLatest(number: Int, latest: Int)
    /// A number below the oldest known comic.
    case beforeFirst(number: Int, first: Int)
    /// The cache holds no comics at all.
    case empty
    /// `random --unread` when every one of the `count` comics is read.
    case allRead(count: Int)
    /// `next` from the newest comic (or from a number beyond it), which is `latest`.
    case noNext(latest: Int)
    /// `prev` from the oldest comic (or from a number before it), which is `first`.
    case noPrevious(first: Int)

    var description: String {
        switch self {
        case .notFoundJoke:
            "comic 404 does not exist: the site answers \"404 Not Found\" on purpose. Try 403 or 405."
        case .missing(let number, let previous, let next):
            "comic \(number) is not in the cache (the nearest are \(previous) and \(next)); "
                + "'comics refresh' fetches it"
        case .notOnServer(let number):
            "comic \(number) is not on the server: it answered 404 Not Found when 'comics refresh' "
                + "asked for it ('comics refresh --all' asks again)"
        case .afterLatest(let number, let latest):
            "comic \(number) does not exist yet: the latest is \(latest). 'comics refresh' looks for newer ones."
        case .beforeFirst(let number, let first):
            "comic \(number) is not in the cache: the first one there is \(first); "
                + "'comics refresh' fetches it"
        case .empty:
            "there are no comics in the cache; run 'comics refresh' to fetch some"
        case .allRead(let count):
            "every one of the \(count) comics is read already; 'comics random' picks among all of them"
        case .noNext(let latest):
            "\(latest) is the latest comic; there is no next one yet"
        case .noPrevious(let first):
            "\(first) is the first comic; there is no previous one"
        }
    }
}
