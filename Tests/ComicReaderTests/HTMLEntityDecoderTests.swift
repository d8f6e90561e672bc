import Testing

@testable import ComicReader

@Suite struct HTMLEntityDecoderTests {
    @Test(arguments: [
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"),
        ("&nbsp;", "\u{A0}"), ("&eacute;", "é"), ("&egrave;", "è"), ("&agrave;", "à"),
        ("&uuml;", "ü"), ("&ouml;", "ö"), ("&auml;", "ä"), ("&szlig;", "ß"), ("&ccedil;", "ç"),
        ("&ntilde;", "ñ"), ("&hellip;", "…"), ("&mdash;", "—"), ("&ndash;", "–"), ("&lsquo;", "‘"),
        ("&rsquo;", "’"), ("&ldquo;", "“"), ("&rdquo;", "”"), ("&copy;", "©"), ("&reg;", "®"),
        ("&trade;", "™"), ("&deg;", "°"), ("&times;", "×"), ("&Eacute;", "É"),
    ])
    func namedReference(reference: String, expected: String) {
        #expect(HTMLEntityDecoder.decode("x\(reference)y") == "x\(expected)y")
    }

    @Test func numericReferencesInDecimalAndHex() {
        #expect(HTMLEntityDecoder.decode("a&#8212;b") == "a—b")
        #expect(HTMLEntityDecoder.decode("a&#x2014;b") == "a—b")
        #expect(HTMLEntityDecoder.decode("a&#X2014;b") == "a—b")
        #expect(HTMLEntityDecoder.decode("&#39;quoted&#39;") == "'quoted'")
        #expect(HTMLEntityDecoder.decode("&#x1F600;") == "😀")
    }

    @Test func numbersInTheWindows1252RangeMeanWhatBrowsersShow() {
        #expect(HTMLEntityDecoder.decode("1&#150;2") == "1–2")
        #expect(HTMLEntityDecoder.decode("&#147;hi&#148;") == "“hi”")
    }

    @Test func invalidNumbersBecomeTheReplacementCharacter() {
        for reference in ["&#0;", "&#xD800;", "&#1114112;", "&#99999999999999999999;"] {
            #expect(HTMLEntityDecoder.decode(reference) == "\u{FFFD}", "\(reference)")
        }
    }

    @Test func bareAmpersandsAndUnknownOrIncompleteReferencesStayLiteral() {
        for text in [
            "Fish & Chips", "&", "AT&T", "a &b c", "&unknown;", "&amp no semicolon", "&#;", "&#x;",
            "&#xZZ;", "&#12", "trailing &", "&verylongname;", "& amp;",
        ] {
            #expect(HTMLEntityDecoder.decode(text) == text, "\(text)")
        }
    }

    @Test func decodingIsASinglePass() {
        #expect(HTMLEntityDecoder.decode("&amp;lt;") == "&lt;")
        #expect(HTMLEntityDecoder.decode("&amp;amp;") == "&amp;")
    }

    @Test func everyLatin1LetterHasItsName() {
        #expect(HTMLEntityDecoder.decode("&Aring;ngstr&ouml;m") == "Ångström")
        #expect(HTMLEntityDecoder.decode("&Oslash;re &THORN;&eth;&yuml;") == "Øre Þðÿ")
        #expect(HTMLEntityDecoder.decode("&thetasym; &alefsym; &zwj;") == "ϑ ℵ \u{200D}")
        // HTML 4 names every character from U+00A0 to U+00FF.
        let latin1 = Set(HTMLEntityDecoder.namedEntities.values.map(\.value)).filter {
            (0xA0...0xFF).contains($0)
        }
        #expect(latin1.count == 96)
    }

    /// The sample's texts as `DisplayText` shows them hold no reference left undecoded.
    @Test func noSampleTextKeepsAReference() throws {
        let reference = try Regex("&[A-Za-z][A-Za-z0-9]*;")
        for comic in SampleComics.all {
            for text in [comic.title, comic.safeTitle, comic.alt, comic.transcript] {
                let shown = DisplayText.paragraphs(text)
                #expect(shown.firstMatch(of: reference) == nil, "comic \(comic.num): \(shown)")
            }
        }
    }

    @Test func namesAreCaseSensitive() {
        #expect(HTMLEntityDecoder.decode("&AMP;") == "&AMP;")
    }
}
