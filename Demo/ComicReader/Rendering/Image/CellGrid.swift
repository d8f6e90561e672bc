/// The block of terminal cells an image is drawn into, and how many image samples each cell shows.
///
/// Terminal cells are about twice as tall as wide, so a cell showing 1×2 samples (half blocks)
/// or 2×4 samples (braille dots) shows square samples; the grid keeps the image's aspect ratio.
struct CellGrid: Equatable, Sendable {
    let columns: Int
    let rows: Int
    /// Samples per cell across and down.
    let samplesAcross: Int
    let samplesDown: Int

    /// Width of the sampled image, in samples.
    var sampleWidth: Int { columns * samplesAcross }
    /// Height of the sampled image, in samples.
    var sampleHeight: Int { rows * samplesDown }

    /// The largest grid within `maxColumns` × `maxRows` that keeps the aspect of a
    /// `width` × `height` image without enlarging it beyond one sample per pixel across.
    static func fitting(
        width: Int, height: Int, samplesAcross: Int, samplesDown: Int, maxColumns: Int, maxRows: Int
    ) -> CellGrid {
        let width = max(width, 1)
        let height = max(height, 1)
        var columns = max(1, min(maxColumns, (width + samplesAcross - 1) / samplesAcross))
        // rows = height/width × columns × samplesAcross / samplesDown, rounded.
        var rows = max(
            1,
            (2 * height * columns * samplesAcross + width * samplesDown) / (2 * width * samplesDown)
        )
        if rows > maxRows {
            rows = max(1, maxRows)
            let fitted =
                (2 * width * rows * samplesDown + height * samplesAcross)
                / (2 * height * samplesAcross)
            columns = max(1, min(columns, fitted))
        }
        return CellGrid(
            columns: columns, rows: rows, samplesAcross: samplesAcross, samplesDown: samplesDown)
    }
}
