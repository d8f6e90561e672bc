import ImageDecoding

/// Draws an image with the upper-half-block character `▀`: each cell shows two pixels, the top
/// one as the foreground colour and the bottom one as the background colour.
struct HalfBlockRenderer {
    /// Colour escapes to use (24-bit or 256-colour).
    let colorDepth: ImageColorDepth

    /// Text that draws `bitmap` in at most `maxColumns` × `maxRows` cells; every line ends by
    /// resetting attributes and a newline. Colour escapes are only repeated when they change.
    func render(_ bitmap: RGBABitmap, maxColumns: Int, maxRows: Int) -> String {
        let grid = CellGrid.fitting(
            width: bitmap.width, height: bitmap.height, samplesAcross: 1, samplesDown: 2,
            maxColumns: maxColumns, maxRows: maxRows)
        let samples = AreaAverageScaler.scale(
            bitmap, toWidth: grid.sampleWidth, height: grid.sampleHeight)
        var text = ""
        for row in 0..<grid.rows {
            var foreground: RGBAPixel?
            var background: RGBAPixel?
            for column in 0..<grid.columns {
                let top = samples[column, 2 * row]
                let bottom = samples[column, 2 * row + 1]
                var parameters: [String] = []
                if top != foreground {
                    parameters.append(colorDepth.sgrParameters(top, background: false))
                }
                if bottom != background {
                    parameters.append(colorDepth.sgrParameters(bottom, background: true))
                }
                if !parameters.isEmpty {
                    text += "\u{1B}[" + parameters.joined(separator: ";") + "m"
                }
                foreground = top
                background = bottom
                text += "▀"
            }
            text += "\u{1B}[0m\n"
        }
        return text
    }
}
