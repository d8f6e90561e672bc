import Foundation

/// Stands in for the HTTP source when `--base-url` or `--timeout` cannot configure one:
/// every request reports the configuration error, so commands that fetch nothing still run.
struct MisconfiguredComicSource: ComicSource {
    let error: NetworkError

    func latest() async throws -> Comic { throw error }
    func comic(_ number: Int) async throws -> Comic? { throw error }
    func data(from url: URL) async throws -> Data { throw error }
}
