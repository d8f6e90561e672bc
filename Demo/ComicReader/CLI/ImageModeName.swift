/// The names `--image` accepts; checked while parsing so a typo is a usage error.
enum ImageModeName: String, CaseIterable, Sendable {
    case auto, kitty, iterm, blocks, braille, none

    /// `auto|kitty|…`, for help and messages.
    static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }
}
