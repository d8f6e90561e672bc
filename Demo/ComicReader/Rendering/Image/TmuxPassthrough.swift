import Foundation

/// Wraps escape sequences so tmux forwards them to the outer terminal instead of eating them:
/// `ESC P tmux; <sequence with every ESC doubled> ESC \`. (tmux 3.3+ also needs
/// `set -g allow-passthrough on`.)
enum TmuxPassthrough {
    /// `sequence` wrapped in a tmux passthrough DCS.
    static func wrap(_ sequence: String) -> String {
        "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
            + "\u{1B}\\"
    }

    /// Whether the environment says we run inside tmux.
    static func isActive(environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }
}
