/// The largest image any decoder here accepts. Every decoder checks the size its header claims
/// against these limits before it allocates anything for pixels, so a small hostile file that
/// claims a giant picture costs nothing.
public enum ImageSizeLimit {
    /// Largest accepted width or height, in pixels.
    public static let maxSide = 20_000
    /// Largest accepted width × height (40 megapixels, 160 MB as RGBA).
    public static let maxPixels = 40_000_000

    /// Whether a `width` × `height` image is within both limits (sides of zero are not judged
    /// here: each format words that problem itself).
    public static func allows(width: Int, height: Int) -> Bool {
        width <= maxSide && height <= maxSide && width * height <= maxPixels
    }

    /// How the limits read in an error message.
    static var wording: String {
        "the limit of \(maxSide) pixels a side and \(maxPixels / 1_000_000) megapixels"
    }
}
