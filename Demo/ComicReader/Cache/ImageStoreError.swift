import ImageDecoding

/// Why an image could not be stored.
enum ImageStoreError: Error, Equatable, CustomStringConvertible {
    /// The comic's `img` URL names no file (interactive comics).
    case noFileName(comic: Int, url: String)
    /// The downloaded bytes are not an image (e.g. an HTML page served instead).
    case notAnImage(url: String, looksLike: ImageFormat)
    /// The download is cut off before its end; `problem` says where.
    case truncated(url: String, problem: String)
    /// The file system refused.
    case writeFailed(path: String, reason: String)

    var description: String {
        switch self {
        case .noFileName(let comic, let url):
            return
                "comic \(comic) has no image file to show (image URL \(url.isEmpty ? "is empty" : "'\(url)' names no file"))"
        case .notAnImage(let url, let format):
            return "refusing to save \(url): not an image (looks like \(format.name))"
        case .truncated(let url, let problem):
            return "refusing to save \(url): \(problem)"
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
