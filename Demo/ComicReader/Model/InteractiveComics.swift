/// Which comics do more on the site than a still picture can show: those the API marks with
/// `extra_parts`, those without an image file, and a few known ones whose API entry looks like
/// any other (1190 "Time" is an animation of thousands of frames, 1110 "Click and Drag" a
/// picture to drag around, 1350 "Lorenz", 2198 "Throw" and 1037 "Umwelt" are programs).
enum InteractiveComics {
    /// Interactive comics the API does not mark as such.
    static let knownNumbers: Set<Int> = [1037, 1110, 1190, 1350, 2198]

    /// Whether `comic` is interactive, so a terminal shows at most one still frame of it.
    static func isInteractive(_ comic: Comic) -> Bool {
        comic.extraParts != nil || comic.imageFileURL == nil || knownNumbers.contains(comic.num)
    }
}
