import Testing

@testable import ComicReader

@Suite struct MojibakeRepairTests {
    @Test func utf8ReadAsLatin1IsDecodedBack() {
        // Comic 327's transcript carries the em dash's three bytes as three characters.
        #expect(MojibakeRepair.repair("Oh dear\u{00E2}\u{0080}\u{0094}did") == "Oh dear—did")
        #expect(MojibakeRepair.repair("Caf\u{00C3}\u{00A9}") == "Café")
        #expect(MojibakeRepair.repair("\u{00F0}\u{009F}\u{0098}\u{0080}!") == "😀!")
    }

    @Test func utf8ReadAsWindows1252IsDecodedBack() {
        #expect(MojibakeRepair.repair("Oh dearâ€”did") == "Oh dear—did")
        #expect(MojibakeRepair.repair("itâ€™s") == "it’s")
        #expect(MojibakeRepair.repair("ðŸ˜€") == "😀")
    }

    @Test(arguments: [
        "Café naïve Ångström", "ÂÂ", "â", "Ã", "Ã and ©", "â€", "\u{00E2}\u{0080}",
        "\u{00C0}\u{0080}", "\u{00ED}\u{00A0}\u{0080}", "ordinary ASCII", "",
    ])
    func correctOrIncompleteTextIsLeftAlone(text: String) {
        // Accented prose, sequences cut short, an overlong form (C0 80) and a surrogate (ED A0 80).
        #expect(MojibakeRepair.repair(text) == text)
    }

    @Test func transcriptsAreRepairedButTitlesAndAltTextKeepTheirJokes() {
        let comic = Comic(
            num: 327, title: "Caf\u{00C3}\u{00A9} joke", alt: "also a joke: â€”",
            transcript: "Mom: Oh dear\u{00E2}\u{0080}\u{0094}did he break something?")
        let shown = ComicPresentation(comic)
        #expect(shown.transcript.lines == [.speech("Mom: Oh dear—did he break something?")])
        #expect(shown.title == "Caf\u{00C3}\u{00A9} joke")
        #expect(shown.alt == "also a joke: â€”")
    }
}
