import ImageDecoding

/// The two steps of the image pipeline that the benchmark package times, callable from outside
/// this module: `Inflate` and `PNGDecoder` of `ImageDecoding`, then the internal
/// `HalfBlockRenderer`. These calls only forward to them, so what is timed is what the reader runs.
public enum ImageBenchmarkSupport {
    /// Decompresses a zlib stream (a PNG's IDAT data, concatenated) that must expand to exactly
    /// `expectedSize` bytes, with the reader's own `Inflate`, Adler-32 trailer checked.
    /// Throws an error whose description says what is wrong with the stream (or with a negative
    /// `expectedSize`).
    public static func inflate(zlib: [UInt8], expectedSize: Int) throws -> [UInt8] {
        guard expectedSize >= 0 else {
            throw InflateError.invalidData("the expected size \(expectedSize) is negative")
        }
        return try Inflate.zlibDecompress(zlib, expectedSize: expectedSize)
    }

    /// Decodes a PNG file and draws it in half blocks, `columns` cells wide at most (fewer for an
    /// image narrower than that) and as many rows as its aspect needs: `PNGDecoder`, then
    /// `HalfBlockRenderer`, as the reader shows a comic in `--image blocks` mode. Colours are
    /// 24-bit escapes, or the xterm 256-colour palette when `truecolor` is false.
    /// Throws the decoder's error (its description names what is wrong and where).
    public static func halfBlockPicture(png: [UInt8], columns: Int, truecolor: Bool = true) throws
        -> String
    {
        let bitmap = try PNGDecoder.decode(png)
        let renderer = HalfBlockRenderer(colorDepth: truecolor ? .truecolor : .palette256)
        return renderer.render(bitmap, maxColumns: max(1, columns), maxRows: .max)
    }
}
