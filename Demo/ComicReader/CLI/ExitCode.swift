/// The exit codes the command layer picks itself, from BSD's sysexits.h. Errors of the lower
/// layers carry their own code (`exitCode`), documented where they are defined.
enum ExitCode {
    /// Success.
    static let ok: Int32 = 0
    /// `EX_USAGE`: the command line is wrong.
    static let usage: Int32 = 64
    /// `EX_UNAVAILABLE`: the comic or the server is not there.
    static let unavailable: Int32 = 69
    /// `EX_TEMPFAIL`: try again later (timeouts, server errors).
    static let temporaryFailure: Int32 = 75
    /// `EX_SOFTWARE`: a failure the program did not foresee.
    static let software: Int32 = 70
}
