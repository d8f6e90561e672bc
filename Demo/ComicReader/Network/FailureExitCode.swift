/// The exit code of a refresh that finished with some comics or images failed, so a script
/// can tell "try again later" from "this will not change".
enum FailureExitCode {
    /// The code for one failure: 75 when a later try may succeed (timeouts, lost
    /// connections, HTTP 5xx and 429), else what the error says: 69 for a comic or image the
    /// server has not (HTTP 404) or a host that cannot be reached or found, 65 for a reply
    /// that is not a comic or not an image, 74 for an image that could not be written.
    static func of(_ error: any Error) -> Int32 {
        switch error {
        case let network as NetworkError: network.isTransient ? 75 : network.exitCode
        case let stored as ImageStoreError: stored.exitCode
        case let request as ImageRefreshError: request.exitCode
        default: 75
        }
    }

    /// The code for a set of failures: 0 for none; 75 when any may pass on a later try;
    /// otherwise the first present of 74, 69 and 65.
    static func combined(_ errors: [any Error]) -> Int32 {
        let codes = Set(errors.map(of))
        for code: Int32 in [75, 74, 69, 65, 64] where codes.contains(code) { return code }
        return codes.first ?? 0
    }
}
