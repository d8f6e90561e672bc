/// Where the reader gets comics' pictures (the seam tests substitute): the image bytes found
/// in the sample, in `images/` or on the server, already turned into what the screen shows,
/// fitted to a box of `columns` × `rows` cells.
///
/// Split in two so the reader can say "loading" and go on reading keys: `pictureAtHand` runs
/// on the key loop and must answer at once, so it neither reads nor decodes an image file
/// that may be large; `loadedPicture` does both, and may wait for the network, away from it.
protocol ReaderImageSource: Sendable {
    /// The picture of `comic` when it is known at once (small sample drawings, images switched
    /// off, a comic without an image file); nil when only `loadedPicture` can tell.
    /// `isSample` says the comic is one of the built-in sample.
    func pictureAtHand(of comic: Comic, isSample: Bool, box: PictureBox) -> ReaderPicture?

    /// The picture of `comic` from its image in `images/`, else downloaded (and then kept in
    /// `images/` for next time), decoded; takes at most about the network timeout plus the
    /// decoding, and says what went wrong as a notice. Never called on the key loop.
    func loadedPicture(of comic: Comic, box: PictureBox) async -> ReaderPicture
}

/// The cells a picture may fill on the reader's screen.
struct PictureBox: Sendable, Equatable {
    var columns: Int
    var rows: Int
}
