/// What a downloaded file really is, judged by its first bytes (never by the URL's extension).
public enum ImageFormat: Equatable, Sendable {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF or Exif).
    case jpeg
    /// GIF87a or GIF89a.
    case gif
    /// A web page, typically an error or login page served in place of the image.
    case html
    /// Readable text that is not HTML (e.g. a JSON error body).
    case text
    /// No bytes at all.
    case empty
    /// Binary data of no known kind.
    case unknown

    /// Detects the format from the leading bytes.
    public init(detecting bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(512))
        if head.isEmpty {
            self = .empty
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8))
        {
            self = .gif
        } else if Self.looksLikeHTML(head) {
            self = .html
        } else if head.allSatisfy({
            $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) || $0 >= 0x80
        }) {
            self = .text
        } else {
            self = .unknown
        }
    }

    /// True for the image formats a terminal protocol or this decoder can show.
    public var isImage: Bool { self == .png || self == .jpeg || self == .gif }

    /// Usual file extension of an image format.
    public var fileExtension: String? {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .gif: return "gif"
        default: return nil
        }
    }

    /// Short human name, as used in "looks like …" messages.
    public var name: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .gif: return "GIF"
        case .html: return "HTML"
        case .text: return "text"
        case .empty: return "an empty file"
        case .unknown: return "unrecognised binary data"
        }
    }

    /// Markup after optional whitespace or a UTF-8 byte order mark: `<!doctype`, `<html`, `<head`, `<body`, `<!--` or `<?xml`.
    private static func looksLikeHTML(_ head: [UInt8]) -> Bool {
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let lowered = String(decoding: rest.prefix(16), as: UTF8.self).lowercased()
        return ["<!doctype", "<html", "<head", "<body", "<!--", "<?xml", "<meta", "<title"].contains
        { lowered.hasPrefix($0) }
    }
}
