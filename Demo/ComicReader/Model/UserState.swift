/// What the reader remembers between runs: favourites, comics already read, and the
/// comic shown last. Stored as `state.json` beside the comic cache.
struct UserState: Equatable, Sendable {
    var favorites: Set<Int> = []
    var read: Set<Int> = []
    var lastShown: Int?
    /// Fields of the file this version does not know (a newer version's), written back as read.
    var otherFields: [String: JSONValue] = [:]

    /// Records that `number` was displayed: it becomes read and the last shown.
    mutating func markShown(_ number: Int) {
        read.insert(number)
        lastShown = number
    }

    /// Adds `number` to the favourites, or removes it if it is one; returns whether it now is.
    @discardableResult
    mutating func toggleFavorite(_ number: Int) -> Bool {
        if favorites.remove(number) != nil { return false }
        favorites.insert(number)
        return true
    }
}

extension UserState: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case favorites, read
        case lastShown = "last_shown"
    }

    /// Missing keys mean "nothing recorded", so older or hand-written files still load; keys
    /// it does not know are kept in `otherFields`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        favorites = try container.decodeIfPresent(Set<Int>.self, forKey: .favorites) ?? []
        read = try container.decodeIfPresent(Set<Int>.self, forKey: .read) ?? []
        lastShown = try container.decodeIfPresent(Int.self, forKey: .lastShown)
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        let everything = try decoder.container(keyedBy: AnyCodingKey.self)
        // Kept where they can be: one this version cannot read back (a number beyond a Double,
        // a lone surrogate) is dropped rather than make the user's state unreadable.
        for key in everything.allKeys where !known.contains(key.stringValue) {
            otherFields[key.stringValue] = try? everything.decode(JSONValue.self, forKey: key)
        }
    }

    /// Sets are written sorted so the file is stable and diffable.
    func encode(to encoder: any Encoder) throws {
        var others = encoder.container(keyedBy: AnyCodingKey.self)
        for (name, value) in otherFields {
            try others.encode(value, forKey: AnyCodingKey(name))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(favorites.sorted(), forKey: .favorites)
        try container.encode(read.sorted(), forKey: .read)
        try container.encodeIfPresent(lastShown, forKey: .lastShown)
    }
}
