import ImageDecoding

/// Draws an image in monochrome with braille characters: each cell holds 2×4 dots, and a dot
/// is raised where the image is darker than a threshold. Suits line art (dark ink on white).
/// The output is plain text without escape sequences.
struct BrailleRenderer {
    /// Luminance below which a sample becomes a dot; nil chooses one per image (`automaticThreshold`).
    var threshold: UInt8?

    /// Dot bit for each sample position in a cell, indexed `[row][column]` (Unicode braille dot numbering).
    private static let dotBits: [[UInt32]] = [
        [0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80],
    ]
    /// Never draw samples lighter than this as ink, however the histogram looks (paper noise).
    private static let lightestInk = 230

    /// Text that draws `bitmap` in at most `maxColumns` × `maxRows` cells, one line per cell row.
    func render(_ bitmap: RGBABitmap, maxColumns: Int, maxRows: Int) -> String {
        let grid = CellGrid.fitting(
            width: bitmap.width, height: bitmap.height, samplesAcross: 2, samplesDown: 4,
            maxColumns: maxColumns, maxRows: maxRows)
        let samples = AreaAverageScaler.scale(
            bitmap, toWidth: grid.sampleWidth, height: grid.sampleHeight)
        let luminance = (0..<samples.width * samples.height).map {
            samples[$0 % samples.width, $0 / samples.width].luminance
        }
        let limit = Int(threshold ?? Self.automaticThreshold(luminance))
        var text = ""
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                var pattern: UInt32 = 0
                for dy in 0..<4 {
                    for dx in 0..<2 {
                        let sample = luminance[(4 * row + dy) * samples.width + 2 * column + dx]
                        if Int(sample) < limit { pattern |= Self.dotBits[dy][dx] }
                    }
                }
                text.unicodeScalars.append(Unicode.Scalar(0x2800 + pattern)!)
            }
            text += "\n"
        }
        return text
    }

    /// Otsu's threshold (the split of the luminance histogram that best separates dark from
    /// light), capped at `lightestInk`. Samples below the result become dots. A single-valued
    /// image gets dots only if it is dark.
    static func automaticThreshold(_ luminance: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for value in luminance { histogram[Int(value)] += 1 }
        let total = luminance.count
        let totalSum = histogram.enumerated().reduce(0) { $0 + $1.offset * $1.element }
        var darkCount = 0
        var darkSum = 0
        var bestSplit = -1
        var bestScore = -1.0
        for split in 0..<255 {
            darkCount += histogram[split]
            darkSum += split * histogram[split]
            let lightCount = total - darkCount
            guard darkCount > 0, lightCount > 0 else { continue }
            let darkMean = Double(darkSum) / Double(darkCount)
            let lightMean = Double(totalSum - darkSum) / Double(lightCount)
            let score =
                Double(darkCount) * Double(lightCount) * (darkMean - lightMean)
                * (darkMean - lightMean)
            if score > bestScore {
                bestScore = score
                bestSplit = split
            }
        }
        guard bestSplit >= 0 else {
            // One grey level only: ink if dark, paper if light.
            return (luminance.first ?? 255) < 128 ? 255 : 0
        }
        return UInt8(min(bestSplit + 1, lightestInk))
    }
}
