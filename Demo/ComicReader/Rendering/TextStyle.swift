/// A look for a piece of text (bold, dim, underline, a colour), written as ANSI SGR escape
/// sequences only when colour is enabled; with colour off the text is returned untouched.
struct TextStyle: Sendable, Equatable {
    /// The eight basic foreground colours most terminals support (SGR 30–37).
    enum Color: Int, Sendable {
        case black = 30
        case red, green, yellow, blue, magenta, cyan, white
    }

    var bold = false
    var dim = false
    var underline = false
    var color: Color?

    /// No styling at all.
    static let plain = TextStyle()
    /// Comic titles.
    static let title = TextStyle(bold: true)
    /// Secondary information: dates, labels, scene descriptions.
    static let secondary = TextStyle(dim: true)
    /// Links.
    static let link = TextStyle(underline: true, color: .cyan)

    /// The SGR parameters of this style, in a fixed order.
    var sgrParameters: [Int] {
        var parameters: [Int] = []
        if bold { parameters.append(1) }
        if dim { parameters.append(2) }
        if underline { parameters.append(4) }
        if let color { parameters.append(color.rawValue) }
        return parameters
    }

    /// `text` wrapped in this style's escape sequences and a reset when `colorEnabled`;
    /// `text` itself when colour is off, the style is plain, or the text is empty.
    func apply(to text: String, colorEnabled: Bool) -> String {
        let parameters = sgrParameters
        guard colorEnabled, !parameters.isEmpty, !text.isEmpty else { return text }
        let codes = parameters.map(String.init).joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }
}
