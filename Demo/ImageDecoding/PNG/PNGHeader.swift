/// The contents of a PNG `IHDR` chunk, validated.
public struct PNGHeader: Equatable, Sendable {
    /// PNG colour types.
    public enum ColorType: Int, Sendable {
        /// Grey levels.
        case grey = 0
        /// Red, green, blue.
        case rgb = 2
        /// Indices into a palette.
        case palette = 3
        /// Grey with alpha.
        case greyAlpha = 4
        /// Red, green, blue and alpha.
        case rgba = 6

        /// Samples per pixel.
        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }

        /// Bit depths the PNG specification allows for this colour type.
        var allowedBitDepths: [Int] {
            switch self {
            case .grey: return [1, 2, 4, 8, 16]
            case .palette: return [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: return [8, 16]
            }
        }
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per sample.
    public let bitDepth: Int
    /// How samples make a pixel.
    public let colorType: ColorType
    /// Whether the rows are stored in Adam7 passes.
    public let interlaced: Bool

    /// Bits per pixel in the filtered data.
    var bitsPerPixel: Int { colorType.channels * bitDepth }
    /// The byte distance the Sub/Average/Paeth filters look back (at least 1).
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one filtered row of `width` pixels, not counting the filter-type byte.
    func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// Parses and validates the 13 data bytes of `IHDR`, checking the size limits before any
    /// pixel memory is allocated.
    init(ihdr data: ArraySlice<UInt8>) throws {
        guard data.count == 13 else {
            throw ImageDecodingError(.png, .corrupt("IHDR chunk is \(data.count) bytes, not 13"))
        }
        let bytes = Array(data)
        let width = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard width > 0, height > 0 else {
            throw ImageDecodingError(
                .png, .corrupt("image size \(width)×\(height) has a zero side"))
        }
        guard width <= PNGDecoder.maxSide, height <= PNGDecoder.maxSide,
            width * height <= PNGDecoder.maxPixels
        else {
            throw ImageDecodingError(.png, .tooLarge(width: width, height: height))
        }
        guard let colorType = ColorType(rawValue: Int(bytes[9])) else {
            throw ImageDecodingError(.png, .corrupt("colour type \(bytes[9]) is not defined"))
        }
        let bitDepth = Int(bytes[8])
        guard colorType.allowedBitDepths.contains(bitDepth) else {
            throw ImageDecodingError(
                .png,
                .corrupt(
                    "bit depth \(bitDepth) is not allowed for colour type \(colorType.rawValue)"))
        }
        guard bytes[10] == 0 else {
            throw ImageDecodingError(.png, .unsupported("compression method \(bytes[10])"))
        }
        guard bytes[11] == 0 else {
            throw ImageDecodingError(.png, .unsupported("filter method \(bytes[11])"))
        }
        guard bytes[12] <= 1 else {
            throw ImageDecodingError(.png, .unsupported("interlace method \(bytes[12])"))
        }
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = bytes[12] == 1
    }
}
