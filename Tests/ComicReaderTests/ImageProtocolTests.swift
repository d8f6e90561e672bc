import Foundation
import Testing

@testable import ComicReader

@Suite("Image protocols")
struct ImageProtocolTests {
    /// Splits kitty output into its escapes: (control keys, payload).
    func kittyEscapes(_ text: String) -> [(keys: String, payload: String)] {
        text.components(separatedBy: "\u{1B}\\").dropLast().map { escape in
            #expect(escape.hasPrefix("\u{1B}_G"))
            let body = escape.dropFirst(3)
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    @Test(
        "kitty: chunks of at most 4096 base64 characters, m=1 until the last, payload decodes back")
    func kittyChunks() throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
        let escapes = kittyEscapes(KittyImageEncoder.encode(png: bytes))
        #expect(escapes.count == 4)  // 13336 base64 characters
        #expect(escapes[0].keys == "a=T,f=100,q=2,m=1")
        #expect(escapes[1].keys == "m=1" && escapes[2].keys == "m=1")
        #expect(escapes[3].keys == "m=0")
        #expect(escapes.allSatisfy { $0.payload.count <= 4096 })
        #expect(escapes.dropLast().allSatisfy { $0.payload.count == 4096 })
        let joined = escapes.map(\.payload).joined()
        #expect(try #require(Data(base64Encoded: joined)) == Data(bytes))
    }

    @Test("kitty: a small image is one escape with m=0 and the column count when given")
    func kittySingle() {
        let text = KittyImageEncoder.encode(png: [1, 2, 3], columns: 40)
        #expect(text == "\u{1B}_Ga=T,f=100,q=2,c=40,m=0;AQID\u{1B}\\")
    }

    @Test("iTerm2: OSC 1337 File= with size and aspect, base64, BEL")
    func iterm() {
        #expect(
            ITermImageEncoder.encode(file: [1, 2, 3])
                == "\u{1B}]1337;File=inline=1;size=3;preserveAspectRatio=1:AQID\u{07}")
        #expect(
            ITermImageEncoder.encode(file: [0xFF], columns: 80)
                == "\u{1B}]1337;File=inline=1;size=1;preserveAspectRatio=1;width=80:/w==\u{07}")
    }

    @Test("tmux passthrough doubles inner escapes and wraps each kitty chunk")
    func tmux() {
        #expect(
            TmuxPassthrough.wrap("\u{1B}_Gm=0;AQID\u{1B}\\")
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;AQID\u{1B}\u{1B}\\\u{1B}\\")
        let bytes = [UInt8](repeating: 7, count: 6000)  // 8000 base64 characters: two chunks
        let wrapped = KittyImageEncoder.encode(png: bytes, tmux: true)
        #expect(wrapped.components(separatedBy: "\u{1B}Ptmux;").count == 3)
        let plain = KittyImageEncoder.encode(png: bytes)
        #expect(
            wrapped.replacingOccurrences(of: "\u{1B}Ptmux;", with: "")
                .replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}")
                .replacingOccurrences(of: "\u{1B}\\\u{1B}\\", with: "\u{1B}\\") == plain)
        #expect(
            ITermImageEncoder.encode(file: [1], tmux: true).hasPrefix(
                "\u{1B}Ptmux;\u{1B}\u{1B}]1337;"))
        #expect(TmuxPassthrough.isActive(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!TmuxPassthrough.isActive(environment: ["TMUX": ""]))
    }
}
