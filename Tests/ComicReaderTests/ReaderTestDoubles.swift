import Foundation

@testable import ComicReader

/// A reader view without a terminal: records what the presenter shows and answers prompts
/// from a script.
final class FakeReaderView: ReaderView {
    var output: (any ReaderViewOutput)?
    /// Comic screens shown, in order: the text, the picture above it and the status line.
    private(set) var screens: [(text: String, picture: ReaderPicture, status: String)] = []
    private(set) var messages: [String] = []
    private(set) var helpScreens: [String] = []
    private(set) var scrolls: [Int] = []
    private(set) var pageScrolls: [Int] = []
    private(set) var prompts: [String] = []
    private(set) var isClosed = false
    /// Answers for `prompt`, first first; nil means the user pressed Escape.
    var answers: [String?] = []

    func showComic(_ text: String, picture: ReaderPicture, status: String) {
        screens.append((text, picture, status))
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
