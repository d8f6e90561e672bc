/// The bytes given to `ImageDecoder` are no image format it knows (a web page, text, …).
public struct NotAnImageError: Error, Equatable, CustomStringConvertible {
    /// What the bytes look like instead.
    public let looksLike: ImageFormat

    /// The problem in one line.
    public var description: String { "not an image (looks like \(looksLike.name))" }
}
