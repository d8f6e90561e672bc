/// Opening an address failed.
struct LaunchFailure: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
