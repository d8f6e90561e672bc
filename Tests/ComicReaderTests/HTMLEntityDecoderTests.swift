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

    @Test func namesAreCaseSensitive() {
        #expect(HTMLEntityDecoder.decode("&AMP;") == "&AMP;")
    }
}
