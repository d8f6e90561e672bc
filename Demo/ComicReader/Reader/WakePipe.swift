#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe whose only message is "look again": another thread, or a signal handler, writes a
/// byte to it, and the key loop, which polls its read end together with standard input,
/// wakes up. Both ends are non-blocking, so waking never blocks and a full pipe loses nothing
/// that matters (one byte waiting is as good as many).
final class WakePipe: @unchecked Sendable {
    /// The end the key loop polls; -1 when the pipe could not be made (then nothing wakes it,
    /// and the loop's periodic look still finds what was posted).
    let readEnd: Int32
    /// The end `wake()` writes to.
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Makes the read end readable; safe from any thread.
    func wake() {
        var byte: UInt8 = 1
        if writeEnd >= 0 { _ = write(writeEnd, &byte, 1) }
    }

    /// Reads away every waiting byte, so the next poll waits again.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while readEnd >= 0, read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
