/// One comic exactly as the xkcd JSON API serves it (`{base}/{n}/info.0.json`).
///
/// Field names follow the API; `year`, `month` and `day` are strings holding numbers
/// (the month is not zero-padded). Unknown keys in the JSON are ignored.
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

    enum CodingKeys: String, CodingKey {
        case num, title, alt, img, transcript, link, news, year, month, day
        case safeTitle = "safe_title"
        case extraParts = "extra_parts"
    }
}
