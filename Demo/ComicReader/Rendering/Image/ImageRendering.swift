/// The concrete way an image will be drawn, after `ImageMode.rendering(environment:isTTY:)`.
enum ImageRendering: Equatable, Sendable {
    case kitty
    case iterm
    case halfBlocks
    case braille
    case none
}
