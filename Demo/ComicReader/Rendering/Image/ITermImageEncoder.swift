import Foundation

/// Builds the iTerm2 inline image escape (OSC 1337 `File=`), also understood by WezTerm.
/// Any image file the terminal can open (PNG, JPEG, GIF, …) is sent as it is.
enum ITermImageEncoder {
    /// `ESC ] 1337 ; File=inline=1;size=N;preserveAspectRatio=1[;width=C][;height=R] : <base64> BEL`,
    /// wrapped for tmux passthrough when `tmux` is set. `columns` and `rows`, if given, bound the
    /// width and height in cells (the terminal keeps the aspect ratio inside that box).
    static func encode(
        file bytes: [UInt8], columns: Int? = nil, rows: Int? = nil, tmux: Bool = false
    ) -> String {
        var arguments = "inline=1;size=\(bytes.count);preserveAspectRatio=1"
        if let columns { arguments += ";width=\(columns)" }
        if let rows { arguments += ";height=\(rows)" }
        let escape =
            "\u{1B}]1337;File=" + arguments + ":" + Data(bytes).base64EncodedString() + "\u{07}"
        return tmux ? TmuxPassthrough.wrap(escape) : escape
    }
}
