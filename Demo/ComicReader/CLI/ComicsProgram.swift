import Wiring

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

    /// Runs the program; returns the exit code.
    public func run() async -> Int32 {
        await run(in: DIContext())
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
