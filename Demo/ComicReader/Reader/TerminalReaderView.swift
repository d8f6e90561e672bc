#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the window-size signal handler wakes the key loop; -1 while no loop runs. Written
/// only by `TerminalReaderView.run` before the handler is installed and after it is removed.
nonisolated(unsafe) private var windowChangeWakeEnd: Int32 = -1

/// The reader's view on a real terminal: reads keys from standard input in raw mode and
/// draws on the alternate screen, with a status line at the bottom, laid out again as soon as
/// the window changes size (SIGWINCH) and when a downloaded picture arrives.
///
/// Creating one changes nothing; `run()` takes the terminal over and always gives it back.
final class TerminalReaderView: ReaderView {
    var output: (any ReaderViewOutput)?
    /// Wakes the key loop when a picture is posted or the window changes size.
    private let wakePipe = WakePipe()
    let inbox: ReaderInbox
    /// Events taken from the inbox and not yet handed to the presenter.
    private var pendingEvents: [ReaderEvent] = []
    /// Whether the status line may be drawn in reverse video.
    private let stylesEnabled: Bool
    private var isOpen = false
    /// The picture and text on screen, line by line, and the first line shown.
    private var screen = ReaderScreen(lines: [])
    private var offset = 0
    private var status = ""
    /// What takes the picture last drawn off the screen (kitty keeps images apart from the
    /// text, so clearing the screen is not enough); empty when nothing needs it.
    private var drawnErase = ""
    /// The window's size when the screen was last laid out; another size means it was resized.
    private var laidOutSize = (rows: 0, columns: 0)

    /// What waiting on the terminal brings: a key, news that the window changed size, or
    /// something posted to the inbox.
    private enum Input {
        case key(ReaderKey)
        case resized
        case posted(ReaderEvent)
    }

    init(stylesEnabled: Bool) {
        self.stylesEnabled = stylesEnabled
        let wakePipe = wakePipe
        inbox = ReaderInbox(wake: { wakePipe.wake() })
    }

    /// Shows the reader until the presenter closes it or input ends. Returns false, having
    /// done nothing, when standard input is not a terminal.
    func run() -> Bool {
        guard RawTerminalMode.enter() else { return false }
        windowChangeWakeEnd = wakePipe.writeEnd
        signal(SIGWINCH) { _ in
            var byte: UInt8 = 1
            if windowChangeWakeEnd >= 0 { _ = write(windowChangeWakeEnd, &byte, 1) }
        }
        defer {
            signal(SIGWINCH, SIG_DFL)
            windowChangeWakeEnd = -1
            RawTerminalMode.writeAll(drawnErase)
            RawTerminalMode.leave()
        }
        isOpen = true
        output?.viewIsReady()
        while isOpen {
            switch readInput() {
            case .key(let key): output?.handle(key)
            case .resized: relayout()
            case .posted(let event): deliver(event)
            }
        }
        return true
    }

    func showComic(heading: String, picture: ReaderPicture, text: String, status: String) {
        show(heading: heading, picture: picture, text: text, status: status)
    }

    /// Lays out and draws a screen, scrolled to its top.
    private func show(heading: String?, picture: ReaderPicture, text: String, status: String) {
        let size = screenSize()
        laidOutSize = size
        screen = ReaderScreen(
            heading: heading, text: text, picture: picture, screenRows: size.rows,
            columns: size.columns)
        offset = 0
        self.status = status
        draw()
    }

    func showMessage(_ text: String) {
        drawBottomLine(text, styled: false)
    }

    func showHelp(_ text: String) {
        show(heading: nil, picture: .none, text: text, status: "")
    }

    func scroll(by delta: Int) {
        offset = screen.clampedOffset(
            offset + delta, bodyRows: ReaderScreen.bodyRows(screenRows: screenSize().rows))
        draw()
    }

    func scroll(byPages pages: Int) {
        let bodyRows = ReaderScreen.bodyRows(screenRows: screenSize().rows)
        scroll(by: pages * max(1, bodyRows - 1))
    }

