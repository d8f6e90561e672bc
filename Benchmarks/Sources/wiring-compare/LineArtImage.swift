import Foundation

/// The `png` scenario's test image, drawn at run time by `tools/make-line-art-png.py` into a
/// temporary folder: a 740 × 1000 8-bit grey PNG of comic-style line art and its IDAT data
/// (the zlib stream), which Swift and Python both inflate.
struct LineArtImage {
    /// The folder holding the two files.
    let folder: URL
    /// Whether `remove()` deletes the folder (it does not for a folder it was given).
    let isTemporary: Bool
    /// The PNG file's bytes.
    let png: [UInt8]
    /// The IDAT chunks' data joined: one zlib stream.
    let idat: [UInt8]
    /// Where `idat` is stored, for the Python process.
    let idatFile: URL
    let width: Int
    let height: Int
    /// Bytes the zlib stream expands to: the filtered rows (a filter byte and `width` samples each).
    let filteredSize: Int

    /// The generator, found from this source file (the benchmark runs from its checkout).
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/make-line-art-png.py")

    /// Reads the files the generator wrote into `folder` earlier (valgrind cannot start a
    /// process from the program it runs, so `./run --callgrind png` draws the image first).
    static func read(from folder: URL) throws(PNGBenchmarkError) -> LineArtImage {
        try read(folder: folder, isTemporary: false)
    }

    /// Runs the generator into a new temporary folder and reads what it wrote.
    static func make() throws(PNGBenchmarkError) -> LineArtImage {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "wiring-bench-png-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
            )
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw PNGBenchmarkError(
                "cannot make the folder \(folder.path) for the test image: \(error.localizedDescription)",
                exitCode: 73)
        }
        do throws(PNGBenchmarkError) {
            try runGenerator(into: folder)
            return try read(folder: folder, isTemporary: true)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Deletes the folder and the two files in it, if it was made for this run.
    func remove() {
        if isTemporary { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs the Python script (its one line of output is for people).
    private static func runGenerator(into folder: URL) throws(PNGBenchmarkError) {
        guard FileManager.default.isReadableFile(atPath: script.path) else {
            throw PNGBenchmarkError("the image generator \(script.path) is missing", exitCode: 66)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, folder.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw PNGBenchmarkError(
                "cannot start /usr/bin/env python3: \(error.localizedDescription)", exitCode: 69)
        }
        // Small outputs: read both to the end, then wait.
        _ = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PNGBenchmarkError.pythonFailed(
                "\(script.lastPathComponent)", status: process.terminationStatus,
                stderr: String(decoding: complaint, as: UTF8.self))
        }
    }

    /// Reads `line-art.png` and `line-art.idat` from `folder`; the size comes from the PNG's
    /// header, which must say 8-bit grey, not interlaced (what the generator draws).
    private static func read(folder: URL, isTemporary: Bool) throws(PNGBenchmarkError)
        -> LineArtImage
    {
        let pngFile = folder.appendingPathComponent("line-art.png")
        let idatFile = folder.appendingPathComponent("line-art.idat")
        let png = try bytes(of: pngFile)
        let idat = try bytes(of: idatFile)
        // Signature (8), IHDR length and type (8), width, height, bit depth, colour type, …, interlace.
        func number(at offset: Int) -> Int {
            png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard png.count >= 33, png[12..<16].elementsEqual("IHDR".utf8), png[24] == 8, png[25] == 0,
            png[28] == 0
        else {
            throw PNGBenchmarkError(
                "\(pngFile.path) is not an 8-bit grey, non-interlaced PNG", exitCode: 65)
        }
        let width = number(at: 16)
        let height = number(at: 20)
        return LineArtImage(
            folder: folder, isTemporary: isTemporary, png: png, idat: idat, idatFile: idatFile,
            width: width, height: height, filteredSize: height * (width + 1))
    }

    /// A file's bytes.
    private static func bytes(of file: URL) throws(PNGBenchmarkError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: file))
        } catch {
            throw PNGBenchmarkError(
                "cannot read \(file.path): \(error.localizedDescription)", exitCode: 66)
        }
    }
}
