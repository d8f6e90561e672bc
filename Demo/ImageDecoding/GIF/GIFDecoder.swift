/// Decodes the first frame of a GIF (87a or 89a) to RGBA8: its global or local colour table,
/// interlaced or not, with the transparent colour of its graphic control extension. The frame
/// is placed on the logical screen at its offset; the rest of the screen is transparent.
///
/// The screen's and the frame's sizes are checked against `ImageSizeLimit` before anything is
/// allocated for pixels. A file that ends inside the header, a table or the frame's data is an
/// error; LZW data that ends early (the blocks themselves complete) leaves the rest of the frame
/// transparent, as browsers show it.
public enum GIFDecoder {
    /// The logical screen's size, reading no further.
    public static func size(of bytes: [UInt8]) throws -> ImageSize {
        try checkSignature(bytes)
        guard bytes.count >= 10 else {
            throw ImageDecodingError(.gif, .truncated("the file ends inside the screen descriptor"))
        }
        return ImageSize(width: littleEndian(bytes, 6), height: littleEndian(bytes, 8))
    }

    /// Decodes the first frame of a GIF file. Throws `ImageDecodingError`.
    public static func decode(_ bytes: [UInt8]) throws -> RGBABitmap {
        var screen = try size(of: bytes)
        guard bytes.count >= 13 else {
            throw ImageDecodingError(.gif, .truncated("the file ends inside the screen descriptor"))
        }
        let flags = bytes[10]
        var position = 13
        var globalTable: [RGBAPixel]?
        if flags & 0x80 != 0 {
            globalTable = try colorTable(bytes, at: &position, bits: flags & 7, name: "global")
        }
        var transparentIndex: Int?
        while true {
            guard position < bytes.count else {
                throw ImageDecodingError(.gif, .truncated("the file ends before the first image"))
            }
            let introducer = bytes[position]
            position += 1
            switch introducer {
            case 0x21:
                guard position < bytes.count else {
                    throw ImageDecodingError(.gif, .truncated("the file ends inside an extension"))
                }
                let label = bytes[position]
                position += 1
                let data = try subBlocks(bytes, at: &position, what: "an extension")
                // Graphic control: flags, delay (2 bytes), transparent colour index.
                if label == 0xF9, data.count >= 4, data[0] & 1 != 0 {
                    transparentIndex = Int(data[3])
                }
            case 0x2C:
                let frame = try FrameHeader(bytes, at: &position)
                if screen.width == 0 || screen.height == 0 {
                    screen = ImageSize(width: frame.width, height: frame.height)
                }
                guard ImageSizeLimit.allows(width: screen.width, height: screen.height) else {
                    throw ImageDecodingError(
                        .gif, .tooLarge(width: screen.width, height: screen.height))
                }
                var table = globalTable
                if frame.flags & 0x80 != 0 {
                    table = try colorTable(
                        bytes, at: &position, bits: frame.flags & 7, name: "local")
                }
                guard let table else {
                    throw ImageDecodingError(.gif, .corrupt("the first image has no colour table"))
                }
                guard position < bytes.count else {
                    throw ImageDecodingError(
                        .gif, .truncated("the file ends before the image data"))
                }
                let codeSize = Int(bytes[position])
                position += 1
                guard (1...8).contains(codeSize) else {
                    throw ImageDecodingError(
                        .gif,
                        .corrupt(
                            "LZW minimum code size \(codeSize) at byte \(position - 1), not 1…8"))
                }
                let data = try subBlocks(bytes, at: &position, what: "the image data")
                // One code gives at most 4096 indices: data too short to reach the frame's end
                // by far is refused before the frame's memory is allocated.
                let reachable = data.count * 8 / (codeSize + 1) * 4096
                guard reachable >= frame.width * frame.height else {
                    throw ImageDecodingError(
                        .gif,
                        .truncated(
                            "\(data.count) bytes of image data cannot hold \(frame.width)×"
                                + "\(frame.height) pixels"))
                }
                let indices = try GIFLZWDecoder(minimumCodeSize: codeSize).decode(
                    data, count: frame.width * frame.height)
                return compose(
                    frame: frame, indices: indices, screen: screen, table: table,
                    transparentIndex: transparentIndex)
            case 0x3B:
                throw ImageDecodingError(
                    .gif, .corrupt("the file ends (trailer) without any image"))
            default:
                throw ImageDecodingError(
                    .gif,
                    .corrupt(
                        "unknown block introducer \(introducer) at byte \(position - 1)"))
            }
        }
    }

