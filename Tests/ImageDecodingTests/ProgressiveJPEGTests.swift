import Foundation
import Testing

@testable import ImageDecoding

/// The checked-in pictures of `Demo/tools/make-progressive-test-images.py`: each saved by
/// libjpeg as a progressive and as a baseline JPEG of the same coefficients, with the picture
/// that was saved.
enum ProgressiveFixtures {
    /// The names of the pictures.
    static let names = [
        "grey-odd-size", "grey-quality-75", "ycbcr-444", "ycbcr-422", "ycbcr-420",
        "ycbcr-420-restarts", "texture-420", "texture-444-restarts",
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "Fixtures/progressive")

    /// The bytes of `NAME-KIND.jpg` (KIND is progressive or baseline).
    static func file(_ name: String, _ kind: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appending(path: "\(name)-\(kind).jpg")))
    }

    /// The picture saved as `name`.
    static func picture(_ name: String) throws -> RGBABitmap {
        let bytes = [UInt8](try Data(contentsOf: folder.appending(path: "\(name).rgba")))
        let width = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        return RGBABitmap(width: width, height: height, pixels: Array(bytes[8...]))
    }

    /// The markers of a JPEG file (restart markers in scan data too): code and offset.
    static func markers(_ file: [UInt8]) -> [(code: UInt8, offset: Int)] {
        var found: [(UInt8, Int)] = []
        var index = 0
        while index + 1 < file.count {
            if file[index] == 0xFF && file[index + 1] != 0 && file[index + 1] != 0xFF {
                found.append((file[index + 1], index))
            }
            index += 1
        }
        return found
    }
}

@Suite("Progressive JPEG decoder")
struct ProgressiveJPEGTests {
    @Test(
        "a progressive JPEG decodes to exactly the pixels of its baseline twin",
        arguments: ProgressiveFixtures.names)
    func sameAsBaseline(name: String) throws {
        let progressive = try JPEGDecoder.decode(ProgressiveFixtures.file(name, "progressive"))
        let baseline = try JPEGDecoder.decode(ProgressiveFixtures.file(name, "baseline"))
        #expect(progressive.width == baseline.width)
        #expect(progressive.height == baseline.height)
        #expect(progressive.pixels == baseline.pixels)
    }

    @Test(
        "a progressive JPEG decodes to the picture that was saved, within a tolerance",
        arguments: ProgressiveFixtures.names)
    func closeToPicture(name: String) throws {
        let decoded = try ImageDecoder.decode(ProgressiveFixtures.file(name, "progressive"))
        let picture = try ProgressiveFixtures.picture(name)
        try #require(decoded.width == picture.width && decoded.height == picture.height)
        let difference = JPEGDecoderTests.difference(decoded, picture)
        // As for the baseline decoder: rounding, chroma averaged over 2 or 4 pixels in 4:2:2 and
        // 4:2:0, line art quantised coarsely at quality 75. The textures are noise, which
        // JPEG keeps least well (libjpeg's own decoding of texture-420 is off by 13.3 on
        // average); a wrong bit or band would put whole blocks off by much more.
        let tolerances: [String: (max: Int, mean: Double)] = [
            "grey-odd-size": (8, 1.2), "grey-quality-75": (48, 5), "ycbcr-444": (4, 0.5),
            "ycbcr-422": (6, 1.5), "ycbcr-420": (10, 2), "ycbcr-420-restarts": (10, 2),
            "texture-420": (128, 17), "texture-444-restarts": (64, 6),
        ]
        let tolerance = try #require(tolerances[name])
        #expect(difference.max <= tolerance.max, "\(name): \(difference)")
        #expect(difference.mean <= tolerance.mean, "\(name): \(difference)")
    }

    @Test("the size of a progressive JPEG is read from its frame header")
    func size() throws {
        let file = try ProgressiveFixtures.file("ycbcr-422", "progressive")
        #expect(try ImageDecoder.size(of: file) == ImageSize(width: 45, height: 19))
    }

    @Test(
        "a progressive file cut anywhere is reported as truncated, never decoded from made-up data",
        arguments: ["grey-odd-size", "ycbcr-420-restarts", "texture-420"])
    func truncated(name: String) throws {
        let file = try ProgressiveFixtures.file(name, "progressive")
        // Even the end-of-image marker is needed: without it more scans could have followed.
        for length in 2..<file.count {
            do {
                _ = try JPEGDecoder.decode(Array(file.prefix(length)))
                Issue.record("\(name) cut to \(length) bytes decoded")
            } catch let error as ImageDecodingError {
                guard error.format == .jpeg, case .truncated = error.problem else {
                    Issue.record("\(name) cut to \(length) bytes: \(error)")
                    continue
                }
            }
        }
    }

