/// Standard output could not be written (a full disk, say): what a command shows is lost, so it
/// stops before it records anything as shown. A reader that went away (a closed pipe) is not one.
struct OutputFailure: Error, Equatable, CustomStringConvertible {
    /// The system's reason.
    let reason: String

    var description: String { "cannot write standard output: \(reason)" }
}
