extension ImageMode {
    /// `auto|kitty|…`, for help.
    static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }
}
