/// Whether a query word abbreviates consecutive words of a title the way people shorten
/// them: the beginnings of two or three words run together, as "regex" is *reg*ular
/// *ex*pressions and "sysadmin" *sys*tem *admin*istrator.
///
/// Each part takes at least `minimumPart` letters of its word, and the word must be at least
/// `minimumLength` long, so short words ("cars": *ca*… *rs*…) do not match by accident.
enum TitleAbbreviation {
    /// The shortest query word tried as an abbreviation.
    static let minimumLength = 5
    /// The fewest letters taken from each title word.
    static let minimumPart = 2
    /// The most title words one abbreviation joins.
    static let maximumParts = 3

    /// Whether `word` abbreviates consecutive words of `title` (normalised, words separated by
    /// single spaces).
    static func matches(_ word: [UInt8], title: [UInt8]) -> Bool {
        guard word.count >= minimumLength else { return false }
        let words = title.split(separator: SearchNormalizer.space)
        guard words.count >= 2 else { return false }
        for start in words.indices
        where words[start].first == word.first
            && matches(word[...], words: words[start...], parts: 0)
        {
            return true
        }
        return false
    }

    /// Whether `rest` is made of the beginnings of the first words of `words`, at least two
    /// parts in all counting the `parts` already matched.
    private static func matches(
        _ rest: ArraySlice<UInt8>, words: ArraySlice<ArraySlice<UInt8>>, parts: Int
    )
        -> Bool
    {
        guard let current = words.first, parts < maximumParts else { return false }
        var length = 0
        while length < current.count && length < rest.count
            && current[current.startIndex + length] == rest[rest.startIndex + length]
        {
            length += 1
        }
        guard length >= minimumPart else { return false }
        // Try the longest part first; the rest of the word goes to the next title words.
        for taken in stride(from: length, through: minimumPart, by: -1) {
            let remaining = rest.dropFirst(taken)
            if remaining.isEmpty { return parts + 1 >= 2 }
            if matches(remaining, words: words.dropFirst(), parts: parts + 1) { return true }
        }
        return false
    }
}
