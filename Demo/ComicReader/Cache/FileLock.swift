#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (flock(2)) on an existing file or directory, held while a
/// read-change-write of a file in it runs, so that two processes changing that file take
/// turns and neither writes over what the other just saved. Locking the directory rather
/// than the file matters: the file is replaced by a rename, and a lock on the old one would
/// not stop a process that opens the new one. Nothing is written for the lock.
enum FileLock {
    /// Runs `body` while holding the lock on `path`, which must exist; waits for another
    /// holder to finish first.
    static func withExclusiveLock<Result>(
        at path: String, _ body: () throws(CacheError) -> Result
    ) throws(CacheError) -> Result {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw .unwritable(path: path, reason: "cannot open it to lock it: \(systemReason())")
        }
        defer { close(descriptor) }
        var locked: Int32
        repeat {
            locked = flock(descriptor, LOCK_EX)
        } while locked != 0 && errno == EINTR
        // A file system without locks (some network mounts) is used unlocked, as it was before
        // there was a lock: one program at a time loses nothing there.
        if locked != 0 && [ENOLCK, EOPNOTSUPP, ENOSYS].contains(errno) {
            return try body()
        }
        guard locked == 0 else {
            throw .unwritable(path: path, reason: "cannot lock it: \(systemReason())")
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}
