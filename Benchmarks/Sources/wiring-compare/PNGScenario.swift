import ComicReader
import Foundation

/// The `png` scenario: the comic reader's own PNG pipeline on a comic-sized page of line art.
/// Swift's inflate of the image's IDAT stream, timed against Python's `zlib.decompress` (C zlib)
/// on the same bytes in the same run; and the whole way from file to picture: decode, then draw
/// 80 columns of half blocks, as `comics --image blocks` shows a comic.
struct PNGScenario {
    static let name = "png"
    /// Width of the picture in terminal cells.
    static let columns = 80
    /// The steps `--fixed png STEP COUNT` runs alone (for callgrind).
    enum Step: String, CaseIterable {
        /// Swift's inflate of the IDAT stream.
        case inflate
        /// Decode the PNG file and draw it 80 columns wide in half blocks, 24-bit colour.
        case decodeRender = "decode-render"
    }

    static let summary =
        "inflate the IDAT of a 740 × 1000 grey line-art PNG (python3 zlib.decompress timed alongside);"
        + " decode it and draw \(columns) columns of half blocks"

    let image: LineArtImage

    /// Swift's inflate of the IDAT stream, once; nil if it fails (`check()` says why).
    func inflate() -> [UInt8]? {
        try? ImageBenchmarkSupport.inflate(zlib: image.idat, expectedSize: image.filteredSize)
    }

    /// The PNG decoded and drawn `columns` wide, once; nil if decoding fails (`check()` says why).
    func picture(truecolor: Bool = true) -> String? {
        try? ImageBenchmarkSupport.halfBlockPicture(
            png: image.png, columns: Self.columns, truecolor: truecolor)
    }

    /// Fails unless inflate gives the stream's full size (its Adler-32 trailer checked, so the
    /// same bytes Python gets) and the picture is `columns` half blocks across on each of about
    /// height ÷ width × columns ÷ 2 lines, with ink on the paper. Returns the picture's row count.
    func check() throws(PNGBenchmarkError) -> Int {
        let output: [UInt8]
        do {
            output = try ImageBenchmarkSupport.inflate(
                zlib: image.idat, expectedSize: image.filteredSize)
        } catch {
            throw PNGBenchmarkError(
                "Swift's inflate failed on the test image's IDAT: \(error)", exitCode: 70)
        }
        guard output.count == image.filteredSize else {
            throw PNGBenchmarkError(
                "inflate gave \(output.count) bytes, not \(image.filteredSize)", exitCode: 70)
        }
        let picture: String
        do {
            picture = try ImageBenchmarkSupport.halfBlockPicture(
                png: image.png, columns: Self.columns)
        } catch {
            throw PNGBenchmarkError("decoding the test image failed: \(error)", exitCode: 70)
        }
        let lines = picture.split(separator: "\n")
        let expectedRows = Double(image.height) / Double(image.width) * Double(Self.columns) / 2
        let escapes = picture.components(separatedBy: "\u{1B}[").count - 1
        guard abs(Double(lines.count) - expectedRows) <= 1,
            lines.allSatisfy({ $0.filter { $0 == "▀" }.count == Self.columns }),
            escapes > 2 * lines.count
        else {
            throw PNGBenchmarkError(
                "the picture is not \(Self.columns) half blocks across on about "
                    + "\(Int(expectedRows)) lines with colour changes: \(lines.count) lines, "
                    + "\(escapes) escapes", exitCode: 70)
        }
        return lines.count
    }

    /// Runs `step` `count` times, untimed (for an instruction counter).
    func run(_ step: Step, count: Int) {
        for _ in 0..<count {
            switch step {
            case .inflate: Self.keep(inflate())
            case .decodeRender: Self.keep(picture())
            }
        }
    }

    /// Checks, then times Swift's inflate, Python's zlib on the same stream, and decode + draw in
    /// 24-bit and in 256 colours, taking turns round by round.
    func measure(with harness: Harness) throws(PNGBenchmarkError) -> PNGResult {
        let rows = try check()
        let python = try PythonZlibTimer(
            streamFile: image.idatFile, expandedSize: image.filteredSize)
        defer { python.stop() }
        let timers: [(Int) throws -> Double] = [
            { count in Stopwatch.nanoseconds { run(.inflate, count: count) } },
            { count in try python.time(count) },
            { count in Stopwatch.nanoseconds { run(.decodeRender, count: count) } },
            { count in
                Stopwatch.nanoseconds {
                    for _ in 0..<count { Self.keep(picture(truecolor: false)) }
                }
            },
        ]
        let medians: [Double]
        do {
            medians = try harness.measure(timers)
        } catch let error as PNGBenchmarkError {
            throw error
        } catch {
            // Only the Python timer throws.
            throw PNGBenchmarkError("timing failed: \(error)", exitCode: 70)
        }
        return PNGResult(
            image: image, zlibVersion: python.zlibVersion, columns: Self.columns, rows: rows,
            inflateNanoseconds: medians[0], pythonZlibNanoseconds: medians[1],
            decodeRenderNanoseconds: medians[2], decodeRender256Nanoseconds: medians[3])
    }

    /// Takes a result so the optimiser cannot drop the work that made it.
    @inline(never) @_optimize(none)
    private static func keep<T>(_ value: T) {}
}
