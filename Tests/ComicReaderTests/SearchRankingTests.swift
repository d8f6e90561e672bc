import Foundation
import Testing

@testable import ComicReader

/// Rankings a fan would trust, on made-up comics shaped like the real ones whose searches went
/// wrong (the real texts are not part of the repository).
@Suite struct SearchRankingTests {
    /// Numbers of the hits for `query`, best first.
    func ranking(_ query: String, _ comics: [Comic]) -> [Int] {
        ComicSearch(comics: comics, plainText: DisplayText.line).search(query).map(\.comic.num)
    }

    @Test func anAbbreviationOfTitleWordsFindsTheComic() {
        let comics = [
            Comic(
                num: 208, title: "Regular Expressions",
                alt: "Wait, forgot to escape a space.  Wheeeeee[taptaptap]eeeeee.",
                transcript: "[[Meg is typing on a keyboard.]]\nMeg: I know perl!"),
            Comic(num: 1313, title: "Regex Golf", alt: "/bu|[rn]t|[coy]e|[mtg]a|j|iso|n[hl]/"),
            Comic(
                num: 1638, title: "Backslashes", alt: "I searched my .bash_history for the line."),
            Comic(num: 500, title: "Election", alt: "an irregular expression of joy"),
        ]
        let hits = ranking("regex", comics)
        #expect(hits.prefix(2) == [1313, 208])
        #expect(!hits.contains(1638))
        #expect(ranking("regular expressions", comics).first == 208)
    }

    @Test func aPhraseInTheTranscriptOutranksItsWordsScatteredOverTitles() {
        let comics = [
            Comic(
                num: 386, title: "Duty Calls", alt: "What do you want me to do?  LEAVE?",
                transcript:
                    "Voice outside frame: Are you coming to bed?\nPerson at computer: I can't. "
                    + "This is important.\nVoice: What?\nPerson: Someone is wrong on the internet."),
            Comic(
                num: 1019, title: "The Internet", alt: "On the wrong side of history.",
                transcript: "[[Two people look at a laptop.]]"),
            Comic(
                num: 2101, title: "Wrong Internet", alt: "Turn on the router, then the other one."),
            Comic(
                num: 908, title: "The Cloud", alt: "There's planned downtime on the internet",
                transcript: "It's wrong."),
        ]
        #expect(ranking("wrong on the internet", comics).first == 386)
    }

    @Test func aFamousLineOutranksPassingMentionsOfIt() {
        let comics = [
            Comic(
                num: 386, title: "Duty Calls",
                alt: "What do you want me to do?  LEAVE?  Then they'll keep being wrong!",
                transcript: "[[A man is sitting at a computer.]]\n"
                    + "Voice outside frame: Are you coming to bed?\nMan: I can't. This is important."
                    + "\nVoice: What?\nMan: Someone is WRONG on the Internet.\n"
                    + "{{Title text: What do you want me to do?  LEAVE?  Then they'll keep being "
                    + "wrong!}}"),
            Comic(
                num: 473, title: "Comment Section",
                alt: "It's not that I think I'm always right; it's that I can't sleep while "
                    + "anyone is wrong on the internet and I could be fixing it.",
                transcript: "Cueball: The internet is wrong about everything today."),
            Comic(
                num: 1048, title: "Internet Argument",
                alt: "Day 3: still arguing about who was wrong on the internet first. The coffee "
                    + "ran out yesterday.",
                transcript: "Megan: You were wrong. Cueball: On the internet? Never."),
            Comic(
                num: 2000, title: "Wrong Turn",
                transcript: "Cueball: I went wrong on the way.\nMegan: The internet said left."),
        ]
        let hits = ranking("wrong on the internet", comics)
        #expect(hits.first == 386)
        #expect(Set(hits.prefix(3)) == [386, 473, 1048])
        // The same transcript flattened into one line still has the line, as a sentence.
        var flattened = comics
        flattened[0].transcript = comics[0].transcript.replacingOccurrences(of: "\n", with: " ")
        #expect(ranking("wrong on the internet", flattened).first == 386)
    }

    @Test func typosStillFindTheComicRankedBelowExactMatches() {
        let comics = [
            Comic(
                num: 936, title: "Password Strength",
                alt: "To anyone who understands information theory and security and is in an "
                    + "infuriating argument with someone who does not (possibly involving mixed "
                    + "case), I sincerely apologize.",
                transcript: "[[A password is shown.]]\nTroubador: Easy to guess.\n"
                    + "correct horse battery staple"),
            Comic(num: 792, title: "Password Reuse", alt: "It's not the same password."),
            Comic(num: 1200, title: "Strength Training", alt: "Lift with your legs."),
            Comic(
                num: 87, title: "Velociraptors",
                alt: "Also, I was thinking of Jurassic Park when I drew this."),
            Comic(
                num: 135, title: "Substitute",
                alt: "I hear it can even open doors.",
                transcript: "[[A velociraptor stands by the blackboard.]]\n"
                    + "Raptor: I'm your substitute teacher."),
            Comic(num: 2100, title: "Field Notes", alt: "A velociraptr, as the sign misspells it."),
            Comic(num: 300, title: "Passwords", alt: "cart"),
            Comic(num: 1500, title: "Field Guide", alt: "Forgot my pasword again."),
        ]
        #expect(ranking("pasword strenght", comics).first == 936)
        #expect(ranking("password strength", comics).first == 936)
        #expect(ranking("velociraptr", comics) == [2100, 87, 135])
        #expect(ranking("velociraptor", comics) == [87, 135, 2100])
        // A word of four letters or fewer is taken as typed ("doors" is in 135's alt text),
        // and so is a word found whole in three fields (1500's "pasword" is one edit from it).
        #expect(ranking("dors", comics).isEmpty)
        #expect(!ranking("password", comics).contains(1500))
    }

