/// How long the parts of one comic's JSON from the server may be. Real comics stay far below
/// (the longest transcripts run to a few thousand characters); a reply past its limit is
/// refused while it arrives, a field past its limit as the reply is decoded, before its text
/// is stored, searched or wrapped, so a hostile server can neither fill the memory nor make
/// every later command slow.
enum ComicFieldLimits {
    /// The largest reply accepted for one comic, in bytes (1 MiB); `HTTPComicSource` stops
    /// reading a reply that goes past it.
    static let maxReplyBytes = 1 << 20
    /// The largest text field (alt text, transcript, news, an extra part), in UTF-8 bytes.
    static let maxTextBytes = 64 << 10
    /// The largest short field (a title, the image address, the link, a date part).
    static let maxShortBytes = 4 << 10

    /// The first field of `comic` that is longer than its limit, named with its length, or nil.
    static func problem(in comic: Comic) -> String? {
        let short: [(String, String)] = [
            ("title", comic.title), ("safe_title", comic.safeTitle), ("img", comic.img),
            ("link", comic.link), ("year", comic.year), ("month", comic.month),
            ("day", comic.day),
        ]
        var long: [(String, String)] = [
            ("alt", comic.alt), ("transcript", comic.transcript), ("news", comic.news),
        ]
        for (key, value) in (comic.extraParts ?? [:]).sorted(by: { $0.key < $1.key }) {
            long.append(("extra_parts.\(key)", value))
        }
        let checks =
            short.map { ($0.0, $0.1, maxShortBytes) } + long.map { ($0.0, $0.1, maxTextBytes) }
        for (name, value, limit) in checks where value.utf8.count > limit {
            return "field \"\(name)\" is \(value.utf8.count) bytes long, above the limit of "
                + "\(limit)"
        }
        return nil
    }
}
