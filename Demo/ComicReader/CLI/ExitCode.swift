/// The exit codes the command layer picks itself, from BSD's sysexits.h; `SysExits` maps
/// errors to theirs.
enum ExitCode {
    /// Success.
    static let ok: Int32 = 0
    /// `EX_USAGE`: the command line is wrong.
    static let usage: Int32 = 64
    /// `EX_DATAERR`: the input data is bad (a damaged file, a reply that is not a comic).
    static let dataError: Int32 = 65
    /// `EX_UNAVAILABLE`: the comic or the server is not there.
    static let unavailable: Int32 = 69
    /// `EX_CANTCREAT`: an output file cannot be created.
    static let cannotCreate: Int32 = 73
    /// `EX_IOERR`: reading or writing a file failed.
    static let ioError: Int32 = 74
    /// `EX_TEMPFAIL`: try again later (timeouts, server errors).
    static let temporaryFailure: Int32 = 75
    /// `EX_SOFTWARE`: a failure the program did not foresee.
    static let software: Int32 = 70
}
