/// Opens a web address in the user's browser.
protocol URLLauncher: Sendable {
    /// Opens `url`; throws a `LaunchFailure` saying why it could not.
    func open(_ url: String) throws(LaunchFailure)
}
