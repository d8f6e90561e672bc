import Foundation
import Testing

@testable import ComicReader
@testable import ImageDecoding

/// Small JPEG and GIF files made by hand, for the pictures drawn from them.
enum HandMadeImages {
    /// A baseline JPEG of one 8×8 block of mid grey (128): every quantisation step 1, Huffman
    /// tables of one 1-bit code each, and scan data saying "difference 0, end of block".
    static let greyJPEG: [UInt8] = {
        func segment(_ code: UInt8, _ data: [UInt8]) -> [UInt8] {
            [0xFF, code, 0, UInt8(data.count + 2)] + data
        }
        let oneCode: [UInt8] = [1] + Array(repeating: 0, count: 15) + [0]
        return [0xFF, 0xD8] + segment(0xDB, [0] + Array(repeating: 1, count: 64))
            + segment(0xC0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0])
            + segment(0xC4, [0x00] + oneCode) + segment(0xC4, [0x10] + oneCode)
            + segment(0xDA, [1, 1, 0x00, 0, 63, 0]) + [0x3F, 0xFF, 0xD9]
    }()

    /// A 2 × 2 GIF: red, blue / blue, transparent (colour 3 of four, by a graphic control
    /// extension). LZW codes: clear, 0, 1, 1 in 3 bits, then 3 and end in 4 bits.
    static let gif: [UInt8] =
        Array("GIF89a".utf8) + [2, 0, 2, 0, 0x81, 0, 0]
        + [255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255]
        + [0x21, 0xF9, 4, 1, 0, 0, 3, 0]
        + [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0, 2, 3, 0x44, 0x32, 0x05, 0, 0x3B]
}

@Suite("Pictures drawn from JPEG and GIF files")
struct DecodedPictureTests {
    let url = "https://imgs.xkcd.com/comics/old.jpg"

    func presenter(_ rendering: ImageRendering) -> ImagePresenter {
        ImagePresenter(
            rendering: rendering, colorDepth: .truecolor, maxColumns: 20, maxRows: 10)
    }

    @Test("the hand-made files decode as meant")
    func handMade() throws {
        let grey = try ImageDecoder.decode(HandMadeImages.greyJPEG)
        #expect(
            grey == RGBABitmap(width: 8, height: 8, filledWith: RGBAPixel(r: 128, g: 128, b: 128)))
        let gif = try ImageDecoder.decode(HandMadeImages.gif)
        let red = RGBAPixel(r: 255, g: 0, b: 0)
        let blue = RGBAPixel(r: 0, g: 0, b: 255)
        #expect([gif[0, 0], gif[1, 0], gif[0, 1]] == [red, blue, blue])
        #expect(gif[1, 1].a == 0)
    }

    @Test("half blocks draw a JPEG and a GIF in colour")
    func halfBlocks() throws {
        guard
            case .picture(let jpeg) = presenter(.halfBlocks).present(
                image: HandMadeImages.greyJPEG, sourceURL: url)
        else {
            Issue.record("no picture for a JPEG")
            return
        }
        #expect(jpeg.contains("38;2;128;128;128"))
        #expect(jpeg.hasSuffix("\u{1B}[0m\n"))
        guard
            case .picture(let gif) = presenter(.halfBlocks).present(
                image: HandMadeImages.gif, sourceURL: url)
        else {
            Issue.record("no picture for a GIF")
            return
        }
        // Top row red then blue; bottom row blue, then the transparent pixel on white paper.
        #expect(gif.contains("38;2;255;0;0;48;2;0;0;255m▀"))
        #expect(gif.contains("38;2;0;0;255;48;2;255;255;255m▀"))
    }

    @Test("braille draws a JPEG as plain text")
    func braille() {
        let picture = presenter(.braille).present(image: HandMadeImages.greyJPEG, sourceURL: url)
        guard case .picture(let text) = picture else {
            Issue.record("no picture: \(picture)")
            return
        }
        #expect(!text.contains("\u{1B}"))
        #expect(
            text.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) || $0 == "\n" })
    }

    /// The control keys and the decoded payload of single-escape kitty output.
    func kittyEscape(_ text: String) throws -> (keys: String, payload: [UInt8]) {
        #expect(text.hasPrefix("\u{1B}_G"))
        let body = try #require(text.dropFirst(3).split(separator: "\u{1B}").first)
        let parts = body.split(separator: ";", maxSplits: 1)
        let payload = try #require(Data(base64Encoded: String(parts[1])))
        return (String(parts[0]), [UInt8](payload))
    }

    @Test("kitty is sent an opaque JPEG's pixels as RGB, with their size")
    func kittyJPEG() throws {
        let picture = presenter(.kitty).present(image: HandMadeImages.greyJPEG, sourceURL: url)
        guard case .picture(let text) = picture else {
            Issue.record("no picture: \(picture)")
            return
        }
        let escape = try kittyEscape(text)
        #expect(escape.keys == "a=T,f=24,s=8,v=8,q=2,m=0")
        #expect(escape.payload == Array(repeating: 128, count: 8 * 8 * 3))
    }

    @Test("kitty is sent a GIF with transparency as RGBA")
    func kittyGIF() throws {
        let escape = try kittyEscape(KittyImageEncoder.encode(file: HandMadeImages.gif, columns: 3))
        #expect(escape.keys == "a=T,f=32,s=2,v=2,q=2,c=3,m=0")
        #expect(
            escape.payload == [255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 0, 0])
    }

    @Test("kitty in the reader: decoded pixels in a box sized from the header")
    func kittyReader() throws {
        let maker = ReaderPictureMaker(presenter: presenter(.kitty))
        guard
            case .escape(let text, let rows, _) = maker.picture(
                image: HandMadeImages.gif, sourceURL: url)
        else {
            Issue.record("no kitty picture for a GIF")
            return
        }
        #expect(rows == 1)
        #expect(text.hasPrefix("\u{1B}_Ga=T,f=32,s=2,v=2,q=2,c=1,r=1,m=0;"))
    }

    @Test("a damaged JPEG is a notice naming the problem in every mode that decodes")
    func damaged() {
        let cut = Array(HandMadeImages.greyJPEG.prefix(40))
        for rendering in [ImageRendering.kitty, .halfBlocks, .braille] {
            #expect(
                presenter(rendering).present(image: cut, sourceURL: url)
                    == .notice(
                        "image not shown, truncated JPEG: segment FFDB at byte 2 needs 67 bytes but "
                            + "the file has 36 left: \(url)"))
        }
    }
}
