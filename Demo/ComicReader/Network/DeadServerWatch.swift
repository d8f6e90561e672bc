/// Counts connection failures in a row, so a refresh stops once the server is clearly gone instead
/// of retrying every remaining request against it. Any other outcome resets the count: a server
/// that answers, even with an error, is alive.
struct DeadServerWatch {
    /// How many connection failures in a row mean the server is gone.
    let limit: Int
    /// Connection failures since the last other outcome.
    private(set) var failuresInARow = 0

    /// Records one outcome (`nil` for a success); once `limit` connection failures came in a row,
    /// returns the last of them, for the message that stops the refresh.
    mutating func record(_ error: Error?) -> NetworkError? {
        guard let failure = error as? NetworkError, failure.isConnectionFailure else {
            failuresInARow = 0
            return nil
        }
        failuresInARow += 1
        return failuresInARow >= limit ? failure : nil
    }
}
