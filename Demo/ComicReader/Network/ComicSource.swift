import Foundation

/// Where comics come from: the xkcd JSON API or anything that answers like it.
///
/// This is the seam the app wires; tests substitute their own sources. Implementations
/// must be safe to call from several tasks at once, because refreshes fetch concurrently.
protocol ComicSource: Sendable {
    /// The newest comic the source knows about.
    func latest() async throws -> Comic

    /// Comic `number`, or `nil` when the source says it does not exist (HTTP 404).
    func comic(_ number: Int) async throws -> Comic?

    /// The raw bytes at `url`, used for comic images.
    func data(from url: URL) async throws -> Data
}
