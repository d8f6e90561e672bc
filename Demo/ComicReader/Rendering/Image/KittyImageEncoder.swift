import Foundation

/// Builds kitty graphics protocol escapes that transmit and show a PNG file in one go.
///
/// The PNG bytes are sent as they are (`f=100`), base64-encoded and split into chunks of at
/// most 4096 characters; every chunk but the last carries `m=1`, the last `m=0`. `a=T`
/// transmits and displays at the cursor; `q=2` silences the terminal's replies, which would
/// otherwise arrive on our standard input as stray text.
enum KittyImageEncoder {
    /// Largest base64 payload per escape, as the protocol requires.
    static let chunkSize = 4096

    /// The escapes for `png`. `columns`, if given, scales the image to that many cells wide;
    /// `rows` to that many cells high (both given: the image fills exactly that box).
    /// Inside tmux each chunk is wrapped for passthrough separately (tmux limits one DCS's size).
    static func encode(png: [UInt8], columns: Int? = nil, rows: Int? = nil, tmux: Bool = false)
        -> String
    {
        let payload = Array(Data(png).base64EncodedString().utf8)
        var chunks = stride(from: 0, to: payload.count, by: chunkSize).map {
            String(decoding: payload[$0..<min($0 + chunkSize, payload.count)], as: UTF8.self)
        }
        if chunks.isEmpty { chunks = [""] }
        var output = ""
        for (index, chunk) in chunks.enumerated() {
            var keys: [String] = []
            if index == 0 {
                keys = ["a=T", "f=100", "q=2"]
                if let columns { keys.append("c=\(columns)") }
                if let rows { keys.append("r=\(rows)") }
            }
            keys.append(index == chunks.count - 1 ? "m=0" : "m=1")
            let escape = "\u{1B}_G" + keys.joined(separator: ",") + ";" + chunk + "\u{1B}\\"
            output += tmux ? TmuxPassthrough.wrap(escape) : escape
        }
        return output
    }

    /// The escape that removes every image placement visible on screen and frees the image
    /// data (`a=d`, `d=A`), so pictures drawn again and again do not pile up in the terminal.
    static func deleteVisible(tmux: Bool = false) -> String {
        let escape = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
        return tmux ? TmuxPassthrough.wrap(escape) : escape
    }
}
