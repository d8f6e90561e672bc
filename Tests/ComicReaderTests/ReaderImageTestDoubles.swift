import Foundation

@testable import ComicReader
@testable import ImageDecoding

/// A picture source that answers from a script: pictures at hand for some comics, downloads
/// for others, and records what it was asked.
final class ScriptedImageSource: ReaderImageSource, @unchecked Sendable {
    private let lock = NSLock()
    private var scriptedAtHand: [Int: ReaderPicture] = [:]
    private var scriptedDownloads: [Int: ReaderPicture] = [:]
    private var atHandAsked: [Int] = []
    private var downloadAsked: [Int] = []
    private var boxesAsked: [PictureBox] = []

    /// Pictures returned without a download, by comic number.
    var atHand: [Int: ReaderPicture] {
        get { lock.withLock { scriptedAtHand } }
        set { lock.withLock { scriptedAtHand = newValue } }
    }
    /// Pictures returned by a download, by comic number.
    var downloads: [Int: ReaderPicture] {
        get { lock.withLock { scriptedDownloads } }
        set { lock.withLock { scriptedDownloads = newValue } }
    }
    /// Comic numbers asked for at hand, then for download, in order.
    var atHandRequests: [Int] { lock.withLock { atHandAsked } }
    var downloadRequests: [Int] { lock.withLock { downloadAsked } }
    /// The boxes pictures were asked for in, at hand or downloaded, in order.
    var boxes: [PictureBox] { lock.withLock { boxesAsked } }

    func pictureAtHand(of comic: Comic, isSample: Bool, box: PictureBox) -> ReaderPicture? {
        lock.withLock {
            atHandAsked.append(comic.num)
            boxesAsked.append(box)
            return scriptedAtHand[comic.num]
        }
    }

    func loadedPicture(of comic: Comic, box: PictureBox) async -> ReaderPicture {
        lock.withLock {
            downloadAsked.append(comic.num)
            boxesAsked.append(box)
            return scriptedDownloads[comic.num] ?? .notice("nothing scripted for \(comic.num)")
        }
    }
}

/// A comic server for image downloads only: answers each URL from a table (or fails), and
/// records the URLs asked for. `latest` and `comic` are not used by the picture code.
final class ImageServingSource: ComicSource, @unchecked Sendable {
    /// A download that could not be made.
    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    private let lock = NSLock()
    private let files: [String: [UInt8]]
    private let waitsForCancellation: Bool
    private var asked: [String] = []  // guarded by `lock`

    /// A server with `files` by URL; every other URL fails. With `waitsForCancellation`, every
    /// request hangs until its task is cancelled.
    init(files: [String: [UInt8]] = [:], waitsForCancellation: Bool = false) {
        self.files = files
        self.waitsForCancellation = waitsForCancellation
    }

    /// The URLs requested, in order.
    var requests: [String] { lock.withLock { asked } }

    func latest() async throws -> Comic { throw Unreachable() }
    func comic(_ number: Int) async throws -> Comic? { throw Unreachable() }

    func data(from url: URL) async throws -> Data {
        lock.withLock { asked.append(url.absoluteString) }
        if waitsForCancellation {
            try await Task.sleep(for: .seconds(600))
        }
        guard let bytes = files[url.absoluteString] else { throw Unreachable() }
        return Data(bytes)
    }
}

/// Image bytes for the picture tests.
enum ReaderImageFixtures {
    /// Sample comic 400's drawing: a real PNG, 156 × 124 pixels.
    static var samplePNG: [UInt8] { SampleImages.png(forComic: 400)! }

    /// The first bytes of a GIF `width` × `height` pixels (enough for its size to be read).
    static func gifHeader(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + [
            UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0, 0,
            0,
        ]
    }

    /// The signature and `IHDR` chunk of a greyscale PNG `width` × `height` pixels (enough for
    /// its size to be read; there are no pixels).
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] {
            (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        }
        let chunk = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + chunk
            + bigEndian(Int(CRC32.checksum(chunk[...])))
    }

    /// The start of a JPEG and its frame header, `width` × `height` pixels of grey (enough for
    /// its size to be read; there are no pixels).
    static func jpegHeader(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, UInt8(height >> 8), UInt8(height & 0xFF)]
            + [UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
    }

    /// The first bytes of a JPEG, cut inside its first segment.
    static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46]

    /// A picture maker drawing with `rendering` in at most `columns` × `rows` cells.
    static func maker(_ rendering: ImageRendering, columns: Int = 80, rows: Int = 11)
        -> ReaderPictureMaker
    {
        ReaderPictureMaker(
            presenter: ImagePresenter(
                rendering: rendering, colorDepth: nil, maxColumns: columns, maxRows: rows))
    }
}
