import Foundation

/// Keeps downloaded comic images.
protocol ComicImageStore: Sendable {
    /// The saved image for comic `number` from `imageURL`, or nil when there is none.
    func cachedImage(forComic number: Int, imageURL: String) -> [UInt8]?

    /// Keeps `bytes` as comic `number`'s image from `imageURL`.
    /// - Returns: the file the image was saved to.
    @discardableResult
    func save(_ bytes: [UInt8], forComic number: Int, imageURL: String) throws -> URL

    /// Removes what saves stopped half-way (by Ctrl-C) left behind.
    func removeLeftovers()
}

extension ComicImageStore {
    /// Nothing to remove by default.
    func removeLeftovers() {}
}
