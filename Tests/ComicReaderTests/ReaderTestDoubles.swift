import Foundation

@testable import ComicReader

/// A reader view without a terminal: records what the presenter shows and answers prompts
/// from a script.
final class FakeReaderView: ReaderView {
    var output: (any ReaderViewOutput)?
    let inbox = ReaderInbox()
    /// Comic screens shown, in order: the heading, the heading and text as lines, the
    /// picture between them and the status line.
    private(set) var screens:
        [(heading: String, text: String, picture: ReaderPicture, status: String)] = []
    private(set) var messages: [String] = []
    private(set) var helpScreens: [String] = []
    private(set) var scrolls: [Int] = []
    private(set) var pageScrolls: [Int] = []
    private(set) var prompts: [String] = []
    private(set) var isClosed = false
    /// Answers for `prompt`, first first; nil means the user pressed Escape.
    var answers: [String?] = []

    func showComic(heading: String, picture: ReaderPicture, text: String, status: String) {
        screens.append((heading, heading + "\n" + text, picture, status))
    }

    /// Waits (at most 60 s: the suite may keep every worker thread busy) until something is posted to the inbox, then hands everything
    /// posted to the presenter, as the terminal's key loop does; false if nothing came.
    @discardableResult
    func deliverPosted() async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let events = inbox.takeAll()
            if !events.isEmpty {
                for case .picture(let picture, let ticket) in events {
                    output?.pictureArrived(picture, ticket: ticket)
                }
                return true
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
    func showMessage(_ text: String) { messages.append(text) }
    func showHelp(_ text: String) { helpScreens.append(text) }
    func scroll(by lines: Int) { scrolls.append(lines) }
    func scroll(byPages pages: Int) { pageScrolls.append(pages) }
    func prompt(_ label: String) -> String? {
        prompts.append(label)
        return answers.isEmpty ? nil : answers.removeFirst()
    }
    func close() { isClosed = true }

    /// The number of the comic on screen, read from the status line (`#N …`).
    var currentNumber: Int? {
        guard let status = screens.last?.status, status.hasPrefix("#") else { return nil }
        return Int(status.dropFirst().prefix { $0.isNumber })
    }

    /// The numbers of every comic screen, in order (redraws included).
    var shownNumbers: [Int] {
        screens.compactMap { screen in
            screen.status.hasPrefix("#")
                ? Int(screen.status.dropFirst().prefix { $0.isNumber }) : nil
        }
    }

    /// Sends `keys` to the presenter, one by one.
    func press(_ keys: ReaderKey...) {
        for key in keys { output?.handle(key) }
    }

    /// Sends the keys the terminal bytes of `typed` decode to.
    func type(_ typed: String) {
        for key in ReaderKeyDecoder.decodeAll(Array(typed.utf8)) { output?.handle(key) }
    }
}