    /// Whether `candidate` is `word` or begins with it, give or take `edits` edits.
    func isTypo(_ word: String, of candidate: String, edits: Int) -> Bool {
        var distance = TypoDistance(word: Array(word.utf8), maxEdits: edits)
        return distance.matches(Array(candidate.utf8)[...])
    }

    @Test func aTypoIsAFewEditsFromAWordOrItsBeginning() {
        #expect(isTypo("strenght", of: "strength", edits: 1))  // two letters swapped
        #expect(isTypo("strenght", of: "strengths", edits: 1))  // and the word goes on
        #expect(!isTypo("strenght", of: "strange", edits: 1))
        #expect(!isTypo("strenght", of: "strong", edits: 1))
        #expect(isTypo("velociraptr", of: "velociraptors", edits: 2))
        #expect(!isTypo("velociraptr", of: "velocity", edits: 2))
        #expect(TypoDistance.maxEdits(for: Array("cart".utf8)) == 0)
        #expect(TypoDistance.maxEdits(for: Array("win95".utf8)) == 0)
        #expect(TypoDistance.maxEdits(for: Array("pasword".utf8)) == 1)
        #expect(TypoDistance.maxEdits(for: Array("velociraptr".utf8)) == 2)
        // One edit anywhere spares a piece: here the swap in the middle, left out of both.
        let pieces = TypoDistance.pieces(of: Array("strenght".utf8), maxEdits: 1)
        #expect(pieces.map(\.offset) == [0, 5])
        #expect(pieces.map { String(decoding: $0.piece, as: UTF8.self) } == ["str", "ght"])
    }

    @Test func wholeWordsOutrankWordsHiddenInsideLongerOnes() {
        let comics = [
            Comic(
                num: 37, title: "Hyphen", alt: "I do this constantly",
                transcript: "Man: Man, that's a sweet-ass car.\n[[Later...]]\nMan: Sweet ass-car."),
            Comic(num: 100, title: "Bass", alt: "a car with a bass"),
            Comic(num: 200, title: "First Class", transcript: "a passenger car"),
            Comic(num: 300, title: "Car Classics", alt: "massive"),
        ]
        #expect(ranking("ass car", comics).first == 37)
    }

    @Test func theExactTitleComesFirst() {
        let comics = [
            Comic(num: 1726, title: "Unicode", alt: "I'm excited about the Unicode 9 emoji."),
            Comic(num: 1137, title: "RTL", alt: "Unicode has a right-to-left override character."),
            Comic(num: 1953, title: "The History of Unicode", alt: "Unicode, Unicode, unicode."),
            Comic(num: 2000, title: "Unicode Sheriff", alt: "unicode"),
        ]
        #expect(ranking("unicode", comics).first == 1726)
        #expect(ranking("UNICODE", comics).first == 1726)
    }

    @Test func transcriptsAreSearchedAsRepairedAndCleaned() {
        let comics = [
            Comic(
                num: 327, title: "Exploits of a Mom",
                transcript: "Mom: Oh dear\u{00E2}\u{0080}\u{0094}did he break something?"),
            Comic(num: 328, title: "Dear Diary", transcript: "Dearest diary, I did it."),
        ]
        // Repaired, "dear—did" is two words, so "dear did" is a phrase of 327's transcript.
        #expect(ranking("dear did", comics) == [327, 328])
        let hostile = [Comic(num: 1, title: "x", alt: "Red \u{1B}[31mRED\u{1B}[0m")]
        #expect(ranking("red red", hostile) == [1])
        #expect(ranking("31mred", hostile).isEmpty)
    }

    @Test func abbreviationsNeedLongWordsAndRealWordBeginnings() {
        #expect(
            TitleAbbreviation.matches(Array("regex".utf8), title: Array("regular expressions".utf8))
        )
        #expect(
            TitleAbbreviation.matches(
                Array("sysadmin".utf8), title: Array("a system administrator".utf8)))
        #expect(!TitleAbbreviation.matches(Array("regex".utf8), title: Array("regular".utf8)))
        #expect(!TitleAbbreviation.matches(Array("cars".utf8), title: Array("cat rs".utf8)))
        #expect(
            !TitleAbbreviation.matches(
                Array("rexeg".utf8), title: Array("regular expressions".utf8)))
    }

    @Test func aPhraseNeverRunsFromOneFieldIntoTheNext() {
        let split = Comic(num: 1, title: "Lost", safeTitle: "Keys", alt: "found", transcript: "it")
        let whole = Comic(num: 2, title: "Lost Keys Found", alt: "x", transcript: "y")
        let hits = ComicSearch(comics: [split, whole]).search("lost keys found")
        #expect(hits.map(\.comic.num) == [2, 1])
        let splitScore = hits.last?.score
        // Three whole-word hits, no phrase bonus: title, title, alt.
        #expect(splitScore == 2 * ComicSearch.Weight.titleWord + ComicSearch.Weight.altWord)
    }
}
