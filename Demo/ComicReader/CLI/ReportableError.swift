import ImageDecoding

/// An error that is printed as its one line, the program then ending with the code
/// `SysExits` gives it.
protocol ReportableError: Error, CustomStringConvertible {}

extension ReportableError {
    /// The sysexits code the program ends with after this error.
    var exitCode: Int32 { SysExits.code(for: self) }
}

extension CacheError: ReportableError {}
extension ComicJSONOutput.EncodingFailure: ReportableError {}
extension ComicUnavailable: ReportableError {}
extension LaunchFailure: ReportableError {}
extension OutputFailure: ReportableError {}

extension UsageError: ReportableError {}
extension NetworkError: ReportableError {}
extension RefreshError: ReportableError {}
extension ImageStoreError: ReportableError {}
extension ImageRefreshError: ReportableError {}
extension ImageMode.ParseError: ReportableError {}
extension ImageDecodingError: ReportableError {}
extension InflateError: ReportableError {}
extension NotAnImageError: ReportableError {}

extension RefreshSummary {
    /// The code the refresh ends with (see `SysExits.code(forFailures:)`).
    var exitCode: Int32 { SysExits.code(forFailures: failures.map(\.error)) }
}

extension ImageRefreshSummary {
    /// The code the image refresh ends with (see `SysExits.code(forFailures:)`).
    var exitCode: Int32 { SysExits.code(forFailures: failures.map(\.error)) }
}
