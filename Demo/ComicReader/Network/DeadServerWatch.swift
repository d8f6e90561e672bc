/// Counts host failures in a row that are alike (the same host failing the same way, see
/// `NetworkError.isHostFailure`), so a refresh stops once the server is clearly gone or
/// wrong instead of asking it for every remaining comic or image. Any other outcome
/// resets the count: a server that answers, even with an error, is alive.
struct DeadServerWatch {
    /// How many alike host failures in a row mean the server is gone.
    let limit: Int
    /// Alike host failures since the last other outcome.
    private(set) var failuresInARow = 0
    /// What the failures counted have in common.
    private var kind: String?

    /// A watch that stops after `limit` alike host failures in a row.
    init(limit: Int) {
        self.limit = limit
    }

    /// Records one outcome (`nil` for a success); once `limit` alike host failures came in a
    /// row, returns the last of them, for the message that stops the refresh.
    mutating func record(_ error: Error?) -> NetworkError? {
        guard let failure = error as? NetworkError, failure.isHostFailure else {
            failuresInARow = 0
            kind = nil
            return nil
        }
        let thisKind = failure.withoutAddress
        failuresInARow = thisKind == kind ? failuresInARow + 1 : 1
        kind = thisKind
        return failuresInARow >= limit ? failure : nil
    }
}
