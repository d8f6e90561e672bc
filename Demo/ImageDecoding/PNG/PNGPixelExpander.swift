/// Converts unfiltered PNG rows of any supported colour type and bit depth to RGBA8 pixels.
///
/// 16-bit samples keep their high byte; 1/2/4-bit grey is scaled to the full 0…255 range;
/// `tRNS` transparency is applied (per palette entry, or a single grey/RGB colour key).
struct PNGPixelExpander {
    let header: PNGHeader
    /// Palette colours with their `tRNS` alpha, padded to 256 entries with opaque black so an
    /// out-of-range index in damaged data cannot read past the end.
    let palette: [RGBAPixel]
    /// For grey and RGB images: the sample values (at the image's bit depth) that are fully transparent.
    let transparentKey: [Int]?

    /// Expands `height` rows of `width` pixels (each row preceded by its filter byte, already
    /// unfiltered) into `output`, which has room for `width * height * 4` bytes.
    func expand(
        rows data: UnsafePointer<UInt8>, width: Int, height: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        let rowBytes = header.rowBytes(width: width)
        let depth = header.bitDepth
        for y in 0..<height {
            let row = data + y * (rowBytes + 1) + 1
            let out = output + y * width * 4
            switch header.colorType {
            case .grey where depth == 8 && transparentKey == nil:
                for x in 0..<width {
                    let v = row[x]
                    out[4 * x] = v
                    out[4 * x + 1] = v
                    out[4 * x + 2] = v
                    out[4 * x + 3] = 255
                }
            case .grey:
                for x in 0..<width {
                    let raw = Self.sample(row, x, depth: depth)
                    let v = Self.eightBit(raw, depth: depth)
                    out[4 * x] = v
                    out[4 * x + 1] = v
                    out[4 * x + 2] = v
                    out[4 * x + 3] = transparentKey?[0] == raw ? 0 : 255
                }
            case .rgb:
                for x in 0..<width {
                    let r = Self.sample(row, 3 * x, depth: depth)
                    let g = Self.sample(row, 3 * x + 1, depth: depth)
                    let b = Self.sample(row, 3 * x + 2, depth: depth)
                    out[4 * x] = Self.eightBit(r, depth: depth)
                    out[4 * x + 1] = Self.eightBit(g, depth: depth)
                    out[4 * x + 2] = Self.eightBit(b, depth: depth)
                    out[4 * x + 3] = transparentKey == [r, g, b] ? 0 : 255
                }
            case .palette:
                palette.withUnsafeBufferPointer { palette in
                    for x in 0..<width {
                        let color = palette[Self.sample(row, x, depth: depth)]
                        out[4 * x] = color.r
                        out[4 * x + 1] = color.g
                        out[4 * x + 2] = color.b
                        out[4 * x + 3] = color.a
                    }
                }
            case .greyAlpha:
                for x in 0..<width {
                    let v = Self.eightBit(Self.sample(row, 2 * x, depth: depth), depth: depth)
                    out[4 * x] = v
                    out[4 * x + 1] = v
                    out[4 * x + 2] = v
                    out[4 * x + 3] = Self.eightBit(
                        Self.sample(row, 2 * x + 1, depth: depth), depth: depth)
                }
            case .rgba where depth == 8:
                out.update(from: row, count: width * 4)
            case .rgba:
                for i in 0..<width * 4 { out[i] = row[2 * i] }
            }
        }
    }

    /// The `index`-th sample of a row at the given bit depth (samples of 1–4 bits are packed
    /// most significant first; 16-bit samples are big-endian).
    @inline(__always)
    private static func sample(_ row: UnsafePointer<UInt8>, _ index: Int, depth: Int) -> Int {
        switch depth {
        case 8: return Int(row[index])
        case 16: return Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
        default:
            let bit = index * depth
            let shift = 8 - depth - bit & 7
            return Int(row[bit >> 3] >> UInt8(shift)) & (1 << depth - 1)
        }
    }

    /// A sample scaled to 8 bits: high byte of 16-bit samples, 1/2/4-bit values stretched to 0…255.
    @inline(__always)
    private static func eightBit(_ value: Int, depth: Int) -> UInt8 {
        switch depth {
        case 8: return UInt8(truncatingIfNeeded: value)
        case 16: return UInt8(truncatingIfNeeded: value >> 8)
        default: return UInt8(truncatingIfNeeded: value * (255 / (1 << depth - 1)))
        }
    }
}
