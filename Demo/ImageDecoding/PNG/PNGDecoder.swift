/// Decodes PNG files (all colour types, bit depths 1–16, plain or Adam7-interlaced) to RGBA8.
///
/// Every chunk's CRC is checked. The image size from `IHDR` is checked against `maxSide` and
/// `maxPixels` before anything is allocated for pixels, and the compressed data may expand to
/// exactly the size the header implies and no more, so hostile files fail fast and cheaply.
public enum PNGDecoder {
    /// Largest accepted width or height, in pixels (the limit every decoder here shares).
    public static let maxSide = ImageSizeLimit.maxSide
    /// Largest accepted width × height (40 megapixels, 160 MB as RGBA).
    public static let maxPixels = ImageSizeLimit.maxPixels

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Adam7 passes: first column, first row, column step, row step.
    private static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
    ]

    /// Reads just the header of a PNG (signature, then `IHDR`, CRC checked).
    public static func header(of bytes: [UInt8]) throws -> PNGHeader {
        guard bytes.starts(with: signature) else {
            throw ImageDecodingError(.png, .wrongFormat(looksLike: ImageFormat(detecting: bytes)))
        }
        var chunks = PNGChunkReader(bytes: bytes)
        guard let first = try chunks.next(), first.type == "IHDR" else {
            throw ImageDecodingError(.png, .corrupt("the first chunk is not IHDR"))
        }
        return try PNGHeader(ihdr: bytes[first.data])
    }

    /// Decodes a whole PNG file. Throws `ImageDecodingError`.
    public static func decode(_ bytes: [UInt8]) throws -> RGBABitmap {
        guard bytes.starts(with: signature) else {
            throw ImageDecodingError(.png, .wrongFormat(looksLike: ImageFormat(detecting: bytes)))
        }
        var chunks = PNGChunkReader(bytes: bytes)
        guard let first = try chunks.next(), first.type == "IHDR" else {
            throw ImageDecodingError(.png, .corrupt("the first chunk is not IHDR"))
        }
        let header = try PNGHeader(ihdr: bytes[first.data])

        var palette: [RGBAPixel] = []
        var paletteAlpha: ArraySlice<UInt8> = []
        var transparentKey: [Int]?
        var compressed: [UInt8] = []
        var sawEnd = false
        while let chunk = try chunks.next() {
            let data = bytes[chunk.data]
            switch chunk.type {
            case "PLTE":
                guard data.count % 3 == 0, (3...768).contains(data.count) else {
                    throw ImageDecodingError(
                        .png,
                        .corrupt(
                            "PLTE chunk has \(data.count) bytes, not a multiple of 3 up to 768"))
                }
                palette = stride(from: data.startIndex, to: data.endIndex, by: 3).map {
                    RGBAPixel(r: bytes[$0], g: bytes[$0 + 1], b: bytes[$0 + 2])
                }
            case "tRNS":
                switch header.colorType {
                case .palette: paletteAlpha = data
                case .grey where data.count == 2:
                    transparentKey = [Int(data.first!) << 8 | Int(data.last!)]
                case .rgb where data.count == 6:
                    transparentKey = stride(from: data.startIndex, to: data.endIndex, by: 2).map {
                        Int(bytes[$0]) << 8 | Int(bytes[$0 + 1])
                    }
                default:
                    // tRNS is not allowed with an alpha channel; ignore it like other decoders.
                    break
                }
            case "IDAT":
                if compressed.isEmpty { compressed.reserveCapacity(bytes.count) }
                compressed.append(contentsOf: data)
            case "IEND":
                sawEnd = true
            default:
                // Upper-case first letter = critical chunk we would have to understand.
                if chunk.type.first?.isUppercase == true {
                    throw ImageDecodingError(.png, .unsupported("critical chunk \(chunk.type)"))
                }
            }
            if sawEnd { break }
        }
        guard sawEnd else {
            throw ImageDecodingError(.png, .truncated("the file ends without an IEND chunk"))
        }
        guard !compressed.isEmpty else { throw ImageDecodingError(.png, .corrupt("no IDAT chunk")) }
        if header.colorType == .palette && palette.isEmpty {
            throw ImageDecodingError(.png, .corrupt("palette image without a PLTE chunk"))
        }
        for (i, alpha) in paletteAlpha.prefix(palette.count).enumerated() { palette[i].a = alpha }
        palette += Array(repeating: RGBAPixel.black, count: 256 - palette.count)
        let expander = PNGPixelExpander(
            header: header, palette: palette, transparentKey: transparentKey)

        let passes =
            header.interlaced
            ? adam7.map { pass in
                (
                    pass, width: (header.width - pass.x + pass.dx - 1) / pass.dx,
                    height: (header.height - pass.y + pass.dy - 1) / pass.dy
                )
            }
            : [((0, 0, 1, 1), width: header.width, height: header.height)]
        let filteredSize = passes.reduce(0) { total, pass in
            pass.width == 0 || pass.height == 0
                ? total : total + pass.height * (header.rowBytes(width: pass.width) + 1)
        }
        var filtered: [UInt8]
        do {
            filtered = try Inflate.zlibDecompress(compressed, expectedSize: filteredSize)
        } catch let error as InflateError {
            throw ImageDecodingError(.png, .corrupt("image data (IDAT): \(error)"))
        }

        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        try filtered.withUnsafeMutableBufferPointer { filtered in
            try pixels.withUnsafeMutableBufferPointer { pixels in
                var offset = 0
                for (number, (pass, width, height)) in passes.enumerated()
                where width > 0 && height > 0 {
                    let rowBytes = header.rowBytes(width: width)
                    let rows = filtered.baseAddress! + offset
                    try PNGRowFilter.unfilter(
                        rows, rows: height, rowBytes: rowBytes, stride: header.filterStride,
                        pass: header.interlaced ? number + 1 : nil)
                    if !header.interlaced {
                        expander.expand(
                            rows: rows, width: width, height: height, into: pixels.baseAddress!)
                    } else {
                        let passPixels = UnsafeMutablePointer<UInt32>.allocate(
                            capacity: width * height)
                        defer { passPixels.deallocate() }
                        expander.expand(
                            rows: rows, width: width, height: height,
                            into: UnsafeMutableRawPointer(passPixels).assumingMemoryBound(
                                to: UInt8.self))
                        let target = UnsafeMutableRawPointer(pixels.baseAddress!)
                            .assumingMemoryBound(to: UInt32.self)
                        for y in 0..<height {
                            for x in 0..<width {
                                target[
                                    (pass.y + y * pass.dy) * header.width + pass.x + x * pass.dx] =
                                    passPixels[y * width + x]
                            }
                        }
                    }
                    offset += height * (rowBytes + 1)
                }
            }
        }
        return RGBABitmap(width: header.width, height: header.height, pixels: pixels)
    }
}
