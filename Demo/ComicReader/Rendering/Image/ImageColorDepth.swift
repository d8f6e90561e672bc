import ImageDecoding

/// How many colours the terminal takes in SGR escapes when drawing images with cells.
enum ImageColorDepth: Equatable, Sendable {
    /// 24-bit `38;2;r;g;b` colours.
    case truecolor
    /// The xterm 256-colour palette, `38;5;n`.
    case palette256

    /// Truecolor when `COLORTERM` advertises it (`truecolor` or `24bit`), else 256 colours.
    static func detect(environment: [String: String]) -> ImageColorDepth {
        let advertised = environment["COLORTERM"]?.lowercased() ?? ""
        return advertised == "truecolor" || advertised == "24bit" ? .truecolor : .palette256
    }

    /// SGR parameters selecting `color` as foreground (`38;…`) or background (`48;…`).
    func sgrParameters(_ color: RGBAPixel, background: Bool) -> String {
        let prefix = background ? "48" : "38"
        switch self {
        case .truecolor: return "\(prefix);2;\(color.r);\(color.g);\(color.b)"
        case .palette256: return "\(prefix);5;\(XTermPalette.nearestIndex(to: color))"
        }
    }
}
