import Dispatch
import Foundation
import Testing

@testable import ComicReader

/// Requests that end early, by the caller's cancellation or by their deadline, never hang:
/// ending a wait must not cancel a URLSession task while its response is being handled,
/// which can deadlock Foundation on Linux.
@Suite struct RequestCancellationTests {
    /// How many requests each test ends early, at moments spread around the reply's arrival.
    static let rounds = 150

    @Test func requestsCancelledAroundTheirReplyAllEnd() async throws {
        let tree = try APIFixtureTree.make(latest: 3, numbers: [1, 2, 3])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }
        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)

        var hung: [Int] = []
        for round in 0..<Self.rounds {
            let request = Task { _ = try? await source.comic(1 + round % 3) }
            // Cancelled from a dispatch thread, so a deadlock there cannot stall the test.
            let delay = DispatchTimeInterval.microseconds((round * 37) % 4_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { request.cancel() }
            if await !Self.ends(request, within: .seconds(10)) { hung.append(round) }
        }
        #expect(hung.isEmpty, "requests still running 10 s after cancellation: rounds \(hung)")
    }

    @Test func requestsEndedByTheirDeadlineAroundTheirReplyAllEnd() async throws {
        let tree = try APIFixtureTree.make(latest: 3, numbers: [1, 2, 3])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.serving(tree.directory)
        defer { server.stop() }
        let source = try HTTPComicSource(base: server.baseURL, timeout: 5)

        var hung: [Int] = []
        for round in 0..<Self.rounds {
            let deadline = ContinuousClock.now + .microseconds((round * 37) % 4_000)
            let request = Task {
                await RequestDeadline.$current.withValue(deadline) {
                    _ = try? await source.comic(1 + round % 3)
                }
            }
            if await !Self.ends(request, within: .seconds(10)) { hung.append(round) }
        }
        #expect(hung.isEmpty, "requests still running 10 s after their deadline: rounds \(hung)")
    }

    @Test func cancellingEndsTheWaitForASilentServerAtOnce() async throws {
        let tree = try APIFixtureTree.make(latest: 1, numbers: [1])
        defer { tree.remove() }
        let server = try await PythonHTTPServer.scripted(
            serving: tree.directory, slowPath: "/1/info.0.json", delaySeconds: 30)
        defer { server.stop() }
        let source = try HTTPComicSource(base: server.baseURL, timeout: 20)

        let request = Task { try await source.comic(1) }
        try await Task.sleep(for: .milliseconds(200))
        request.cancel()
        // Well before the request's own 20 s timeout.
        #expect(await Self.ends(request, within: .seconds(10)))
        await #expect(throws: CancellationError.self) { try await request.value }
    }

    /// Whether `task` ended within `limit`; the wait does not depend on the task, so a task
    /// that never ends fails the test instead of hanging it.
    static func ends<Success: Sendable>(
        _ task: Task<Success, some Error>, within limit: Duration
    ) async -> Bool {
        let race = FirstResult<Bool>()
        Task {
            _ = await task.result
            race.deliver(.success(true))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit.seconds) {
            race.deliver(.success(false))
        }
        return (try? await race.value()) ?? false
    }
}
