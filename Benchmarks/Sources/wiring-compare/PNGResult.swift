/// What the `png` scenario measured, in one run: medians of nanoseconds per operation.
struct PNGResult {
    let imageWidth: Int
    let imageHeight: Int
    /// Bytes of the IDAT stream and of what it expands to.
    let idatBytes: Int
    let filteredBytes: Int
    /// The zlib Python ran with.
    let zlibVersion: String
    /// The picture's size in cells.
    let columns: Int
    let rows: Int
    /// Swift's inflate of the IDAT stream.
    let inflateNanoseconds: Double
    /// Python's `zlib.decompress` of the same stream.
    let pythonZlibNanoseconds: Double
    /// Decode the PNG file and draw it in half blocks, 24-bit colour escapes.
    let decodeRenderNanoseconds: Double
    /// The same with the xterm 256-colour palette.
    let decodeRender256Nanoseconds: Double

    init(
        image: LineArtImage, zlibVersion: String, columns: Int, rows: Int,
        inflateNanoseconds: Double,
        pythonZlibNanoseconds: Double, decodeRenderNanoseconds: Double,
        decodeRender256Nanoseconds: Double
    ) {
        imageWidth = image.width
        imageHeight = image.height
        idatBytes = image.idat.count
        filteredBytes = image.filteredSize
        self.zlibVersion = zlibVersion
        self.columns = columns
        self.rows = rows
        self.inflateNanoseconds = inflateNanoseconds
        self.pythonZlibNanoseconds = pythonZlibNanoseconds
        self.decodeRenderNanoseconds = decodeRenderNanoseconds
        self.decodeRender256Nanoseconds = decodeRender256Nanoseconds
    }

    /// Swift's inflate time ÷ Python's zlib time (below 1: Swift is faster).
    var inflateRatio: Double { inflateNanoseconds / pythonZlibNanoseconds }
}
