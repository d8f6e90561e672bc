/// Opening an address failed; exits with 69 (`EX_UNAVAILABLE`).
struct LaunchFailure: ReportableError, Equatable {
    let reason: String
    var description: String { reason }
    var exitCode: Int32 { ExitCode.unavailable }
}
