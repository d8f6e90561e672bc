/// One 8-bit-per-channel colour with straight (not premultiplied) alpha.
public struct RGBAPixel: Hashable, Sendable {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    public var a: UInt8

    /// Opaque white.
    public static let white = RGBAPixel(r: 255, g: 255, b: 255)
    /// Opaque black.
    public static let black = RGBAPixel(r: 0, g: 0, b: 0)

    /// A colour from its channels; opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Perceived brightness 0…255 (ITU-R BT.601 weights in fixed point); ignores alpha.
    public var luminance: UInt8 {
        let weighted: Int = 77 * Int(r) + 150 * Int(g) + 29 * Int(b)
        return UInt8((weighted + 128) >> 8)
    }
}
