import Foundation

/// Finds the bytes of a comic's image: the drawings shipped with the sample, else the file
/// kept in `images/`, else the server (keeping what it sends for next time).
struct ComicImageLoader: Sendable {
    /// Where downloaded images are kept.
    let store: any ComicImageStore
    let source: any ComicSource
    /// Where pictures are downloaded from (`mirror_img`, `--image-base-url`).
    var addresses = ImageAddress()

    /// What loading found: the bytes (nil when there are none), the address they come from
    /// or would (the mirror's with `--image-base-url`; nil for the sample's drawings) and, when
    /// something went wrong on the way, a line saying what and the error it came from.
    struct Outcome: Sendable {
        var bytes: [UInt8]?
        var source: String?
        var problem: String?
        var failure: (any Error)?

        /// The address to name in a message about the picture of `comic`.
        func address(of comic: Comic) -> String { source ?? comic.img }
    }

    /// The image of `comic`; `isSample` says the comic is one of the built-in sample.
    func load(_ comic: Comic, isSample: Bool) async -> Outcome {
        if isSample { return Outcome(bytes: SampleImages.png(forComic: comic.num)) }
        guard let address = comic.imageFileURL,
            let url = addresses.downloadURL(for: comic, address: address)
        else {
            return Outcome()  // an interactive comic: no image file
        }
        let origin = url.absoluteString
        if let cached = store.cachedImage(forComic: comic.num, imageURL: address) {
            return Outcome(bytes: cached, source: origin)
        }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try await source.data(from: url))
        } catch {
            return Outcome(
                source: origin, problem: "could not download the image: \(error)", failure: error)
        }
        do {
            try store.save(
                bytes, forComic: comic.num, imageURL: address, downloadedFrom: origin)
        } catch {
            return Outcome(
                bytes: bytes, source: origin, problem: "could not keep the image: \(error)",
                failure: error)
        }
        return Outcome(bytes: bytes, source: origin)
    }
}
