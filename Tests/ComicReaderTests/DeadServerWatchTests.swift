import Foundation
import Testing

@testable import ComicReader

@Suite("DeadServerWatch")
struct DeadServerWatchTests {
    let refused = NetworkError.unreachable(
        url: URL(string: "http://127.0.0.1:9/1/info.0.json")!, reason: "connection refused")
    let serverError = NetworkError.httpStatus(
        url: URL(string: "http://127.0.0.1:9/2/info.0.json")!, status: 500)

    @Test("only connection failures in a row count; any other outcome starts again")
    func countsInARow() {
        var watch = DeadServerWatch(limit: 3)
        #expect(watch.record(refused) == nil)
        #expect(watch.record(refused) == nil)
        #expect(watch.record(serverError) == nil)  // the server answered: it is alive
        #expect(watch.record(refused) == nil)
        #expect(watch.record(nil) == nil)
        #expect(watch.failuresInARow == 0)
        #expect(watch.record(refused) == nil)
        #expect(watch.record(refused) == nil)
        #expect(watch.record(refused)?.isConnectionFailure == true)
        #expect(watch.failuresInARow == 3)
    }
}
