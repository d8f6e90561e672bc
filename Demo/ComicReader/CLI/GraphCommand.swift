/// `graph`: the program's dependency graph as Graphviz DOT, recorded by resolving the
/// program's main objects in a context whose trace hook listens.
struct GraphCommand {
    let console: any Console
    /// Resolves the main objects in a fresh traced context and returns what the trace heard.
    let traceMainObjects: () -> [TraceRecord]

    /// Prints the graph; returns the exit code.
    func run() -> Int32 {
        console.printData(DependencyGraph(records: traceMainObjects()).dot())
        return ExitCode.ok
    }
}
