/// The width and height of an image in pixels, as its header states them.
public struct ImageSize: Equatable, Sendable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
