@testable import ComicReader

/// Comics built for the rendering tests (made up; no network, no cache).
enum RenderingFixtures {
    static let altText =
        "If you don't have an extension cord I can get that too. Because we're friends! Right?"

    /// An ordinary comic with a long alt text and a transcript.
    static let woodpecker = Comic(
        num: 614, title: "Woodpecker", alt: altText,
        img: "https://imgs.xkcd.com/comics/woodpecker.png",
        transcript:
            "[[A man with a beret and a woman are standing by a tree.]]\nMan: Hey, a woodpecker!\n{{Title text: \(altText)}}",
        year: "2009", month: "7", day: "4"
    )

    /// An interactive comic: its image URL names no file.
    static let interactive = Comic(
        num: 1608, title: "Hoverboard", alt: "Press the arrow keys.",
        img: "https://imgs.xkcd.com/comics/",
        year: "2015", month: "11", day: "25"
    )

    /// A comic whose every field tries to take over the terminal.
    static let hostile = Comic(
        num: 666, title: "\u{202E}gnp.\u{1B}[31mevil\u{1B}[0m\u{7}", safeTitle: "evil",
        alt:
            "Alt \u{9B}2J with\u{0} controls \u{2066}isolated\u{2069} &#x1b;[5m and &#x202E;override",
        img: "https://imgs.xkcd.com/comics/\u{1B}]8;;x\u{7}evil.png",
        transcript: "[[\u{1B}[2J]]\n\u{202D}Man: \u{85}hi", year: "20\u{1B}26", month: "1", day: "1"
    )

    /// A title and alt text in CJK with emoji and combining marks.
    static let wide = Comic(
        num: 2000, title: "漢字のタイトル 👩‍💻", alt: "日本語の説明文です。絵文字 👍🇯🇵 とアクセント e\u{301} を含みます。",
        img: "https://imgs.xkcd.com/comics/wide.png", year: "2018", month: "5", day: "30"
    )

    /// Whether `text` is safe for a terminal: no byte below 0x20 but newline, no ESC, no C1 or bidi control.
    static func isTerminalSafe(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 || $0 == 0x0A }
            && !text.unicodeScalars.contains {
                (0x7F...0x9F).contains($0.value) || TerminalSanitizer.isBidiControl($0)
            }
    }

    /// `text` without SGR sequences (`ESC [ digits/semicolons m`), i.e. what the terminal shows.
    static func removingSGR(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let escape = rest.firstIndex(of: "\u{1B}") {
            result += rest[..<escape]
            let afterEscape = rest[rest.index(after: escape)...]
            let body = afterEscape.dropFirst().prefix { $0.isNumber || $0 == ";" }
            if afterEscape.first == "[", body.endIndex < afterEscape.endIndex,
                afterEscape[body.endIndex] == "m"
            {
                rest = afterEscape[afterEscape.index(after: body.endIndex)...]
            } else {
                result.append("\u{1B}")
                rest = afterEscape
            }
        }
        return result + rest
    }
}
