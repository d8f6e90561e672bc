import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard output and standard error, written unbuffered (`write(2)`) so data
/// and messages come out in the order they were produced. Unlike `FileHandle`'s `write`, a
/// failure does not stop the program: once the reader of standard output has gone (`| head -1`;
/// `ComicsProgram.run` ignores SIGPIPE) the rest is dropped and the command goes on, and any
/// other failure is kept as `outputFailure`, the first one, which `lock` guards.
final class StandardConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var failure: OutputFailure?

    var outputFailure: OutputFailure? { lock.withLock { failure } }

    func printData(_ text: String) {
        guard let error = StandardStream.output.put(text + "\n"), error != EPIPE else { return }
        lock.withLock {
            failure = failure ?? OutputFailure(reason: String(cString: strerror(error)))
        }
    }

    func printMessage(_ text: String) {
        StandardStream.error.put(text + "\n")
    }
}
