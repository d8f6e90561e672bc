#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens addresses with the desktop's opener, `xdg-open` on Linux and `open` on macOS.
///
/// The opener is started directly with the address as its single argument (no shell), and
/// only addresses the program built itself (`https://xkcd.com/N/`) are ever passed, so
/// nothing from the data can be run as a command.
struct SystemURLLauncher: URLLauncher {
    /// The opener program, looked up in `PATH`.
    var tool: String = {
        #if canImport(Darwin)
            "open"
        #else
            "xdg-open"
        #endif
    }()

    func open(_ url: String) throws(LaunchFailure) {
        guard url.hasPrefix("https://") || url.hasPrefix("http://"),
            !url.contains(where: \.isWhitespace)
        else {
            throw LaunchFailure(reason: "refusing to open '\(url)': not a plain web address")
        }
        var pid = pid_t()
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(tool), strdup(url), nil]
        defer {
            for argument in arguments { free(argument) }
        }
        let spawned = posix_spawnp(&pid, tool, nil, nil, arguments, environ)
        guard spawned == 0 else {
            throw LaunchFailure(
                reason: "cannot start \(tool): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WTERMSIG and WEXITSTATUS, spelled out: the macros are not imported into Swift.
        let (signal, code) = (status & 0x7F, (status >> 8) & 0xFF)
        guard signal == 0 && code == 0 else {
            let how = signal == 0 ? "exit status \(code)" : "ended by signal \(signal)"
            throw LaunchFailure(reason: "\(tool) could not open \(url) (\(how))")
        }
    }
}
