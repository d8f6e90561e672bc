import Foundation

/// A `ComicSource` made on first use. Commands that never fetch (most of them) then never
/// create a URL session, which on Linux would create cache folders in the home directory;
/// and a source that cannot be made (a bad `--base-url`) reports why on each request.
final class DeferredComicSource: ComicSource, @unchecked Sendable {
    private let lock = NSLock()
    private let make: @Sendable () throws -> any ComicSource
    private var made: Result<any ComicSource, any Error>?  // guarded by `lock`

    init(_ make: @escaping @Sendable () throws -> any ComicSource) {
        self.make = make
    }

    /// The source, made by the first caller.
    func source() throws -> any ComicSource {
        try lock.withLock {
            if let made { return try made.get() }
            let result = Result { try make() }
            made = result
            return try result.get()
        }
    }

    func latest() async throws -> Comic { try await source().latest() }
    func comic(_ number: Int) async throws -> Comic? { try await source().comic(number) }
    func data(from url: URL) async throws -> Data { try await source().data(from: url) }
}
