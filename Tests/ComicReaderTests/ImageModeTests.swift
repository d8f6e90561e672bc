import Testing

@testable import ComicReader

@Suite("Image mode and presenter")
struct ImageModeTests {
    @Test("parses every mode name, ignoring case and spaces; lists valid names otherwise")
    func parsing() throws {
        for mode in ImageMode.allCases { #expect(try ImageMode(parsing: mode.rawValue) == mode) }
        #expect(try ImageMode(parsing: " Kitty ") == .kitty)
        #expect {
            try ImageMode(parsing: "sixel")
        } throws: { error in
            guard let error = error as? ImageMode.ParseError else { return false }
            return error.description
                == "invalid image mode 'sixel' (valid: auto, kitty, iterm, blocks, braille, none)"
                && error.exitCode == 64
        }
    }

    @Test(
        "auto mode picks the protocol from the environment",
        arguments: [
            (["TERM": "xterm-kitty"], ImageRendering.kitty),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], .kitty),
            (["TERM_PROGRAM": "ghostty", "TERM": "xterm-ghostty"], .kitty),
            (["TERM_PROGRAM": "iTerm.app"], .iterm),
            (["TERM_PROGRAM": "WezTerm"], .iterm),
            (["TERM": "tmux-256color", "LC_TERMINAL": "iTerm2"], .iterm),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], .halfBlocks),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""], .halfBlocks),
            ([:], .halfBlocks),
        ])
    func autoMatrix(environment: [String: String], expected: ImageRendering) {
        #expect(ImageMode.auto.rendering(environment: environment, isTTY: true) == expected)
        #expect(
            ImageMode.auto.rendering(environment: environment, isTTY: false) == ImageRendering.none)
    }

    @Test("explicit modes: as asked on a terminal, braille (plain text) otherwise, none is none")
    func explicitModes() {
        let kitty = ["TERM": "xterm-kitty"]
        let expectations: [(ImageMode, ImageRendering)] = [
            (.kitty, .kitty), (.iterm, .iterm), (.blocks, .halfBlocks), (.braille, .braille),
            (.none, .none),
        ]
        for (mode, expected) in expectations {
            #expect(mode.rendering(environment: [:], isTTY: true) == expected)
            #expect(
                mode.rendering(environment: kitty, isTTY: false)
                    == (mode == .none ? .none : .braille))
        }
        #expect(ImageMode.none.rendering(environment: kitty, isTTY: true) == .none)
    }

    @Test("colour depth: truecolor only when COLORTERM says so")
    func colorDepth() {
        #expect(ImageColorDepth.detect(environment: ["COLORTERM": "truecolor"]) == .truecolor)
        #expect(ImageColorDepth.detect(environment: ["COLORTERM": "24bit"]) == .truecolor)
        #expect(ImageColorDepth.detect(environment: ["COLORTERM": "yes"]) == .palette256)
        #expect(ImageColorDepth.detect(environment: [:]) == .palette256)
    }

    let png = ImageTestFixtures.rgb2x2
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46]
    let gif: [UInt8] = Array("GIF89a".utf8) + [0x20, 0x03, 0x10, 0x00, 0x00]
    let url = "https://imgs.xkcd.com/comics/example.png"

    func presenter(
        _ mode: ImageMode, _ environment: [String: String] = [:], isTTY: Bool = true,
        color: Bool = true
    ) -> ImagePresenter {
        ImagePresenter(
            mode: mode, environment: environment, isTTY: isTTY, colorEnabled: color, maxColumns: 80,
            maxRows: 40)
    }

    /// The notice text, or nil if the presentation is not a notice.
    func notice(_ presentation: ImagePresentation) -> String? {
        if case .notice(let text) = presentation { return text }
        return nil
    }

    /// The picture text, or nil if the presentation is not a picture.
    func picture(_ presentation: ImagePresentation) -> String? {
        if case .picture(let text) = presentation { return text }
        return nil
    }

    @Test("never an escape sequence when not a terminal or with mode none")
    func noEscapes() throws {
        let environment = ["TERM": "xterm-kitty", "COLORTERM": "truecolor"]
        for mode in ImageMode.allCases {
            for bytes in [png, jpeg, gif, nil] {
                let shown = presenter(mode, environment, isTTY: false).present(
                    image: bytes, sourceURL: url)
                switch shown {
                case .picture(let text), .notice(let text): #expect(!text.contains("\u{1B}"))
                case .nothing: break
                }
            }
            #expect(presenter(.none, environment).present(image: png, sourceURL: url) == .nothing)
        }
        #expect(presenter(.auto, isTTY: false).present(image: png, sourceURL: url) == .nothing)
        let braille = try #require(
            picture(presenter(.blocks, isTTY: false).present(image: png, sourceURL: url)))
        #expect(
            braille.unicodeScalars.allSatisfy { $0 == "\n" || (0x2800...0x28FF).contains($0.value) }
        )
    }

    @Test("PNG through each renderer")
    func pngRenderers() throws {
        let kitty = try #require(
            picture(presenter(.auto, ["TERM": "xterm-kitty"]).present(image: png, sourceURL: url)))
        #expect(kitty.hasPrefix("\u{1B}_Ga=T,f=100,q=2,m=0;") && kitty.hasSuffix("\u{1B}\\\n"))
        let iterm = try #require(
            picture(
                presenter(.auto, ["TERM_PROGRAM": "iTerm.app"]).present(image: png, sourceURL: url))
        )
        #expect(
            iterm.hasPrefix("\u{1B}]1337;File=inline=1;size=\(png.count);preserveAspectRatio=1:"))
        let blocks = try #require(
            picture(
                presenter(.auto, ["COLORTERM": "truecolor"]).present(image: png, sourceURL: url)))
        #expect(
            blocks
                == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[38;2;0;255;0;48;2;255;255;255m▀\u{1B}[0m\n"
        )
        let palette = try #require(picture(presenter(.blocks).present(image: png, sourceURL: url)))
        #expect(palette.contains("38;5;196"))
        let noColor = try #require(
            picture(presenter(.blocks, color: false).present(image: png, sourceURL: url)))
        #expect(
            !noColor.contains("\u{1B}")
                && noColor.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
        let tmux = try #require(
            picture(presenter(.kitty, ["TMUX": "/tmp/x,1,0"]).present(image: png, sourceURL: url)))
        #expect(tmux.hasPrefix("\u{1B}Ptmux;"))
    }

    @Test("a PNG much wider than the window is scaled to its width by kitty and iTerm2")
    func wideImage() throws {
        let wide = whitePNG(width: 2000, height: 1)
        let kitty = try #require(picture(presenter(.kitty).present(image: wide, sourceURL: url)))
        #expect(kitty.contains(",c=80,"))
        let iterm = try #require(picture(presenter(.iterm).present(image: wide, sourceURL: url)))
        #expect(iterm.contains(";width=80:"))
    }

    @Test("a cut JPEG or GIF: inline for iTerm2, a one-line notice with the URL elsewhere")
    func otherFormats() throws {
        for bytes in [jpeg, gif] {
            let iterm = try #require(
                picture(presenter(.iterm).present(image: bytes, sourceURL: url)))
            #expect(iterm.hasPrefix("\u{1B}]1337;File=inline=1;size=\(bytes.count);"))
            for mode in [ImageMode.kitty, .blocks, .braille] {
                let text = try #require(
                    notice(
                        presenter(mode, ["TERM": "xterm-kitty"]).present(
                            image: bytes, sourceURL: url)))
                #expect(text.hasSuffix(url) && !text.contains("\n") && !text.contains("\u{1B}"))
            }
        }
        let kitty = try #require(notice(presenter(.kitty).present(image: jpeg, sourceURL: url)))
        #expect(
            kitty
                == "image not shown, truncated JPEG: segment FFE0 at byte 2 needs 16 bytes but "
                + "the file has 6 left: \(url)")
    }

    @Test("HTML instead of an image, a missing file, a broken PNG: one-line notices")
    func notices() throws {
        let html = Array("<!doctype html><title>404</title>".utf8)
        for mode in [ImageMode.kitty, .iterm, .blocks, .braille] {
            let text = try #require(notice(presenter(mode).present(image: html, sourceURL: url)))
            #expect(text == "image not shown, not an image (looks like HTML): \(url)")
        }
        #expect(
            notice(presenter(.blocks).present(image: nil, sourceURL: url))
                == "image not available: \(url)")
        #expect(
            notice(presenter(.blocks).present(image: nil, sourceURL: ""))
                == "image not available: (no image URL)")
        var broken = png
        broken[broken.count - 20] ^= 1
        let text = try #require(notice(presenter(.blocks).present(image: broken, sourceURL: url)))
        #expect(text.contains("bad CRC") && text.hasSuffix(url) && !text.contains("\n"))
    }
}
