/// Opens a web address in the user's browser.
protocol URLLauncher: Sendable {
    /// Opens `url`; throws a `LaunchFailure` saying why it could not.
    func open(_ url: String) throws(LaunchFailure)
}

/// Opening an address failed; exits with 69 (`EX_UNAVAILABLE`).
struct LaunchFailure: ReportableError, Equatable {
    let reason: String
    var description: String { reason }
    var exitCode: Int32 { ExitCode.unavailable }
}
