import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations the cache needs, done with POSIX calls so that failures carry
/// the system's reason and replacing a file is atomic: readers see the old file or the new
/// one, never a half-written one.
enum CacheFileSystem {
    /// The whole contents of `path`, or nil when no file exists there.
    static func readIfPresent(_ path: String) throws(CacheError) -> Data? {
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: systemReason())
        }
        defer { close(descriptor) }
        var contents = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                retryingOnInterrupt { read(descriptor, raw.baseAddress, raw.count) }
            }
            if count < 0 { throw .unreadable(path: path, reason: systemReason()) }
            if count == 0 { return contents }
            contents.append(contentsOf: buffer[..<count])
        }
    }

    /// Creates `path` and any missing parents, like `mkdir -p`.
    static func createDirectory(_ path: String) throws(CacheError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if isDirectory(prefix) || mkdir(prefix, 0o755) == 0 { continue }
            let failure = errno
            // Some systems report an existing directory with errors other than EEXIST, and
            // another process may have just created it: what counts is whether it is there.
            if isDirectory(prefix) { continue }
            let reason =
                failure == EEXIST
                ? "it exists and is not a directory" : String(cString: strerror(failure))
            throw .unwritable(path: prefix, reason: reason)
        }
    }

    /// Whether a directory (or a link to one) is at `path`.
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Replaces (or creates) `path` with `data`: writes a temporary file beside it, flushes
    /// it to disk, then renames it over `path`. On failure `path` is unchanged and the
    /// temporary file is removed.
    static func writeAtomically(_ data: Data, to path: String) throws(CacheError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory as NSString).appendingPathComponent(
            ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do throws(CacheError) {
            guard try createNew(data, at: temporary) else {
                throw .unwritable(
                    path: temporary, reason: "a temporary file of that name already exists")
            }
            guard rename(temporary, path) == 0 else {
                throw .unwritable(path: path, reason: systemReason())
            }
        } catch {
            unlink(temporary)
            throw error
        }
        syncDirectory(directory.isEmpty ? "." : directory)
    }

    /// Removes the temporary files `writeAtomically` left in `directory` when its process was
    /// stopped between writing and renaming (Ctrl-C): those of processes that are gone. A
    /// running process's may still be written, so they stay. Returns the names removed.
    @discardableResult
    static func removeStrayTemporaries(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var removed: [String] = []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            // `.NAME.PID.RANDOM.tmp`
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = pid_t(parts[parts.count - 3]), pid > 0 else {
                continue
            }
            let running = kill(pid, 0) == 0 || errno == EPERM
            guard !running else { continue }
            if unlink((directory as NSString).appendingPathComponent(name)) == 0 {
                removed.append(name)
            }
        }
        return removed.sorted()
    }

    /// Writes `data` to a new file at `path` and flushes it to disk; returns false, writing
    /// nothing, when something already exists at `path`.
    static func createNew(_ data: Data, at path: String) throws(CacheError) -> Bool {
        let descriptor = retryingOnInterrupt {
            open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        if descriptor < 0 {
            if errno == EEXIST { return false }
            throw .unwritable(path: path, reason: systemReason())
        }
        do throws(CacheError) {
            try writeAll(data, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else {
                throw .unwritable(path: path, reason: systemReason())
            }
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        guard close(descriptor) == 0 else {
            let reason = systemReason()
            unlink(path)
            throw .unwritable(path: path, reason: reason)
        }
        return true
    }

    /// Writes every byte of `data`, calling write(2) again after a partial write.
    private static func writeAll(_ data: Data, to descriptor: Int32, path: String)
        throws(CacheError)
    {
        let failure: String? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = retryingOnInterrupt {
                    write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                }
                if written < 0 { return systemReason() }
                offset += written
            }
            return nil
        }
        if let failure { throw .unwritable(path: path, reason: failure) }
    }

    /// Flushes the directory entry of a rename to disk. Best effort: some file systems
    /// cannot sync directories, and the data itself is already safe.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Repeats a system call interrupted by a signal.
    private static func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// The system's wording for the current `errno`.
    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}
