/// What the reader's presenter asks of its view (VIPER's view input).
protocol ReaderView: AnyObject {
    /// Where the view sends the keys it reads (VIPER's view output).
    var output: (any ReaderViewOutput)? { get set }
    /// Where work done on other threads (downloads) leaves its results for the key loop,
    /// which hands them to `output`.
    var inbox: ReaderInbox { get }
    /// Replaces the screen with a comic: its one-line heading, its picture (or a line about
    /// it), its text, and a status line.
    func showComic(heading: String, picture: ReaderPicture, text: String, status: String)
    /// Shows a one-line message in the status line.
    func showMessage(_ text: String)
    /// Replaces the screen with help text.
    func showHelp(_ text: String)
    /// Scrolls the comic text by `lines` (negative: up).
    func scroll(by lines: Int)
    /// Scrolls the comic text by `pages` screens (negative: up), the last line of one screen
    /// staying in view as the first of the next.
    func scroll(byPages pages: Int)
    /// Asks for a line of text after `label`; nil when the user cancels (Escape, Ctrl-C).
    func prompt(_ label: String) -> String?
    /// Ends the view's key loop.
    func close()
}

/// What the view tells its presenter (VIPER's view output).
protocol ReaderViewOutput: AnyObject {
    /// The view is on screen and waits for keys; the presenter shows the first comic.
    func viewIsReady()
    /// A key was pressed.
    func handle(_ key: ReaderKey)
    /// The window changed size; the presenter draws its screen again for `rows` × `columns`.
    func viewDidResize(rows: Int, columns: Int)
    /// A picture downloaded for the comic shown as `ticket` arrived through the inbox.
    func pictureArrived(_ picture: ReaderPicture, ticket: Int)
}
