import Foundation
import ImageDecoding

/// Downloaded comic images, kept as files in `images/` under the cache directory and named
/// after the comic number and the image URL's extension (`1234.png`).
///
/// Files are checked by their magic bytes and their structure before they are saved (an HTML
/// error page served in place of an image, or a download cut short, is refused) and written
/// atomically (temporary file, then rename), so a good image is never replaced by garbage or
/// by a half-written file. A kept file that is damaged all the same counts as absent.
struct ImageStore: ComicImageStore {
    /// The `images/` directory.
    let directory: URL

    /// A store in `images/` under `cacheDirectory` (created on first save).
    init(cacheDirectory: URL) {
        directory = CacheLocation(directory: cacheDirectory).imagesDirectory
    }

    /// Image file extensions kept as they appear in the URL.
    private static let knownExtensions = ["png", "jpg", "jpeg", "gif"]

    /// File name for comic `number`'s image at `imageURL`: the number plus the URL's extension
    /// (`png`, `jpg`, `jpeg` or `gif`, lower-cased). If the URL's file name has no such
    /// extension, `detected` (the format of the downloaded bytes) decides. Throws
    /// `ImageStoreError.noFileName` when the URL names no file at all (interactive comics such
    /// as `https://imgs.xkcd.com/comics/`) or no extension can be found.
    static func fileName(forComic number: Int, imageURL: String, detected: ImageFormat? = nil)
        throws -> String
    {
        guard let name = urlFileName(imageURL) else {
            throw ImageStoreError.noFileName(comic: number, url: imageURL)
        }
        let urlExtension =
            name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
        if let urlExtension, knownExtensions.contains(urlExtension) {
            return "\(number).\(urlExtension)"
        }
        if let fallback = detected?.fileExtension { return "\(number).\(fallback)" }
        throw ImageStoreError.noFileName(comic: number, url: imageURL)
    }

    /// The last path component of a URL (query and fragment removed), or nil if the URL ends
    /// with `/` or has no path.
    private static func urlFileName(_ url: String) -> Substring? {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        if let scheme = path.range(of: "://") {
            let afterScheme = path[scheme.upperBound...]
            guard let slash = afterScheme.firstIndex(of: "/") else { return nil }
            path = afterScheme[slash...]
        }
        guard let name = path.split(separator: "/", omittingEmptySubsequences: false).last,
            !name.isEmpty, name != ".", name != ".."
        else { return nil }
        return name
    }

    /// Where comic `number`'s image from `imageURL` is (or would be) stored.
    func fileURL(forComic number: Int, imageURL: String) throws -> URL {
        directory.appendingPathComponent(try Self.fileName(forComic: number, imageURL: imageURL))
    }

    /// The saved image for comic `number`, or nil if there is none or the file on disk is not
    /// a whole image (not an image at all, or cut short: so that it gets downloaded again). For a URL without a usable extension, any
    /// saved `number.png`, `.jpg` or `.gif` is found.
    func cachedImage(forComic number: Int, imageURL: String) -> [UInt8]? {
        let names: [String]
        if let name = try? Self.fileName(forComic: number, imageURL: imageURL) {
            names = [name]
        } else if Self.urlFileName(imageURL) != nil {
            names = ["png", "jpg", "gif"].map { "\(number).\($0)" }
        } else {
            return nil
        }
        for name in names {
            let path = directory.appendingPathComponent(name).path(percentEncoded: false)
            // An unreadable file counts as absent: the image is simply downloaded again.
            guard let data = (try? CacheFileSystem.readIfPresent(path)) ?? nil else { continue }
            let bytes = [UInt8](data)
            if ImageCompleteness.problem(in: bytes) == nil { return bytes }
        }
        return nil
    }

    /// Removes the temporary files of saves whose process was stopped (see
    /// `CacheFileSystem.removeStrayTemporaries`).
    func removeLeftovers() {
        CacheFileSystem.removeStrayTemporaries(in: directory.path(percentEncoded: false))
    }

    /// Saves downloaded bytes as comic `number`'s image and returns the file's URL.
    ///
    /// Throws `ImageStoreError.notAnImage` (nothing is written) unless the bytes start like a
    /// PNG, JPEG or GIF, and `ImageStoreError.truncated` unless they end as a whole file of
    /// that format does (a cut-off download).
    @discardableResult
    func save(
        _ bytes: [UInt8], forComic number: Int, imageURL: String, downloadedFrom source: String
    )
        throws -> URL
    {
        let format = ImageFormat(detecting: bytes)
        guard format.isImage else {
            throw ImageStoreError.notAnImage(url: source, looksLike: format)
        }
        if let problem = ImageCompleteness.problem(in: bytes) {
            throw ImageStoreError.truncated(url: source, problem: problem)
        }
        let name = try Self.fileName(forComic: number, imageURL: imageURL, detected: format)
        let target = directory.appendingPathComponent(name)
        do throws(CacheError) {
            try CacheFileSystem.createDirectory(directory.path(percentEncoded: false))
            try CacheFileSystem.writeAtomically(Data(bytes), to: target.path(percentEncoded: false))
        } catch {
            guard case .unwritable(let path, let reason) = error else {
                throw ImageStoreError.writeFailed(
                    path: target.path(percentEncoded: false), reason: error.description)
            }
            throw ImageStoreError.writeFailed(path: path, reason: reason)
        }
        return target
    }
}
