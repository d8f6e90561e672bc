import Foundation

/// Turns keys into actions and comics into screens (VIPER's presenter). It holds what is on
/// screen (the comic, whether alt text and transcript show) and nothing that outlives the reader.
///
/// Everything here runs on the view's key loop; a picture that must be read from `images/`,
/// downloaded or decoded is loaded elsewhere and comes back through the view's inbox as
/// `pictureArrived`, so keys are answered while it loads.
final class ReaderPresenter: ReaderViewOutput {
    /// The view; weak because the view owns its presenter.
    weak var view: (any ReaderView)?
    var interactor: ReaderInteractor!
    var router: ReaderRouter!
    private let renderer: any ComicRenderer
    /// The terminal as measured at start, its width kept current as the window is resized.
    private var terminal: Terminal
    /// The window's rows, kept current as it is resized.
    private var screenRows: Int

    /// The comic on screen.
    private(set) var current: Comic?
    private(set) var showsAlt = true
    private(set) var showsTranscript = false
    /// Whether the picture is fitted to the screen (the default) rather than as wide as the
    /// window and as tall as its shape asks, scrolling with the text (`z`).
    private(set) var fitsPicture = true
    /// Whether the help screen is up; the next key brings the comic back.
    private(set) var isShowingHelp = false
    /// Marks of the current comic as they were before it was shown, so "new" stays visible.
    private var currentMarks: (isFavorite: Bool, isRead: Bool) = (false, true)
    /// The current comic's picture, kept so toggles and redraws do not load it again, and the
    /// box it was fitted to.
    private(set) var picture = ReaderPicture.none
    private var pictureBox = PictureBox(columns: 0, rows: 0)
    /// Counts the comics shown and the pictures asked for, so a picture that arrives after the
    /// reader moved on, or after it was asked for again in another box, is dropped.
    private var ticket = 0
    /// Whether the picture asked for last has not arrived yet.
    private var awaitsPicture = false
    /// The comic to open with, when one was named on the command line.
    var openingNumber: Int?
    /// The last search's query and matches, best first, and which of them is on screen.
    private(set) var matches: (query: String, comics: [Comic], shown: Int)?

    init(renderer: any ComicRenderer, terminal: Terminal, screenRows: Int) {
        self.renderer = renderer
        self.terminal = terminal
        self.screenRows = max(2, screenRows)
    }

    func viewIsReady() {
        do {
            if let openingNumber {
                try display(interactor.comic(.number(openingNumber), from: nil))
            } else {
                try display(interactor.startingComic())
            }
            if try interactor.isShowingSample() {
                view?.showMessage(
                    "Built-in sample comics; 'comics refresh' fetches the real ones. ? for help")
            }
        } catch {
            view?.showMessage("\(error)")
        }
    }

    func handle(_ key: ReaderKey) {
        if isShowingHelp {
            isShowingHelp = false
            if ReaderAction(key: key) == .quit { return router.quit() }
            return redraw()
        }
        guard let action = ReaderAction(key: key) else {
            return view?.showMessage("That key does nothing here; press ? for help") ?? ()
        }
        perform(action)
    }

    func viewDidResize(rows: Int, columns: Int) {
        terminal.width = max(1, columns)
        screenRows = max(2, rows)
        if isShowingHelp { return view?.showHelp(ReaderAction.helpText) ?? () }
        refitPicture()
        redraw()
    }

    func pictureArrived(_ arrived: ReaderPicture, ticket: Int) {
        guard ticket == self.ticket, current != nil else { return }
        picture = arrived
        awaitsPicture = false
        // The window may have changed size, or `z` been pressed, while it loaded: fit it again.
        refitPicture()
        if !isShowingHelp { redraw() }
    }

