/// One comic exactly as the xkcd JSON API serves it (`{base}/{n}/info.0.json`).
///
/// Field names follow the API; `year`, `month` and `day` are strings holding numbers
/// (the month is not zero-padded). Decoding is lenient, as comics in the wild are: a missing
/// or null text field is empty text (a null `title` falls back to `safe_title` and the other
/// way round), and a date part may be a number. Keys the API adds that have no property here
/// are kept in `otherFields` and written back, so the cache and `--json` lose nothing.
public struct Comic: Codable, Hashable, Sendable {
    /// The comic's number, its identity on the site (`https://xkcd.com/{num}/`).
    public var num: Int
    /// The title as published; it may contain HTML entities.
    public var title: String
    /// The title in plain characters (`safe_title`); usually the same as `title`.
    public var safeTitle: String
    /// The alt text, shown when hovering over the image on the site.
    public var alt: String
    /// The address of the image file; for interactive comics it may name no file.
    public var img: String
    /// The transcript, or empty text when the comic has none (many have none).
    public var transcript: String
    /// A link the comic points to, usually empty.
    public var link: String
    /// News shown with the comic on the site (HTML), usually empty.
    public var news: String
    /// The publication year, a number written as text (`"2008"`).
    public var year: String
    /// The publication month, a number written as text without padding (`"4"`).
    public var month: String
    /// The publication day of the month, a number written as text (`"30"`).
    public var day: String
    /// Present on interactive comics; every value is a string (HTML or a URL).
    public var extraParts: [String: String]?
    /// The JSON fields this type has no property for, as they were read.
    public var otherFields: [String: JSONValue] = [:]

    /// A comic with the given fields; `safeTitle` defaults to `title`, and the other fields
    /// to empty text or a fixed date, so callers only spell out what matters.
    public init(
        num: Int, title: String, safeTitle: String? = nil, alt: String = "", img: String = "",
        transcript: String = "", link: String = "", news: String = "",
        year: String = "2026", month: String = "1", day: String = "1",
        extraParts: [String: String]? = nil
    ) {
        self.num = num
        self.title = title
        self.safeTitle = safeTitle ?? title
        self.alt = alt
        self.img = img
        self.transcript = transcript
        self.link = link
        self.news = news
        self.year = year
        self.month = month
        self.day = day
        self.extraParts = extraParts
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case num, title, alt, img, transcript, link, news, year, month, day
        case safeTitle = "safe_title"
        case extraParts = "extra_parts"
    }

    /// Reads a comic, accepting the quirks described above; only `num` must be there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        num = try container.decode(Int.self, forKey: .num)
        let title = try container.decodeIfPresent(String.self, forKey: .title)
        let safeTitle = try container.decodeIfPresent(String.self, forKey: .safeTitle)
        self.title = title ?? safeTitle ?? ""
        self.safeTitle = safeTitle ?? title ?? ""
        alt = try container.decodeIfPresent(String.self, forKey: .alt) ?? ""
        img = try container.decodeIfPresent(String.self, forKey: .img) ?? ""
        transcript = try container.decodeIfPresent(String.self, forKey: .transcript) ?? ""
        link = try container.decodeIfPresent(String.self, forKey: .link) ?? ""
        news = try container.decodeIfPresent(String.self, forKey: .news) ?? ""
        year = try Self.datePart(container, .year)
        month = try Self.datePart(container, .month)
        day = try Self.datePart(container, .day)
        extraParts = try container.decodeIfPresent([String: String].self, forKey: .extraParts)
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        let everything = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in everything.allKeys where !known.contains(key.stringValue) {
            otherFields[key.stringValue] = try everything.decode(JSONValue.self, forKey: key)
        }
    }

    /// Writes the comic in the API's shape, the fields kept in `otherFields` included.
    public func encode(to encoder: any Encoder) throws {
        var others = encoder.container(keyedBy: AnyCodingKey.self)
        for (name, value) in otherFields {
            try others.encode(value, forKey: AnyCodingKey(name))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(num, forKey: .num)
        try container.encode(title, forKey: .title)
        try container.encode(safeTitle, forKey: .safeTitle)
        try container.encode(alt, forKey: .alt)
        try container.encode(img, forKey: .img)
        try container.encode(transcript, forKey: .transcript)
        try container.encode(link, forKey: .link)
        try container.encode(news, forKey: .news)
        try container.encode(year, forKey: .year)
        try container.encode(month, forKey: .month)
        try container.encode(day, forKey: .day)
        try container.encodeIfPresent(extraParts, forKey: .extraParts)
    }

    /// A year, month or day given as text or as a whole number, as text; empty when absent.
    private static func datePart(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys)
        throws -> String
    {
        if (try? container.decodeNil(forKey: key)) ?? true { return "" }
        if let number = try? container.decode(Int.self, forKey: key) { return String(number) }
        return try container.decode(String.self, forKey: key)
    }
}
