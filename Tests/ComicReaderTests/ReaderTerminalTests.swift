import Foundation
import Testing

@testable import ComicReader

/// The interactive reader of the built `comics` on a real pseudo-terminal: how it takes the
/// terminal over, follows the window's size, and gives the terminal back.
@Suite("Reader on a pseudo-terminal", .timeLimit(.minutes(2)))
struct ReaderTerminalTests {
    /// Runs the reader over the built-in sample (a fresh cache directory), without pictures or
    /// colour, through `steps`.
    func reader(
        _ steps: [PseudoTerminalSession.Step], term: String = "xterm-256color",
        arguments: [String] = []
    ) async throws -> PseudoTerminalSession.Report {
        let scratch = try TemporaryDirectory("pty-home")
        defer { scratch.remove() }
        let home = scratch.url
        let environment = [
            "HOME": home.path, "COMICS_CACHE_DIR": home.appending(path: "cache").path,
            "LANG": "C.UTF-8",
            "TERM": term, "NO_COLOR": "1", "COMICS_IMAGE": "none",
        ]
        let report = try await PseudoTerminalSession.run(
            environment: environment, arguments: arguments, steps: steps)
        #expect(report.failure == nil)
        return report
    }

    /// The rows of text a frame draws, its escape sequences taken out (each one ends a row).
    func drawnRows(_ output: Substring) -> [String] {
        output.replacing(/\x1B\[[0-9;?]*[A-Za-z]/, with: "\n")
            .split(separator: "\n").map(String.init)
    }

    /// The status line as the reader cuts it for a window `columns` wide.
    func statusLine(comic: Int, columns: Int) -> String {
        let full =
            "#\(comic)   n next  p prev  r random  g go to  / search  m match  ? help  q quit"
        return DisplayWidth.truncated(full, toWidth: columns - 1, ellipsis: "…")
    }

    @Test func takesTheTerminalFollowsAResizeAndGivesItBackOnQuit() async throws {
        let narrowStatus = statusLine(comic: 441, columns: 40)
        // The sample's notice is the last thing drawn at start; resizing after it means the
        // narrow status line can only come from the frame drawn for the new size.
        let report = try await reader([
            .waitFor("Built-in sample comics"), .resize(rows: 24, columns: 40),
            .waitFor(narrowStatus), .type("q"),
        ])
        try #require(report.segments.count == 5)
        let opening = report.segments[0]
        #expect(opening.hasPrefix(RawTerminalMode.enterScreen))
        #expect(opening.contains("#441  Latest and Greatest"))
        // After the resize: a new frame, every row of it (but the unbroken link) within 40 columns.
        let afterResize = report.segments[2]
        let frame = try #require(afterResize.range(of: "\u{1B}[2J", options: .backwards)).upperBound
        let rows = drawnRows(afterResize[frame...])
        #expect(rows.contains("#441  Latest and Greatest"))
        #expect(rows.contains(narrowStatus))
        #expect(rows.filter { !$0.contains("://") }.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(rows.contains { $0.hasPrefix("alt: ") })
        // Quit: the terminal is as it was.
        #expect(report.exitStatus == 0)
        #expect(report.segments[4].hasSuffix(RawTerminalMode.leaveScreen))
        #expect(report.terminalRestored)
    }

    @Test func aNarrowWindowCutsLinesWithAnEllipsisNotTheirLastCharacter() async throws {
        let narrowStatus = statusLine(comic: 441, columns: 20)
        let report = try await reader([
            .waitFor("Built-in sample comics"), .resize(rows: 24, columns: 20),
            .waitFor(narrowStatus), .type("?"), .waitFor("previ…"), .type("q"),
        ])
        let output = report.segments.joined()
        // The frame drawn for the new size: from the last clear before the narrow status line.
        let status = try #require(output.range(of: narrowStatus)).lowerBound
        let clear = try #require(
            output[..<status].range(of: "\u{1B}[2J", options: .backwards)
        ).upperBound
        let rows = drawnRows(output[clear..<status])
        // The image link, kept whole by the layout, is cut at the window's edge with "…".
        let link = try #require(rows.first { $0.hasPrefix("img: ") })
        #expect(link == "img: https://imgs.x…")
        #expect(rows.allSatisfy { DisplayWidth.of($0) <= 20 }, "\(rows)")
        // Written uncut, "previous comic" showed as "previc": with automatic wrap off, a
        // terminal writes every character past the edge into the last column.
        #expect(output.contains("p  ←          previ…"))
        #expect(!output.contains("previous comic"))
        #expect(report.exitStatus == 0)
    }

    /// A terminal that cannot move the cursor (an editor's shell buffer), or names no type, gets
    /// the comic printed.
    @Test(arguments: [([], "dumb"), (["read", "400"], "dumb"), ([], "DUMB"), ([], "")])
    func aDumbTerminalGetsTheComicPrinted(arguments: [String], term: String) async throws {
        let title = arguments.isEmpty ? "#441  Latest and Greatest" : "#400  Four"
        let report = try await reader([.waitFor(title)], term: term, arguments: arguments)
        let output = report.segments.joined()
        #expect(report.exitStatus == 0)
        #expect(!output.contains(RawTerminalMode.enterScreen))
        #expect(!output.contains("\u{1B}["))
    }

    @Test func controlCEndsTheReaderAndStillRestoresTheTerminal() async throws {
        let report = try await reader([.waitFor("#441  Latest and Greatest"), .type("\u{03}")])
        #expect(report.signal == SIGINT)
        #expect(report.exitStatus == nil)
        #expect(report.segments.joined().contains(RawTerminalMode.leaveScreen))
        #expect(report.terminalRestored)
    }
}
