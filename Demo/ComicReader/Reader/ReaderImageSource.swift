/// Where the reader gets comics' pictures (the seam tests substitute): the image bytes found
/// in the sample, in `images/` or on the server, already turned into what the screen shows,
/// fitted to a box of `columns` × `rows` cells.
///
/// Split in two so the reader can say "loading" and go on reading keys: `pictureAtHand` must
/// answer at once, and only `downloadedPicture` may wait for the network.
protocol ReaderImageSource: Sendable {
    /// The picture of `comic` when it needs no download (sample drawings, `images/`, images
    /// switched off, a comic without an image file); nil when only a download can tell.
    /// `isSample` says the comic is one of the built-in sample.
    func pictureAtHand(of comic: Comic, isSample: Bool, box: PictureBox) -> ReaderPicture?

    /// The picture of `comic` after downloading its image (kept in `images/` for next time);
    /// takes at most about the network timeout, and says what went wrong as a notice.
    func downloadedPicture(of comic: Comic, box: PictureBox) async -> ReaderPicture
}

/// The cells a picture may fill on the reader's screen.
struct PictureBox: Sendable, Equatable {
    var columns: Int
    var rows: Int
}
