/// What refreshes learned about the server, kept in `refresh.json` beside `comics.json`: the
/// numbers it says do not exist (HTTP 404) and the newest number it named. Refresh skips the
/// absent numbers, and hints about missing comics use both, so no advice sends the user
/// after a comic the server does not have.
struct RefreshRecord: Codable, Equatable, Sendable {
    /// Numbers the server answered 404 for, the last time they were asked.
    var absent: Set<Int> = []
    /// The newest comic number the server named, if any refresh got that far.
    var latest: Int?

    enum CodingKeys: String, CodingKey {
        case absent, latest
    }

    init(absent: Set<Int> = [], latest: Int? = nil) {
        self.absent = absent
        self.latest = latest
    }

    /// Missing keys mean "nothing learned".
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        absent = try container.decodeIfPresent(Set<Int>.self, forKey: .absent) ?? []
        latest = try container.decodeIfPresent(Int.self, forKey: .latest)
    }

    /// Numbers sorted, so the file is stable.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(absent.sorted(), forKey: .absent)
        try container.encodeIfPresent(latest, forKey: .latest)
    }

    /// The numbers from 1 to `latest` that are neither in `cached` nor absent: the gaps a
    /// plain refresh fills. Empty while no latest number is known.
    func gaps(cached: Set<Int>) -> [Int] {
        guard let latest, latest >= 1 else { return [] }
        return (1...latest).filter { !cached.contains($0) && !absent.contains($0) }
    }
}
