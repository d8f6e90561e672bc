import Wiring

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `comics` program, for its `main`: parses the command line, wires the assemblies in
/// a fresh context, runs the command and says which exit code to end with.
public struct ComicsProgram: Sendable {
    /// The parsed command line, or why it could not be parsed.
    let parsed: Result<Invocation, UsageError>
    /// The process's environment.
    let environment: AppEnvironment

    /// Parses `arguments` (without the program name) against the process environment.
    public init(arguments: [String]) {
        self.init(arguments: arguments, environment: .current())
    }

    /// Parses `arguments` against `environment`.
    init(arguments: [String], environment: AppEnvironment) {
        self.environment = environment
        parsed = Result { () throws(UsageError) in
            try CommandLineParser(environment: environment.variables).parse(arguments)
        }
    }

    /// Runs the program; returns the exit code. A reader of its output that goes away early
    /// (`comics show 1 | head -1`) does not end it (SIGPIPE is ignored; see `StandardConsole`).
    public func run() async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        return await run(in: DIContext())
    }

    /// Runs the program in `context`, whose substitutions (tests add some) stay in force.
    func run(in context: DIContext) async -> Int32 {
        let app = AppAssembly.instance(from: context)
        switch parsed {
        case .failure(let error):
            return app.runner.report(error)
        case .success(let invocation):
            app.configure(options: invocation.options, environment: environment)
            return await app.runner.run(invocation.command)
        }
    }
}
