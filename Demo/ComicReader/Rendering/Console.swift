/// Where commands write: data to standard output, messages to standard error.
protocol Console: AnyObject, Sendable {
    /// Writes `text` and a newline to standard output.
    func printData(_ text: String)
    /// Writes `text` and a newline to standard error.
    func printMessage(_ text: String)
    /// Why standard output could not be written, if it could not.
    var outputFailure: OutputFailure? { get }
}

extension Console {
    var outputFailure: OutputFailure? { nil }
}
