import Testing

@testable import ComicReader

/// `ProgressBar` drawing on a terminal and staying silent elsewhere.
@Suite struct ProgressBarTests {
    /// Collects what a bar writes.
    final class Output {
        var writes: [String] = []
    }

    /// What a terminal line shows after `writes`: "\r" returns to the first column and
    /// other characters overwrite what is there.
    static func terminalLine(after writes: some Sequence<String>) -> String {
        var cells: [Character] = []
        var column = 0
        for character in writes.joined() {
            if character == "\r" {
                column = 0
            } else {
                if column < cells.count {
                    cells[column] = character
                } else {
                    cells.append(character)
                }
                column += 1
            }
        }
        return String(cells)
    }

    /// The bar part of a drawn line: the characters between "[" and "]".
    static func bar(in line: String) -> Substring? {
        guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else {
            return nil
        }
        return line[line.index(after: open)..<close]
    }

    @Test func drawsInPlaceOnATerminalAndClearsAtTheEnd() throws {
        let output = Output()
        let progress = ProgressBar(isTTY: true, columns: 80) { output.writes.append($0) }
        progress.started(total: 120)
        progress.advanced(done: 37, total: 120, number: 1234)
        progress.advanced(done: 60, total: 120, number: 61)
        progress.advanced(done: 120, total: 120, number: 5)
        progress.finished()

        #expect(output.writes.count == 5)
        #expect(output.writes.allSatisfy { $0.hasPrefix("\r") && !$0.contains("\n") })
        #expect(output.writes[1].contains("] 37/120 comic 1234"))

        let bars = try output.writes.prefix(4).map { try #require(Self.bar(in: $0)) }
        #expect(
            bars.allSatisfy { $0.count == bars[0].count && $0.allSatisfy { "#.".contains($0) } })
        #expect(bars[0].allSatisfy { $0 == "." })
        #expect(bars[2].filter { $0 == "#" }.count * 2 == bars[2].count)
        #expect(bars[3].allSatisfy { $0 == "#" })

        #expect(Self.terminalLine(after: output.writes.prefix(2)).hasSuffix("] 37/120 comic 1234"))
        #expect(
            Self.terminalLine(after: output.writes.prefix(4)).trimmingSuffix(" ").hasSuffix(
                "] 120/120 comic 5"))
        #expect(Self.terminalLine(after: output.writes).allSatisfy { $0 == " " })
        #expect(output.writes[4].hasSuffix("\r"))
    }

    @Test func aShorterLineLeavesNothingOfTheLongerOne() {
        let output = Output()
        let progress = ProgressBar(isTTY: true, columns: 80) { output.writes.append($0) }
        progress.advanced(done: 100, total: 100, number: 12345)
        progress.advanced(done: 100, total: 100, number: 1)
        #expect(
            Self.terminalLine(after: output.writes).trimmingSuffix(" ").hasSuffix(
                "] 100/100 comic 1"))
    }

    @Test(arguments: [12, 30, 200])
    func linesStayNarrowerThanTheTerminal(columns: Int) {
        let output = Output()
        let progress = ProgressBar(isTTY: true, columns: columns) { output.writes.append($0) }
        progress.started(total: 3000)
        progress.advanced(done: 1500, total: 3000, number: 2999)
        let lines = output.writes.map { $0.dropFirst().trimmingSuffix(" ") }
        #expect(lines.allSatisfy { $0.count <= columns - 1 })
        #expect(lines.allSatisfy { !$0.isEmpty })
        if columns >= 30 {
            #expect(lines.allSatisfy { Self.bar(in: String($0)) != nil })
        }
    }

    @Test func writesNothingWhenNotATerminal() {
        let output = Output()
        let progress = ProgressBar(isTTY: false, columns: 80) { output.writes.append($0) }
        progress.started(total: 10)
        progress.advanced(done: 1, total: 10, number: 1)
        progress.finished()
        #expect(output.writes.isEmpty)
    }

    @Test func nothingToDoDrawsNothing() {
        let output = Output()
        let progress = ProgressBar(isTTY: true, columns: 80) { output.writes.append($0) }
        progress.started(total: 0)
        progress.finished()
        #expect(output.writes.isEmpty)
    }
}

extension StringProtocol {
    /// The text without trailing `character`s.
    fileprivate func trimmingSuffix(_ character: Character) -> SubSequence {
        var result = self[...]
        while result.last == character { result = result.dropLast() }
        return result
    }
}
