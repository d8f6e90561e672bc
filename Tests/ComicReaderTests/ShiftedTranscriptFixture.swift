@testable import ComicReader

/// Comics 1600 to 1690 as the xkcd API serves them, with its known transcript quirk: from 1611
/// to 1662 the `transcript` field holds the transcript of the comic two before (1640 carries
/// 1638's), from 1667 to 1677 that of the comic three before; 1608 and 1663 do not exist.
/// Each transcript ends, as the API's do, with a `{{Title text: …}}` line repeating the alt
/// text of the comic it really belongs to, which is the only trace of the shift in the data.
///
/// The texts are made up (xkcd's are not part of the repository): every comic's transcript has
/// a word no other comic has (`marker(of:)`), so a search shows where it is indexed. A few
/// comics have no transcript, as in the real archive, so the comic two after them has none
/// either. Comics 1680 to 1690 carry traps for a careless detector: transcripts that quote
/// another comic's alt text in speech, or in a title-text line that is the comic's own, or
/// that name an alt text shared by two comics or too short to tell anything.
enum ShiftedTranscriptFixture {
    /// Numbers missing from the archive, as on the site.
    static let missing: Set<Int> = [1608, 1663]
    /// Comics that have no transcript of their own.
    static let untranscribed: Set<Int> = [1625, 1650, 1664, 1665, 1666]
    /// Every number in the fixture.
    static let numbers = (1600...1690).filter { !missing.contains($0) }

    /// The comic whose transcript the API serves with comic `number` (itself when not shifted).
    static func servedTranscriptOwner(of number: Int) -> Int {
        switch number {
        case 1611...1662: number - 2
        case 1667...1677: number - 3
        default: number
        }
    }

    /// A word found only in the transcript of comic `number`, e.g. `zorblat1638`.
    static func marker(of number: Int) -> String { "zorblat\(number)" }

    /// The comic's title.
    static func title(of number: Int) -> String {
        let topics = ["Orbital", "Kettle", "Password", "Router", "Comet", "Backslash", "Graph"]
        return "\(topics[number % topics.count]) Mechanics \(number)"
    }

    /// The comic's alt text; 1685 and 1686 share one, and 1688's is a single word.
    static func alt(of number: Int) -> String {
        switch number {
        case 1685, 1686: "Nobody reads these anyway, so here is a shared one."
        case 1688: "Yes."
        default:
            "Comic \(number) hides a footnote about the \(title(of: number).lowercased()), "
                + "which nobody asked for."
        }
    }

    /// What comic `number` really shows and says, ending with its title text.
    static func realTranscript(of number: Int) -> String {
        if untranscribed.contains(number) { return "" }
        var lines = [
            "[[Cueball stands at a whiteboard covered in diagrams.]]",
            "Cueball: Today I explain the \(marker(of: number)) at last.",
            "Megan: You said that yesterday.",
        ]
        switch number {
        case 1682:
            // Quotes 1681's alt text in speech: a quotation, not a shift.
            lines.append("Megan: As the footnote says, \"\(alt(of: 1681))\"")
        case 1684:
            // The comic's own title text, though 1683's alt is quoted above it.
            lines.append("Cueball: \(alt(of: 1683))")
        default: break
        }
        let titleText: String
        switch number {
        case 1687: titleText = alt(of: 1685)  // an alt text two comics share
        case 1689: titleText = alt(of: 1688)  // one word: too little to tell
        case 1690: titleText = "A title text that matches no alt text at all."
        default: titleText = alt(of: number)
        }
        lines.append("{{Title text: \(titleText)}}")
        return lines.joined(separator: "\n")
    }

    /// The comics as the API serves them, oldest first.
    static var comics: [Comic] {
        numbers.map { number in
            Comic(
                num: number, title: title(of: number), alt: alt(of: number),
                img: "https://imgs.xkcd.com/comics/comic_\(number).png",
                transcript: realTranscript(of: servedTranscriptOwner(of: number)),
                year: "2016", month: "1", day: "1")
        }
    }
}
