import Foundation

/// Finds the bytes of a comic's image: the drawings shipped with the sample, else the file
/// kept in `images/`, else the server (keeping what it sends for next time).
struct ComicImageLoader: Sendable {
    /// Where downloaded images are kept.
    let store: any ComicImageStore
    let source: any ComicSource
    /// Where pictures are downloaded from (`mirror_img`, `--image-base-url`).
    var addresses = ImageAddress()

    /// What loading found: the bytes (nil when there are none) and, when something went
    /// wrong on the way, a line saying what and the error it came from.
    struct Outcome: Sendable {
        var bytes: [UInt8]?
        var problem: String?
        var failure: (any Error)?
    }

    /// The image of `comic`; `isSample` says the comic is one of the built-in sample.
    func load(_ comic: Comic, isSample: Bool) async -> Outcome {
        if isSample { return Outcome(bytes: SampleImages.png(forComic: comic.num)) }
        guard let address = comic.imageFileURL,
            let url = addresses.downloadURL(for: comic, address: address)
        else {
            return Outcome()  // an interactive comic: no image file
        }
        if let cached = store.cachedImage(forComic: comic.num, imageURL: address) {
            return Outcome(bytes: cached)
        }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try await source.data(from: url))
        } catch {
            return Outcome(problem: "could not download the image: \(error)", failure: error)
        }
        do {
            try store.save(
                bytes, forComic: comic.num, imageURL: address, downloadedFrom: url.absoluteString)
        } catch {
            return Outcome(
                bytes: bytes, problem: "could not keep the image: \(error)", failure: error)
        }
        return Outcome(bytes: bytes)
    }
}
