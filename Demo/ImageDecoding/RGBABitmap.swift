/// A decoded image: 8-bit RGBA pixels stored row by row, top row first, four bytes per pixel.
public struct RGBABitmap: Equatable, Sendable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// `width * height * 4` bytes: r, g, b, a of each pixel in turn.
    public var pixels: [UInt8]

    /// A bitmap over existing pixel bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 4,
            "pixel buffer size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap filled with one colour.
    public init(width: Int, height: Int, filledWith color: RGBAPixel) {
        self.init(
            width: width, height: height,
            pixels: [UInt8](
                (0..<width * height).lazy.flatMap { _ in [color.r, color.g, color.b, color.a] }))
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBAPixel {
        get {
            let i = (y * width + x) * 4
            return RGBAPixel(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }
}
