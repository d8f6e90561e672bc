import Foundation

/// Keeps downloaded comic images.
protocol ComicImageStore: Sendable {
    /// The saved image for comic `number` from `imageURL`, or nil when there is none.
    func cachedImage(forComic number: Int, imageURL: String) -> [UInt8]?

    /// Keeps `bytes`, downloaded from `source`, as comic `number`'s image from `imageURL` (the
    /// comic's `img`, which names the file; `source` differs with `--image-base-url`, and is
    /// what an error names).
    /// - Returns: the file the image was saved to.
    @discardableResult
    func save(
        _ bytes: [UInt8], forComic number: Int, imageURL: String, downloadedFrom source: String
    )
        throws -> URL

    /// Removes what saves stopped half-way (by Ctrl-C) left behind.
    func removeLeftovers()
}

extension ComicImageStore {
    /// Keeps `bytes`, downloaded from `imageURL` itself, as comic `number`'s image.
    @discardableResult
    func save(_ bytes: [UInt8], forComic number: Int, imageURL: String) throws -> URL {
        try save(bytes, forComic: number, imageURL: imageURL, downloadedFrom: imageURL)
    }
}

extension ComicImageStore {
    /// Nothing to remove by default.
    func removeLeftovers() {}
}
