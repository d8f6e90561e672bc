import Foundation
import ImageDecoding

/// Builds kitty graphics protocol escapes that transmit and show an image in one go.
///
/// A PNG file is sent as it is (`f=100`); other images are decoded here and their pixels sent
/// (`f=24` RGB when every pixel is opaque, else `f=32` RGBA, with `s` and `v` giving the size).
/// The payload is base64-encoded and split into chunks of at most 4096 characters; every chunk
/// but the last carries `m=1`, the last `m=0`. `a=T` transmits and displays at the cursor; `q=2`
/// silences the terminal's replies, which would otherwise arrive on our standard input as stray
/// text.
enum KittyImageEncoder {
    /// Largest base64 payload per escape, as the protocol requires.
    static let chunkSize = 4096

    /// The escapes for an image file: a PNG as it is, a JPEG or GIF decoded to pixels. Throws
    /// the decoder's error (one line saying what is wrong) when the file cannot be decoded.
    /// `columns` and `rows` are as for `encode(png:columns:rows:tmux:)`.
    static func encode(file: [UInt8], columns: Int? = nil, rows: Int? = nil, tmux: Bool = false)
        throws -> String
    {
        if ImageFormat(detecting: file) == .png {
            return encode(png: file, columns: columns, rows: rows, tmux: tmux)
        }
        let bitmap = try ImageDecoder.decode(file)
        return encode(pixels: bitmap, columns: columns, rows: rows, tmux: tmux)
    }

    /// The escapes for `png`. `columns`, if given, scales the image to that many cells wide;
    /// `rows` to that many cells high (both given: the image fills exactly that box).
    /// Inside tmux each chunk is wrapped for passthrough separately (tmux limits one DCS's size).
    static func encode(png: [UInt8], columns: Int? = nil, rows: Int? = nil, tmux: Bool = false)
        -> String
    {
        escapes(
            payload: png, format: ["f=100"], columns: columns, rows: rows, tmux: tmux)
    }

    /// The escapes that send `bitmap`'s pixels: RGB when it is opaque (a quarter smaller),
    /// RGBA otherwise. `columns` and `rows` are as for `encode(png:columns:rows:tmux:)`.
    static func encode(
        pixels bitmap: RGBABitmap, columns: Int? = nil, rows: Int? = nil, tmux: Bool = false
    ) -> String {
        let size = ["s=\(bitmap.width)", "v=\(bitmap.height)"]
        let pixels = bitmap.pixels
        let opaque = stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
        guard opaque else {
            return escapes(
                payload: pixels, format: ["f=32"] + size, columns: columns, rows: rows, tmux: tmux)
        }
        var rgb = [UInt8]()
        rgb.reserveCapacity(pixels.count / 4 * 3)
        for start in stride(from: 0, to: pixels.count, by: 4) {
            rgb.append(contentsOf: pixels[start..<start + 3])
        }
        return escapes(
            payload: rgb, format: ["f=24"] + size, columns: columns, rows: rows, tmux: tmux)
    }

    /// The escape that removes every image placement visible on screen and frees the image
    /// data (`a=d`, `d=A`), so pictures drawn again and again do not pile up in the terminal.
    static func deleteVisible(tmux: Bool = false) -> String {
        let escape = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
        return tmux ? TmuxPassthrough.wrap(escape) : escape
    }

    /// `payload` in base64 chunks, the first escape carrying the action, `format` keys and size.
    private static func escapes(
        payload bytes: [UInt8], format: [String], columns: Int?, rows: Int?, tmux: Bool
    ) -> String {
        let payload = Array(Data(bytes).base64EncodedString().utf8)
        var chunks = stride(from: 0, to: payload.count, by: chunkSize).map {
            String(decoding: payload[$0..<min($0 + chunkSize, payload.count)], as: UTF8.self)
        }
        if chunks.isEmpty { chunks = [""] }
        var output = ""
        for (index, chunk) in chunks.enumerated() {
            var keys: [String] = []
            if index == 0 {
                keys = ["a=T"] + format + ["q=2"]
                if let columns { keys.append("c=\(columns)") }
                if let rows { keys.append("r=\(rows)") }
            }
            keys.append(index == chunks.count - 1 ? "m=0" : "m=1")
            let escape = "\u{1B}_G" + keys.joined(separator: ",") + ";" + chunk + "\u{1B}\\"
            output += tmux ? TmuxPassthrough.wrap(escape) : escape
        }
        return output
    }
}
