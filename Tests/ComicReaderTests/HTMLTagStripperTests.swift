import Testing

@testable import ComicReader

@Suite struct HTMLTagStripperTests {
    @Test func knownTagsAreRemovedWithTheirAttributes() {
        #expect(
            HTMLTagStripper.strip(
                #"<span style="color: #ff0000">House</span> of Pancakes"#, lineBreak: " ")
                == "House of Pancakes")
        #expect(
            HTMLTagStripper.strip(
                #"<a href="https://example.com/?a=1&b=2">link</a>"#, lineBreak: " ") == "link")
        #expect(HTMLTagStripper.strip(#"<font color="red">red</font>"#, lineBreak: " ") == "red")
        #expect(
            HTMLTagStripper.strip("<i>it</i><b>bold</b>E=mc<sup>2</sup>", lineBreak: " ")
                == "itboldE=mc2")
        #expect(HTMLTagStripper.strip("<B>Upper</B>", lineBreak: " ") == "Upper")
    }

    @Test func quotedAttributeValuesMayContainAngleBrackets() {
        #expect(HTMLTagStripper.strip(#"<a title="x > y" href='a>b'>t</a>"#, lineBreak: " ") == "t")
    }

    @Test func lineBreakingTagsBecomeTheCallersBreak() {
        #expect(
            HTMLTagStripper.strip("one<br />two<br>three<BR/>four", lineBreak: "\n")
                == "one\ntwo\nthree\nfour")
        #expect(HTMLTagStripper.strip("one<br />two", lineBreak: " ") == "one two")
    }

    @Test func angleBracketTextThatIsNotAKnownTagStays() {
        for text in [
            "<City>-Style Pizza", "a < b > c", "<bold>not a tag</bold>", "<3 you", "x <b", "<>",
            "</>",
            "<span", "1 <2 and 3> 2", "<iframes>",
        ] {
            #expect(HTMLTagStripper.strip(text, lineBreak: " ") == text, "\(text)")
        }
    }

    @Test func commentsAreRemoved() {
        #expect(HTMLTagStripper.strip("a<!-- note -->b", lineBreak: " ") == "ab")
        #expect(HTMLTagStripper.strip("a<!-- unterminated", lineBreak: " ") == "a<!-- unterminated")
    }
}
