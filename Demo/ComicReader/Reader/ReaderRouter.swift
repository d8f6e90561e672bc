/// Where the reader goes outside itself (VIPER's router): the browser, and the way out.
final class ReaderRouter {
    /// The module's view, to close it on quit; weak because the view owns the module.
    weak var view: (any ReaderView)?
    private let launcher: any URLLauncher

    init(launcher: any URLLauncher) {
        self.launcher = launcher
    }

    /// Opens `url` in the browser.
    func open(_ url: String) throws(LaunchFailure) {
        try launcher.open(url)
    }

    /// Leaves the reader.
    func quit() {
        view?.close()
    }
}
