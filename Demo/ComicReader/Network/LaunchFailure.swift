/// Opening an address failed.
struct LaunchFailure: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { reason }
    /// 69, `EX_UNAVAILABLE`.
    var exitCode: Int32 { 69 }
}
