/// What a refresh did, number by number.
struct RefreshSummary: Sendable {
    /// A comic that could not be fetched, even after retries.
    struct Failure: Sendable {
        let number: Int
        let error: any Error

        /// One line saying why.
        var reason: String { String(describing: error) }
        /// The reason without the address, so that failures alike can be told at once.
        var kind: String { (error as? NetworkError)?.withoutAddress ?? reason }
    }

    /// The newest comic number the server reported.
    var latest: Int
    /// Comics fetched and handed to the sink.
    var fetched: [Int] = []
    /// Comics left alone because they were already present.
    var skipped: [Int] = []
    /// Numbers the server says do not exist (HTTP 404).
    var missing: [Int] = []
    /// Numbers not asked for because an earlier refresh learned they do not exist.
    var knownAbsent: [Int] = []
    /// Comics that could not be fetched; the others were still fetched.
    var failures: [Failure] = []
}
