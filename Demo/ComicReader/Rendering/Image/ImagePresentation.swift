/// What to print for a comic's image.
enum ImagePresentation: Equatable, Sendable {
    /// Text that draws the image (escapes or characters), ending with a newline; for stdout.
    case picture(String)
    /// One line saying why no picture is shown, with the image URL; for stderr.
    case notice(String)
    /// Images are switched off: print nothing.
    case nothing
}
