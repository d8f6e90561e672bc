#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal settings saved when raw mode began, for the signal handler. Written only
/// by `RawTerminalMode.enter` before the handlers are installed and read by the handler,
/// which may run on any thread at any time; hence unchecked.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var savedSettingsValid = false
/// `RawTerminalMode.leaveScreen` as bytes, made before the handlers are installed so the
/// handler allocates nothing.
nonisolated(unsafe) private var leaveScreenBytes: [UInt8] = []

/// Puts the terminal in the reader's mode (keys arrive one at a time, unechoed; alternate
/// screen; hidden cursor; no automatic line wrap) and guarantees it is put back: on `leave()`, and when SIGINT,
/// SIGTERM, SIGHUP or SIGQUIT end the program.
enum RawTerminalMode {
    /// Switches to the alternate screen, hides the cursor and turns automatic wrap off, so a
    /// line wider than the window (drawn before it shrank) is cut at the edge instead of
    /// spilling over the row below.
    static let enterScreen = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
    /// Turns automatic wrap back on, shows the cursor and returns to the normal screen.
    static let leaveScreen = "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    /// The signals after which the terminal is restored before the program ends.
    private static let fatalSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Enters reader mode on standard input and output; false when standard input is not
    /// a terminal (nothing was changed then).
    static func enter() -> Bool {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return false }
        savedSettings = settings
        savedSettingsValid = true
        leaveScreenBytes = Array(leaveScreen.utf8)
        // No line editing, no echo, no ^V/^O and no flow control; signals stay on so Ctrl-C
        // still ends the program (and the handler restores the terminal), but suspending
        // with Ctrl-Z is off because it would leave the terminal raw under the shell.
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &settings.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
            controls[Int(VSUSP)] = 0  // _POSIX_VDISABLE
        }
        for number in fatalSignals { installRestoringHandler(number) }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        writeAll(enterScreen)
        return true
    }

    /// Restores the terminal as it was and the default signal handling.
    static func leave() {
        guard savedSettingsValid else { return }
        writeAll(leaveScreen)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedSettings)
        savedSettingsValid = false
        for number in fatalSignals { signal(number, SIG_DFL) }
    }

    /// Restores the terminal, then lets the signal do what it would have done.
    private static func installRestoringHandler(_ number: Int32) {
        signal(number) { received in
            // Only async-signal-safe calls: write(2), tcsetattr(3), signal(2), raise(3).
            if savedSettingsValid {
                _ = leaveScreenBytes.withUnsafeBytes {
                    write(STDOUT_FILENO, $0.baseAddress, $0.count)
                }
                tcsetattr(STDIN_FILENO, TCSANOW, &savedSettings)
            }
            signal(received, SIG_DFL)
            raise(received)
        }
    }

    /// Writes all of `text` to standard output.
    static func writeAll(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(written)
        }
    }
}