    @Test(
        "damaged bytes anywhere give a picture or a JPEG error, never a crash",
        arguments: [
            "grey-quality-75-progressive", "texture-420-progressive",
            "texture-444-restarts-progressive", "texture-420-baseline",
        ])
    func damagedBytes(fixture: String) throws {
        let name = String(fixture[..<fixture.lastIndex(of: "-")!])
        let kind = String(fixture[fixture.index(after: fixture.lastIndex(of: "-")!)...])
        let file = try ProgressiveFixtures.file(name, kind)
        var random = SplitMix(seed: 19)
        var decoded = 0
        for round in 0..<400 {
            var damaged = file
            for _ in 0..<(1 + round % 4) {
                let index = 2 + Int(random.next() % UInt64(file.count - 2))
                damaged[index] = UInt8(truncatingIfNeeded: random.next())
            }
            do {
                let bitmap = try JPEGDecoder.decode(damaged)
                #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
                decoded += 1
            } catch let error as ImageDecodingError {
                #expect(error.format == .jpeg)
            }
        }
        // Most damage lands in the scan data, where a changed bit usually still decodes.
        #expect(decoded > 0)
    }

    @Test("a refinement scan before the scan it refines is refused, naming the scan")
    func refinementOutOfOrder() throws {
        var file = try ProgressiveFixtures.file("grey-odd-size", "progressive")
        // Scan 4 refines coefficients 1…63 from bit 2 to 1; make it refine from bit 3 to 2.
        let scans = ProgressiveFixtures.markers(file).filter { $0.code == 0xDA }
        let scan = scans[3].offset
        try #require(Array(file[scan + 7..<scan + 10]) == [1, 63, 0x21])
        file[scan + 9] = 0x32
        #expect(
            throws: ImageDecodingError(
                .jpeg,
                .corrupt(
                    "the scan at byte \(scan) refines coefficient 1 of component 1 from bit 3, "
                        + "but it is coded down to bit 2"))
        ) {
            try JPEGDecoder.decode(file)
        }
    }

    @Test("a band coded twice is refused")
    func bandCodedTwice() throws {
        var file = try ProgressiveFixtures.file("grey-odd-size", "progressive")
        // Scan 3 codes 6…63 first; make it code 5…63, and 5 was coded by scan 2.
        let scan = ProgressiveFixtures.markers(file).filter { $0.code == 0xDA }[2].offset
        try #require(file[scan + 7] == 6)
        file[scan + 7] = 5
        #expect(
            throws: ImageDecodingError(
                .jpeg, .corrupt("the scan at byte \(scan) codes coefficient 5 of component 1 again")
            )
        ) {
            try JPEGDecoder.decode(file)
        }
    }

    @Test("a progressive DC scan that also claims AC coefficients is refused")
    func mixedBand() throws {
        // TinyJPEG's scan header codes coefficients 0…63, as a baseline scan does.
        let file = TinyJPEG.file(scanData: [0x3F], frameCode: 0xC2)
        let scan = try #require(ProgressiveFixtures.markers(file).first { $0.code == 0xDA })
        #expect(
            throws: ImageDecodingError(
                .jpeg,
                .corrupt(
                    "the progressive scan at byte \(scan.offset) codes coefficients 0…63; DC and "
                        + "AC need separate scans"))
        ) {
            try JPEGDecoder.decode(file)
        }
    }

    @Test("a progressive file without the scans of every component is refused")
    func missingComponent() throws {
        let file = try ProgressiveFixtures.file("grey-odd-size", "progressive")
        // Keep the tables and the frame, drop every scan.
        let firstScan = try #require(ProgressiveFixtures.markers(file).first { $0.code == 0xDA })
        let cut = Array(file[..<firstScan.offset]) + [0xFF, 0xD9]
        #expect(
            throws: ImageDecodingError(
                .jpeg,
                .corrupt(
                    "the end-of-image marker at byte \(firstScan.offset) comes before the image "
                        + "data"))
        ) {
            try JPEGDecoder.decode(cut)
        }
    }
}

/// A small deterministic generator (SplitMix64) for damaging files the same way every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
