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
        for y in 0..<height {
            let rows = frame.components.indices.map { c in
                (y * frame.components[c].vertical / frame.maxVertical) * frame.planeWidth(c)
            }
            for x in 0..<width {
                let out = (y * width + x) * 4
                if planes.count == 1 {
                    let grey = planes[0][rows[0] + columns[0][x]]
                    output[out] = grey
                    output[out + 1] = grey
                    output[out + 2] = grey
                    continue
                }
                let first = Int(planes[0][rows[0] + columns[0][x]])
                let second = Int(planes[1][rows[1] + columns[1][x]])
                let third = Int(planes[2][rows[2] + columns[2][x]])
                switch transform {
                case .rgb:
                    output[out] = UInt8(first)
                    output[out + 1] = UInt8(second)
                    output[out + 2] = UInt8(third)
                case .yCbCr:
                    let (r, g, b) = rgb(y: first, cb: second, cr: third)
                    output[out] = r
                    output[out + 1] = g
                    output[out + 2] = b
                }
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
        return (UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b))
    }
}