    /// An image descriptor: where the frame sits on the screen, its size and flags.
    private struct FrameHeader {
        let left: Int
        let top: Int
        let width: Int
        let height: Int
        let flags: UInt8

        init(_ bytes: [UInt8], at position: inout Int) throws {
            guard bytes.count - position >= 9 else {
                throw ImageDecodingError(
                    .gif, .truncated("the file ends inside the image descriptor"))
            }
            left = littleEndian(bytes, position)
            top = littleEndian(bytes, position + 2)
            width = littleEndian(bytes, position + 4)
            height = littleEndian(bytes, position + 6)
            flags = bytes[position + 8]
            guard ImageSizeLimit.allows(width: width, height: height) else {
                throw ImageDecodingError(.gif, .tooLarge(width: width, height: height))
            }
            position += 9
        }
    }

    private static func checkSignature(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
        else {
            throw ImageDecodingError(.gif, .wrongFormat(looksLike: ImageFormat(detecting: bytes)))
        }
    }

    /// A 16-bit little-endian number at `offset`.
    private static func littleEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    /// A colour table of `2^(bits + 1)` entries, padded to 256 with opaque black so any index
    /// finds a colour.
    private static func colorTable(
        _ bytes: [UInt8], at position: inout Int, bits: UInt8, name: String
    ) throws -> [RGBAPixel] {
        let entries = 1 << (Int(bits) + 1)
        guard bytes.count - position >= 3 * entries else {
            throw ImageDecodingError(
                .gif,
                .truncated(
                    "the file ends inside the \(name) colour table at byte \(position)"))
        }
        var table = (0..<entries).map { entry in
            let start = position + 3 * entry
            return RGBAPixel(r: bytes[start], g: bytes[start + 1], b: bytes[start + 2])
        }
        table += Array(repeating: RGBAPixel.black, count: 256 - entries)
        position += 3 * entries
        return table
    }

    /// The data of a run of sub-blocks (a length byte, then that many bytes, until a length of
    /// zero), joined.
    private static func subBlocks(_ bytes: [UInt8], at position: inout Int, what: String) throws
        -> [UInt8]
    {
        var data: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw ImageDecodingError(.gif, .truncated("the file ends inside \(what)"))
            }
            let length = Int(bytes[position])
            position += 1
            if length == 0 { return data }
            guard bytes.count - position >= length else {
                throw ImageDecodingError(.gif, .truncated("the file ends inside \(what)"))
            }
            data.append(contentsOf: bytes[position..<position + length])
            position += length
        }
    }

    /// The screen with the frame's pixels drawn at its offset (clipped to the screen).
    private static func compose(
        frame: FrameHeader, indices: (indices: [UInt8], decoded: Int), screen: ImageSize,
        table: [RGBAPixel], transparentIndex: Int?
    ) -> RGBABitmap {
        var bitmap = RGBABitmap(
            width: screen.width, height: screen.height,
            pixels: [UInt8](repeating: 0, count: screen.width * screen.height * 4))
        let interlaced = frame.flags & 0x40 != 0
        let rows =
            interlaced ? GIFInterlace.rowOrder(height: frame.height) : Array(0..<frame.height)
        for (stored, row) in rows.enumerated() {
            let y = frame.top + row
            guard y < screen.height else { continue }
            for column in 0..<frame.width {
                let index = stored * frame.width + column
                let x = frame.left + column
                guard index < indices.decoded, x < screen.width else { continue }
                let colour = Int(indices.indices[index])
                if colour == transparentIndex { continue }
                bitmap[x, y] = table[colour]
            }
        }
        return bitmap
    }
}
