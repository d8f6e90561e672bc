/// Turns the decoded component planes of a JPEG into RGBA pixels: greyscale as it is, three
/// components from YCbCr (ITU-R BT.601 as JFIF defines it, full range) or, when an Adobe
/// segment says so, as RGB. Subsampled components are stretched to the image's size by
/// repeating their samples (each covers 2×1 pixels in 4:2:2, 2×2 in 4:2:0).
enum JPEGColorConverter {
    /// How three components encode colour.
    enum Transform {
        case yCbCr
        case rgb
    }

    /// The `frame.width × frame.height` RGBA pixels of `planes` (one per component, each
    /// `frame.planeWidth(c)` samples wide).
    static func pixels(frame: JPEGFrame, planes: [[UInt8]], transform: Transform) -> [UInt8] {
        let width = frame.width
        let height = frame.height
        // For each component, the plane column of each pixel column.
        let columns = frame.components.map { component in
            (0..<width).map { $0 * component.horizontal / frame.maxHorizontal }
        }
        var output = [UInt8](repeating: 255, count: width * height * 4)
        // Rows of the planes that pixel row `y` reads.
        func planeRow(_ c: Int, _ y: Int) -> Int {
            (y * frame.components[c].vertical / frame.maxVertical) * frame.planeWidth(c)
        }
        if planes.count == 1 {
            let grey = planes[0]
            let across = columns[0]
            for y in 0..<height {
                let row = planeRow(0, y)
                for x in 0..<width {
                    let value = grey[row + across[x]]
                    let out = (y * width + x) * 4
                    output[out] = value
                    output[out + 1] = value
                    output[out + 2] = value
                }
            }
            return output
        }
        let (first, second, third) = (planes[0], planes[1], planes[2])
        let (firstAcross, secondAcross, thirdAcross) = (columns[0], columns[1], columns[2])
        for y in 0..<height {
            let rows = (planeRow(0, y), planeRow(1, y), planeRow(2, y))
            for x in 0..<width {
                let a = Int(first[rows.0 + firstAcross[x]])
                let b = Int(second[rows.1 + secondAcross[x]])
                let c = Int(third[rows.2 + thirdAcross[x]])
                let pixel =
                    transform == .rgb ? (UInt8(a), UInt8(b), UInt8(c)) : rgb(y: a, cb: b, cr: c)
                let out = (y * width + x) * 4
                output[out] = pixel.0
                output[out + 1] = pixel.1
                output[out + 2] = pixel.2
            }
        }
        return output
    }

    /// One YCbCr sample as RGB, in fixed point with 16 fraction bits, rounded and clamped.
    @inline(__always)
    static func rgb(y: Int, cb: Int, cr: Int) -> (UInt8, UInt8, UInt8) {
        let luma = y << 16 + 32_768
        let blue = cb - 128
        let red = cr - 128
        // 1.402, 0.344136, 0.714136 and 1.772 scaled by 65536.
        let r = (luma + 91_881 * red) >> 16
        let g = (luma - 22_554 * blue - 46_802 * red) >> 16
        let b = (luma + 116_130 * blue) >> 16
        return (byte(r), byte(g), byte(b))
    }

    /// `value` clamped to 0…255 (spelled out: the generic `UInt8(clamping:)` is slow in debug
    /// builds, which `swift run` makes).
    @inline(__always)
    static func byte(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
    }
}
