/// An error that knows the one line to print and the sysexits code to end with.
protocol ReportableError: Error, CustomStringConvertible {
    /// The sysexits code the program ends with after this error.
    var exitCode: Int32 { get }
}

extension CacheError: ReportableError {}
extension ComicJSONOutput.EncodingFailure: ReportableError {}
extension ComicUnavailable: ReportableError {}
extension LaunchFailure: ReportableError {}

extension UsageError: ReportableError {
    var exitCode: Int32 { ExitCode.usage }
}
extension NetworkError: ReportableError {}
extension RefreshError: ReportableError {}
