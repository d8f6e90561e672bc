import Foundation

/// How the user asked for comic images to be shown (`--image MODE`).
enum ImageMode: String, CaseIterable, Sendable {
    /// Pick the best the terminal supports.
    case auto
    /// kitty graphics protocol (kitty, Ghostty, …).
    case kitty
    /// iTerm2 inline images (iTerm2, WezTerm, …).
    case iterm
    /// Coloured half-block characters.
    case blocks
    /// Monochrome braille dots.
    case braille
    /// No images.
    case none

    /// A mode name that is not one of the valid ones.
    struct ParseError: Error, Equatable, CustomStringConvertible {
        let value: String
        var description: String {
            "invalid image mode '\(value)' (valid: \(ImageMode.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
    }

    /// Parses a mode name, ignoring case and surrounding spaces.
    init(parsing text: String) throws {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let mode = ImageMode(rawValue: name) else { throw ParseError(value: text) }
        self = mode
    }

    /// What to draw with, given the environment and whether output goes to a terminal.
    ///
    /// Without a terminal nothing that needs escapes is produced: `auto` shows no image and an
    /// explicitly requested image mode falls back to braille, which is plain text. On a
    /// terminal `auto` prefers the kitty protocol (`TERM=xterm-kitty`, `KITTY_WINDOW_ID`,
    /// `TERM_PROGRAM=ghostty`), then iTerm2 inline images (`TERM_PROGRAM` `iTerm.app` or
    /// `WezTerm`, or `LC_TERMINAL=iTerm2`, which survives tmux), then half blocks.
    func rendering(environment: [String: String], isTTY: Bool) -> ImageRendering {
        if self == .none { return .none }
        guard isTTY else { return self == .auto ? .none : .braille }
        switch self {
        case .kitty: return .kitty
        case .iterm: return .iterm
        case .blocks: return .halfBlocks
        case .braille: return .braille
        case .none: return .none
        case .auto:
            let term = environment["TERM"] ?? ""
            let program = environment["TERM_PROGRAM"] ?? ""
            if term == "xterm-kitty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty
                || program.lowercased() == "ghostty"
            {
                return .kitty
            }
            if program == "iTerm.app" || program == "WezTerm"
                || environment["LC_TERMINAL"] == "iTerm2"
            {
                return .iterm
            }
            return .halfBlocks
        }
    }
}
