import Testing

@testable import ImageDecoding

@Suite("Whole and cut image files")
struct ImageCompletenessTests {
    @Test("whole JPEG and GIF files pass; each cut short is found, at any length")
    func everyCut() throws {
        let files = [
            try ProgressiveFixtures.file("ycbcr-420-restarts", "progressive"),
            try ProgressiveFixtures.file("grey-odd-size", "baseline"),
            try GeneratedTestImages.image("gif-local-interlaced-transparent").file,
            try GeneratedTestImages.image("gif-global").file,
        ]
        for file in files {
            #expect(ImageCompleteness.problem(in: file) == nil)
            for length in 0..<file.count {
                #expect(
                    ImageCompleteness.problem(in: Array(file.prefix(length))) != nil,
                    "\(ImageFormat(detecting: file).name) cut to \(length) of \(file.count) bytes")
            }
        }
    }

    @Test("a PNG passes with its IEND chunk whole, and bytes after the end are allowed")
    func png() {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        let header: [UInt8] = [0, 0, 0, 1, 0x74, 0x45, 0x58, 0x74, 0x41, 1, 2, 3, 4]
        let file = signature + header + iend
        #expect(ImageCompleteness.problem(in: file) == nil)
        #expect(ImageCompleteness.problem(in: file + [0, 0]) == nil)
        #expect(
            ImageCompleteness.problem(in: Array(file.dropLast()))
                == "the PNG file is cut off at byte 32 (it has no IEND chunk)")
        #expect(
            ImageCompleteness.problem(in: Array("<html>".utf8)) == "not an image (looks like HTML)")
    }
}
