/// One parsed command line: the global options and the command to run.
struct Invocation: Sendable, Equatable {
    var options: AppOptions
    var command: Command
}
