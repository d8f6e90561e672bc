import Foundation

/// A JSON file that is never silently lost: reading a damaged file reports where it is
/// damaged and changes nothing; writing replaces the file atomically, and replaces a
/// damaged file only when forced, after keeping a copy of it.
struct GuardedJSONFile<Value: Codable>: Sendable {
    /// The file's location.
    let url: URL

    var path: String { url.path(percentEncoded: false) }

    /// The decoded contents, or nil when the file does not exist.
    func read() throws(CacheError) -> Value? {
        guard let data = try CacheFileSystem.readIfPresent(path) else { return nil }
        switch decode(data) {
        case .success(let value): return value
        case .failure(let problem): throw .corrupt(path: path, problem: problem)
        }
    }

    /// Writes `value`, creating the directory if needed. An existing file that does not
    /// decode is only replaced when `force` is set, and then first copied to
    /// `<name>.corrupt` (or `<name>.corrupt.1`, `.2`, ... if that exists).
    /// - Returns: the path of that copy, when one was made.
    @discardableResult
    func write(_ value: Value, force: Bool) throws(CacheError) -> String? {
        let encoded = try encode(value)
        try CacheFileSystem.createDirectory(
            url.deletingLastPathComponent().path(percentEncoded: false))
        var keptCopy: String?
        if let existing = try CacheFileSystem.readIfPresent(path),
            case .failure(let problem) = decode(existing)
        {
            guard force else { throw .refusingToReplaceCorrupt(path: path, problem: problem) }
            keptCopy = try keepCopy(of: existing)
        }
        try CacheFileSystem.writeAtomically(encoded, to: path)
        return keptCopy
    }

    /// Runs `body` holding the lock on the file's directory (see `FileLock`), creating the
    /// directory first if needed: a read-change-write in `body` then loses no change that
    /// another process makes the same way.
    func locked<Result>(_ body: () throws(CacheError) -> Result) throws(CacheError) -> Result {
        let directory = url.deletingLastPathComponent().path(percentEncoded: false)
        try CacheFileSystem.createDirectory(directory)
        return try FileLock.withExclusiveLock(at: directory, body)
    }

    private func decode(_ data: Data) -> Result<Value, JSONDecodingProblem> {
        do {
            return .success(try JSONDecoder().decode(Value.self, from: data))
        } catch {
            return .failure(JSONDecodingProblem(error: error, data: data))
        }
    }

    /// Pretty-printed with sorted keys, so the file is readable and problems in it can be
    /// found by line.
    private func encode(_ value: Value) throws(CacheError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value) + Data("\n".utf8)
        } catch {
            throw .unwritable(path: path, reason: "cannot encode the data: \(error)")
        }
    }

    /// Saves `contents` under the first free name of `<path>.corrupt`, `<path>.corrupt.1`, ...
    private func keepCopy(of contents: Data) throws(CacheError) -> String {
        for suffix in ["corrupt"] + (1...999).map({ "corrupt.\($0)" }) {
            let candidate = "\(path).\(suffix)"
            if try CacheFileSystem.createNew(contents, at: candidate) { return candidate }
        }
        throw .unwritable(
            path: "\(path).corrupt", reason: "too many earlier copies of damaged files; remove some"
        )
    }
}
