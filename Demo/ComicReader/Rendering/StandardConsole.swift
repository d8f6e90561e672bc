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
        guard let error = Self.put(text + "\n", to: STDOUT_FILENO), error != EPIPE else { return }
        lock.withLock {
            failure = failure ?? OutputFailure(reason: String(cString: strerror(error)))
        }
    }

    func printMessage(_ text: String) {
        Self.put(text + "\n", to: STDERR_FILENO)
    }

    /// Writes all of `text` to `descriptor`, again after an interruption; the error number if
    /// that fails.
    @discardableResult
    private static func put(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
