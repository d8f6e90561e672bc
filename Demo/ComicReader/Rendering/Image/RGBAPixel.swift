/// One 8-bit-per-channel colour with straight (not premultiplied) alpha.
struct RGBAPixel: Hashable, Sendable {
    var r: UInt8
    var g: UInt8
    var b: UInt8
    var a: UInt8 = 255

    static let white = RGBAPixel(r: 255, g: 255, b: 255)
    static let black = RGBAPixel(r: 0, g: 0, b: 0)

    /// Perceived brightness 0…255 (ITU-R BT.601 weights in fixed point); ignores alpha.
    var luminance: UInt8 {
        let weighted: Int = 77 * Int(r) + 150 * Int(g) + 29 * Int(b)
        return UInt8((weighted + 128) >> 8)
    }
}
