import Foundation

/// Where a comic's picture is downloaded from: the mirror's own copy when the comic names
/// one (`mirror_img`, as mirrors of the API add), else the `img` address moved onto
/// `--image-base-url` when one is given (its path kept), else `img` itself. Pictures are
/// still kept in `images/` under the name `img` gives them.
struct ImageAddress: Sendable, Equatable {
    /// `--image-base-url`, without trailing slashes; nil to use the addresses as they are.
    var imageBase: String?

    /// The JSON field a mirror uses for its copy of the picture.
    static let mirrorField = "mirror_img"

    /// The address to download `comic`'s picture from, whose `img` address is `address`.
    func downloadURL(for comic: Comic, address: String) -> URL? {
        if case .string(let mirror) = comic.otherFields[Self.mirrorField],
            let url = URL(string: mirror), url.scheme != nil, url.host != nil
        {
            return url
        }
        guard let imageBase, let original = URLComponents(string: address) else {
            return URL(string: address)
        }
        var moved = imageBase + original.percentEncodedPath
        if let query = original.percentEncodedQuery { moved += "?" + query }
        return URL(string: moved)
    }
}
