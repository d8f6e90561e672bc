import Testing

@testable import ImageDecoding

@Suite("Truncated files, GIF and JPEG")
struct TruncationTests {
    /// A generated image and the cuts to try on it.
    struct Cut: Sendable, CustomTestStringConvertible {
        /// Name of the generated image.
        let image: String
        /// Its format, which picks the decoder.
        let format: ImageFormat
        /// The shortest cut tried.
        let shortest: Int
        /// How many bytes at the end the decoder may do without.
        let optionalTail: Int

        var testDescription: String { image }
    }

    /// GIF: only the trailer (the last byte) may be missing. JPEG: the last bytes are the end
    /// of the scan data and the end-of-image marker.
    static let cuts = [
        Cut(image: "gif-global", format: .gif, shortest: 6, optionalTail: 1),
        Cut(image: "gif-local-interlaced-transparent", format: .gif, shortest: 6, optionalTail: 1),
        Cut(image: "grey-odd-size", format: .jpeg, shortest: 2, optionalTail: 4),
        Cut(image: "ycbcr-420-restarts", format: .jpeg, shortest: 2, optionalTail: 4),
    ]

    @Test(
        "a file cut anywhere is reported as truncated, never decoded from made-up data",
        arguments: cuts)
    func truncated(_ cut: Cut) throws {
        let file = try GeneratedTestImages.image(cut.image).file
        for length in cut.shortest..<file.count - cut.optionalTail {
            do {
                _ = try Self.decode(Array(file.prefix(length)), as: cut.format)
                Issue.record("\(cut.image) cut to \(length) bytes decoded")
            } catch let error as ImageDecodingError {
                guard error.format == cut.format, case .truncated = error.problem else {
                    Issue.record("\(cut.image) cut to \(length) bytes: \(error)")
                    continue
                }
            }
        }
    }

    /// `bytes` decoded by the decoder of `format`, whatever the bytes look like.
    static func decode(_ bytes: [UInt8], as format: ImageFormat) throws -> RGBABitmap {
        switch format {
        case .gif: return try GIFDecoder.decode(bytes)
        case .jpeg: return try JPEGDecoder.decode(bytes)
        case .png: return try PNGDecoder.decode(bytes)
        default: throw NotAnImageError(looksLike: format)
        }
    }
}
