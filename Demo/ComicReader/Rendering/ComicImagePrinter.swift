/// Prints a comic's image above its text when the image mode and the terminal allow it:
/// the picture to standard output, a one-line notice to standard error when it cannot be shown.
struct ComicImagePrinter {
    let loader: ComicImageLoader
    let presenter: ImagePresenter
    let console: any Console

    /// Prints the image of `comic`, or a notice saying why there is none.
    func printImage(of comic: Comic, isSample: Bool) async {
        guard presenter.rendering != .none else { return }
        let outcome = await loader.load(comic, isSample: isSample)
        if let problem = outcome.problem { console.printMessage("note: \(problem)") }
        // Without bytes there is nothing to draw: the note above said why, and a comic without
        // an image file (an interactive one) says so in its own text.
        guard let bytes = outcome.bytes else { return }
        switch presenter.present(image: bytes, sourceURL: outcome.address(of: comic)) {
        case .picture(let text):
            // The picture ends with its own newline, which printData adds back.
            console.printData(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        case .notice(let text): console.printMessage("note: \(text)")
        case .nothing: break
        }
    }
}
