/// One comic exactly as the xkcd JSON API serves it (`{base}/{n}/info.0.json`).
///
/// Field names follow the API; `year`, `month` and `day` are strings holding numbers
/// (the month is not zero-padded). Unknown keys in the JSON are ignored.
public struct Comic: Codable, Hashable, Sendable {
    public var num: Int
    public var title: String
    public var safeTitle: String
    public var alt: String
    public var img: String
    public var transcript: String
    public var link: String
    public var news: String
    public var year: String
    public var month: String
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