    func prompt(_ label: String) -> String? {
        var answer = ""
        RawTerminalMode.writeAll("\u{1B}[?25h")
        defer { RawTerminalMode.writeAll("\u{1B}[?25l") }
        while true {
            drawBottomLine(label + answer, styled: false)
            let key: ReaderKey
            switch readInput() {
            case .key(let pressed): key = pressed
            case .resized:
                relayout()
                continue
            case .posted(let event):
                deliver(event)
                continue
            }
            switch key {
            case .character(let character): answer.append(character)
            case .backspace: if !answer.isEmpty { answer.removeLast() }
            case .enter: return answer
            case .escape, .interrupt, .endOfInput: return nil
            default: continue
            }
        }
    }

    func close() {
        isOpen = false
    }

    // MARK: Drawing

    /// Lays the screen out again for the window's new size: the presenter renders its text for
    /// the new width, and the text stays scrolled where it was.
    private func relayout() {
        let kept = offset
        laidOutSize = screenSize()
        output?.viewDidResize(rows: laidOutSize.rows, columns: laidOutSize.columns)
        if kept > 0 {
            offset = kept
            draw()
        }
    }

    /// Takes the last picture away, clears the screen and draws the visible lines and the
    /// status line.
    private func draw() {
        let size = screenSize()
        let bodyRows = ReaderScreen.bodyRows(screenRows: size.rows)
        offset = screen.clampedOffset(offset, bodyRows: bodyRows)
        let frame = screen.frame(
            offset: offset, bodyRows: bodyRows, columns: size.columns, previousErase: drawnErase)
        drawnErase = frame.erase
        RawTerminalMode.writeAll(frame.output)
        let more = offset + bodyRows < screen.lines.count ? "  [more: j/↓]" : ""
        drawBottomLine(status + more, styled: !status.isEmpty)
    }

    /// Replaces the bottom line with `text`, cut to the screen's width.
    private func drawBottomLine(_ text: String, styled: Bool) {
        let size = screenSize()
        let clean = TerminalSanitizer.sanitize(text, keepingNewlines: false)
        let fitted = DisplayWidth.truncated(clean, toWidth: max(1, size.columns - 1), ellipsis: "…")
        let shown = styled && stylesEnabled ? "\u{1B}[7m\(fitted)\u{1B}[0m" : fitted
        RawTerminalMode.writeAll("\u{1B}[\(size.rows);1H\u{1B}[2K" + shown)
    }

    /// Rows and columns of the terminal (24×80 when it will not say).
    private func screenSize() -> (rows: Int, columns: Int) {
        guard let size = SystemTerminal.standardOutputSize(), size.rows > 0, size.columns > 0 else {
            return (ScreenHeight.defaultRows, Terminal.defaultWidth)
        }
        return size
    }

    // MARK: Keys

    /// Hands an event from the inbox to the presenter.
    private func deliver(_ event: ReaderEvent) {
        switch event {
        case .picture(let picture, let ticket): output?.pictureArrived(picture, ticket: ticket)
        }
    }

    /// The next thing to handle: something posted to the inbox, `.resized` as soon as the
    /// window's size differs from the laid-out one, else the next key. The wake pipe (written
    /// by posts and by the SIGWINCH handler) ends the wait for a key; the size is also looked
    /// at every second, in case a signal went to a moment before the handler was in place.
    private func readInput() -> Input {
        while true {
            if !pendingEvents.isEmpty { return .posted(pendingEvents.removeFirst()) }
            if screenSize() != laidOutSize { return .resized }
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&descriptors, 2, 1000) > 0 else {
                pendingEvents += inbox.takeAll()
                continue
            }
            if descriptors[1].revents != 0 {
                wakePipe.drain()
                pendingEvents += inbox.takeAll()
                continue
            }
            if descriptors[0].revents != 0 { return .key(readKey()) }
        }
    }

    /// The next key; `.endOfInput` when standard input is closed.
    private func readKey() -> ReaderKey {
        guard let first = readByte(waitingMilliseconds: nil) else { return .endOfInput }
        // The rest of an escape sequence arrives at once; a lone Escape is followed by silence.
        return ReaderKeyDecoder.decode(first: first) { readByte(waitingMilliseconds: 50) }
    }

    /// Whether standard input has a byte to read (or has ended) within `waitingMilliseconds`.
    private func inputArrives(waitingMilliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, waitingMilliseconds) > 0
    }

    /// One byte from standard input, waiting at most `waitingMilliseconds` when given.
    private func readByte(waitingMilliseconds: Int32?) -> UInt8? {
        if let waitingMilliseconds, !inputArrives(waitingMilliseconds: waitingMilliseconds) {
            return nil
        }
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
