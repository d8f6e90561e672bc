import ImageDecoding

/// Resamples a bitmap by averaging every source pixel that falls in each target pixel's box,
/// flattening transparency onto a background colour. Good for shrinking line art: a thin line
/// becomes a lighter grey rather than disappearing between samples.
enum AreaAverageScaler {
    /// `bitmap` resampled to `width` × `height` opaque pixels, with transparent areas showing
    /// `background`. Enlarging repeats pixels (each box then holds one source pixel).
    static func scale(
        _ bitmap: RGBABitmap, toWidth width: Int, height: Int, background: RGBAPixel = .white
    ) -> RGBABitmap {
        guard width > 0, height > 0 else { return RGBABitmap(width: 0, height: 0, pixels: []) }
        guard bitmap.width > 0, bitmap.height > 0 else {
            return RGBABitmap(width: width, height: height, filledWith: background)
        }
        let columnBoxes = boxes(source: bitmap.width, target: width)
        let rowBoxes = boxes(source: bitmap.height, target: height)
        var output = [UInt8](repeating: 255, count: width * height * 4)
        // Per source column: sums of r, g, b over the rows of the current target row's box.
        var columnSums = [UInt32](repeating: 0, count: bitmap.width * 3)
        let background = (UInt32(background.r), UInt32(background.g), UInt32(background.b))
        bitmap.pixels.withUnsafeBufferPointer { source in
            columnSums.withUnsafeMutableBufferPointer { sums in
                for ty in 0..<height {
                    sums.update(repeating: 0)
                    for sy in rowBoxes[ty] {
                        let row = sy * bitmap.width * 4
                        for sx in 0..<bitmap.width {
                            let p = row + sx * 4
                            let alpha = UInt32(source[p + 3])
                            if alpha == 255 {
                                sums[sx * 3] &+= UInt32(source[p])
                                sums[sx * 3 + 1] &+= UInt32(source[p + 1])
                                sums[sx * 3 + 2] &+= UInt32(source[p + 2])
                            } else {
                                // Straight alpha over the background, rounded.
                                let rest = 255 - alpha
                                sums[sx * 3] &+=
                                    (UInt32(source[p]) * alpha + background.0 * rest + 127) / 255
                                sums[sx * 3 + 1] &+=
                                    (UInt32(source[p + 1]) * alpha + background.1 * rest + 127)
                                    / 255
                                sums[sx * 3 + 2] &+=
                                    (UInt32(source[p + 2]) * alpha + background.2 * rest + 127)
                                    / 255
                            }
                        }
                    }
                    // A column sum fits 32 bits (at most 20000 rows × 255); a box total may not.
                    let boxHeight = UInt64(rowBoxes[ty].count)
                    for tx in 0..<width {
                        let columns = columnBoxes[tx]
                        let count = boxHeight * UInt64(columns.count)
                        for c in 0..<3 {
                            var sum: UInt64 = 0
                            for sx in columns { sum += UInt64(sums[sx * 3 + c]) }
                            output[(ty * width + tx) * 4 + c] = UInt8((sum + count / 2) / count)
                        }
                    }
                }
            }
        }
        return RGBABitmap(width: width, height: height, pixels: output)
    }

    /// The source pixels covered by each of `target` boxes; every box holds at least one pixel
    /// (when enlarging, neighbouring boxes then share a pixel).
    private static func boxes(source: Int, target: Int) -> [Range<Int>] {
        (0..<target).map { i in
            let start = min(i * source / target, source - 1)
            return start..<max(start + 1, (i + 1) * source / target)
        }
    }
}
