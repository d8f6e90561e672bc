/// Why one comic's image could not even be asked for.
enum ImageRefreshError: Error, Equatable, CustomStringConvertible {
    /// The comic's `img` is not a URL that can be requested.
    case badImageURL(String)

    var description: String {
        switch self {
        case .badImageURL(let text): "the image URL '\(text)' is not a valid URL"
        }
    }
}