    /// Does what `action` asks; failures become messages in the status line.
    private func perform(_ action: ReaderAction) {
        do {
            switch action {
            case .next: try display(interactor.comic(.next, from: current?.num))
            case .previous: try display(interactor.comic(.previous, from: current?.num))
            case .random: try display(interactor.comic(.random, from: current?.num))
            case .first: try display(interactor.comic(.first, from: current?.num))
            case .latest: try display(interactor.comic(.latest, from: current?.num))
            case .goTo: try goTo()
            case .search: try search()
            case .nextMatch: try stepThroughMatches(by: 1)
            case .previousMatch: try stepThroughMatches(by: -1)
            case .favorite: try toggleFavorite()
            case .open: try openPage()
            case .explain: try openExplanation()
            case .toggleAlt:
                showsAlt.toggle()
                redraw()
            case .toggleTranscript:
                showsTranscript.toggle()
                redraw()
            case .zoom:
                fitsPicture.toggle()
                refitPicture()
                redraw()
            case .scrollUp: view?.scroll(by: -scrollStep)
            case .scrollDown: view?.scroll(by: scrollStep)
            case .pageUp: view?.scroll(byPages: -1)
            case .pageDown: view?.scroll(byPages: 1)
            case .help:
                isShowingHelp = true
                view?.showHelp(ReaderAction.helpText)
            case .quit: router.quit()
            }
        } catch {
            view?.showMessage("\(error)")
        }
    }

    /// Lines moved by one scroll key.
    private var scrollStep: Int { 5 }

    /// Asks for a number and shows that comic; a cancelled prompt redraws the current one.
    private func goTo() throws {
        guard let answer = view?.prompt("Go to comic: "), !answer.isEmpty else { return redraw() }
        guard let number = Int(answer.trimmingCharacters(in: .whitespaces)) else {
            redraw()
            return view?.showMessage("'\(answer)' is not a comic number") ?? ()
        }
        try display(interactor.comic(.number(number), from: current?.num))
    }

    /// Asks for search words, shows the best match and names the next few in the status line;
    /// `m` and `M` then step through the matches.
    private func search() throws {
        guard let query = view?.prompt("Search: "), !query.isEmpty else { return redraw() }
        let hits = try interactor.search(query)
        guard let best = hits.first else {
            redraw()
            return view?.showMessage("No comic matches '\(query)'") ?? ()
        }
        matches = (query, hits, 0)
        try display(best)
        let others = hits.dropFirst().prefix(3).map {
            "\($0.num) \(ComicPresentation.displayTitle(of: $0))"
        }
        let summary =
            hits.count == 1
            ? "The only match."
            : "Best of \(hits.count) matches (m: next); next: " + others.joined(separator: ", ")
        view?.showMessage(summary)
    }

    /// Shows the match `step` places after the one on screen (before it when negative),
    /// going round at either end, and says which it is.
    private func stepThroughMatches(by step: Int) throws {
        guard let found = matches else {
            return view?.showMessage("No search yet; press / to search") ?? ()
        }
        let count = found.comics.count
        let shown = ((found.shown + step) % count + count) % count
        matches = (found.query, found.comics, shown)
        let comic = found.comics[shown]
        try display(comic)
        view?.showMessage(
            "Match \(shown + 1) of \(count) for '\(found.query)': "
                + "\(comic.num) \(ComicPresentation.displayTitle(of: comic))")
    }

    /// Adds the comic on screen to the favourites or removes it, and redraws its marks.
    private func toggleFavorite() throws {
        guard let current else { return }
        let isFavorite = try interactor.toggleFavorite(current.num)
        currentMarks.isFavorite = isFavorite
        redraw()
        view?.showMessage(
            isFavorite
                ? "Added \(current.num) to the favourites"
                : "Removed \(current.num) from the favourites")
    }

    /// Opens the page of the comic on screen in the browser.
    private func openPage() throws {
        guard let current else { return }
        let url = ComicPresentation(current).pageURL
        try router.open(url)
        view?.showMessage("Opened \(url)")
    }

    /// Opens the explainxkcd page of the comic on screen in the browser.
    private func openExplanation() throws {
        guard let current else { return }
        let url = ComicPresentation(current).explanationURL
        try router.open(url)
        view?.showMessage("Opened \(url)")
    }

