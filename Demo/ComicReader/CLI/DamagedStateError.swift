/// A change to the favourites was refused because `state.json` is damaged: saving would
/// replace the file, and with it whatever could still be recovered from it by hand.
struct DamagedStateError: ReportableError {
    /// What is wrong with the file.
    let problem: CacheError

    var description: String {
        "cannot change the favourites: \(problem). \(StateFileRecovery.advice)"
    }
}
