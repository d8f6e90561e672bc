/// `reset-state`: sets a damaged `state.json` aside, keeping a copy, so favourites and read
/// marks can be saved again. A file that is not damaged is left as it is.
struct ResetStateCommand {
    let stateStore: any UserStateStore
    let console: any Console

    /// Replaces the damaged file with an empty state and says where the copy is; returns the
    /// exit code.
    func run() throws(CacheError) -> Int32 {
        if let copy = try stateStore.resetIfDamaged() {
            console.printMessage(
                "the damaged state file was kept as \(copy); favourites and read comics start afresh"
            )
        } else {
            console.printMessage("the state file is not damaged; nothing was changed")
        }
        return ExitCode.ok
    }
}
