/// The exit codes of `comics`, from BSD's sysexits.h.
enum ExitCode {
    /// Success.
    static let ok: Int32 = 0
    /// `EX_USAGE`: the command line is wrong.
    static let usage: Int32 = 64
    /// `EX_DATAERR`: a file or reply is damaged.
    static let dataError: Int32 = 65
    /// `EX_UNAVAILABLE`: the comic or the server is not there.
    static let unavailable: Int32 = 69
    /// `EX_IOERR`: a file could not be read or written.
    static let ioError: Int32 = 74
    /// `EX_TEMPFAIL`: try again later (timeouts, server errors).
    static let temporaryFailure: Int32 = 75
}
