import Foundation

/// Turns keys into actions and comics into screens (VIPER's presenter). It holds what is on
/// screen (the comic, whether alt text and transcript show) and nothing that outlives the reader.
final class ReaderPresenter: ReaderViewOutput {
    /// The view; weak because the view owns its presenter.
    weak var view: (any ReaderView)?
    var interactor: ReaderInteractor!
    var router: ReaderRouter!
    private let renderer: any ComicRenderer
    /// The terminal as measured at start, its width kept current as the window is resized.
    private var terminal: Terminal

    /// The comic on screen.
    private(set) var current: Comic?
    private(set) var showsAlt = true
    private(set) var showsTranscript = false
    /// Whether the help screen is up; the next key brings the comic back.
    private(set) var isShowingHelp = false
    /// Marks of the current comic as they were before it was shown, so "new" stays visible.
    private var currentMarks: (isFavorite: Bool, isRead: Bool) = (false, true)
    /// The current comic's picture, kept so toggles and redraws do not load it again.
    private(set) var picture = ReaderPicture.none
    /// The last search's query and matches, best first, and which of them is on screen.
    private(set) var matches: (query: String, comics: [Comic], shown: Int)?

    init(renderer: any ComicRenderer, terminal: Terminal) {
        self.renderer = renderer
        self.terminal = terminal
    }

    func viewIsReady() {
        do {
            try display(interactor.startingComic())
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

    func viewDidResize(columns: Int) {
        terminal.width = max(1, columns)
        if isShowingHelp { return view?.showHelp(ReaderAction.helpText) ?? () }
        redraw()
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

    /// Shows `comic` with its picture and records it as read. A picture that must be
    /// downloaded is announced first, so the comic's text is on screen while it loads; keys
    /// pressed meanwhile wait in the terminal and are handled once it is drawn.
    private func display(_ comic: Comic) throws {
        currentMarks = try interactor.marks(of: comic.num)
        current = comic
        if let atHand = interactor.pictureAtHand(of: comic) {
            picture = atHand
        } else {
            picture = .notice(
                terminal.unicodeEnabled ? "loading the image…" : "loading the image...")
            redraw()
            picture = interactor.downloadedPicture(of: comic)
        }
        redraw()
        try interactor.markShown(comic.num)
    }

    /// Draws the current comic again, e.g. after a toggle.
    private func redraw() {
        guard let current else { return }
        let context = RenderContext(
            terminal: terminal, showsAlt: showsAlt, showsTranscript: showsTranscript,
            isFavorite: currentMarks.isFavorite, isRead: currentMarks.isRead)
        view?.showComic(
            renderer.render(current, context: context), picture: picture,
            status: status(for: current))
    }

    /// The status line: where we are and the main keys.
    private func status(for comic: Comic) -> String {
        let star = currentMarks.isFavorite ? (terminal.unicodeEnabled ? " ★" : " *") : ""
        return
            "#\(comic.num)\(star)   n next  p prev  r random  g go to  / search  m match  ? help  q quit"
    }
}