    /// Shows `comic` with its picture and records it as read. A picture that must be loaded
    /// (read from `images/` or downloaded, and decoded) is announced, and comes back through
    /// `pictureArrived` while keys go on being answered.
    private func display(_ comic: Comic) throws {
        currentMarks = try interactor.marks(of: comic.num)
        current = comic
        ticket += 1
        awaitsPicture = false
        let box = pictureBox(for: comic)
        pictureBox = box
        if let atHand = interactor.pictureAtHand(of: comic, box: box) {
            picture = atHand
        } else {
            picture = .notice(
                terminal.unicodeEnabled ? "loading the image…" : "loading the image...")
            loadPicture(of: comic, box: box)
        }
        redraw()
        try interactor.markShown(comic.num)
    }

    /// Has the picture of `comic` in `box` loaded away from the key loop; it comes back
    /// through `pictureArrived`.
    private func loadPicture(of comic: Comic, box: PictureBox) {
        guard let inbox = view?.inbox else { return }
        ticket += 1
        awaitsPicture = true
        let ticket = ticket
        interactor.loadPicture(of: comic, box: box) { picture in
            inbox.post(.picture(picture, ticket: ticket))
        }
    }

    /// Fits the picture on screen to the window's size again when its box changed: at once
    /// when the source has it at hand, else loaded again (now from `images/`) while the
    /// picture on screen stays. A notice stays as it is, and a picture still loading is
    /// fitted again when it arrives.
    private func refitPicture() {
        guard let current, !awaitsPicture else { return }
        let box = pictureBox(for: current)
        guard box != pictureBox else { return }
        if case .notice = picture { return }
        pictureBox = box
        if let refitted = interactor.pictureAtHand(of: current, box: box) {
            picture = refitted
        } else {
            loadPicture(of: current, box: box)
        }
    }

    /// The cells left for the picture of `comic`: the window's width, and its rows less the
    /// heading, the alt text and the notes under the picture (so all of them fit on the first
    /// screen), but at least half of the rows above the status line. Zoomed (`z`), the picture
    /// may be as tall as its shape asks at the window's width.
    private func pictureBox(for comic: Comic) -> PictureBox {
        if !fitsPicture {
            return PictureBox(columns: max(1, terminal.width), rows: PictureFit.rowCeiling)
        }
        let caption = caption(for: comic)
        let bodyRows = ReaderScreen.bodyRows(screenRows: screenRows)
        let wanted = bodyRows - 1 - caption.alt.count - caption.notes.count
        return PictureBox(columns: max(1, terminal.width), rows: max(bodyRows / 2, wanted, 1))
    }

    /// The heading, alt text and notes of `comic` at the window's width.
    private func caption(for comic: Comic) -> ReaderCaption {
        ReaderCaption(
            comic: comic, width: terminal.width, isFavorite: currentMarks.isFavorite,
            isRead: currentMarks.isRead)
    }

    /// Draws the current comic again, e.g. after a toggle: the heading, the picture, the alt
    /// text and notes, then the rest of the rendered comic (its transcript, when shown).
    private func redraw() {
        guard let current else { return }
        let caption = caption(for: current)
        let context = RenderContext(
            terminal: terminal, showsAlt: false, showsTranscript: showsTranscript,
            isFavorite: currentMarks.isFavorite, isRead: currentMarks.isRead)
        let text =
            (showsAlt ? caption.alt : []) + caption.notes + [""]
            + [renderer.render(current, context: context)]
        view?.showComic(
            heading: caption.heading, picture: picture, text: text.joined(separator: "\n"),
            status: status(for: current))
    }

    /// The status line: where we are and the main keys.
    private func status(for comic: Comic) -> String {
        let star = currentMarks.isFavorite ? (terminal.unicodeEnabled ? " ★" : " *") : ""
        return
            "#\(comic.num)\(star)   n next  p prev  r random  g go to  / search  m match  ? help  q quit"
    }
}
