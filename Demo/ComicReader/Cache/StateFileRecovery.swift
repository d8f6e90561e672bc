/// How to get going again when `state.json` is damaged; every message about it ends with this.
enum StateFileRecovery {
    static let advice =
        "Run 'comics reset-state' to set the damaged file aside (a copy is kept) and start afresh."
}
