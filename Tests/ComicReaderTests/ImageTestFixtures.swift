import Foundation

/// The image test data in `Fixtures/`, a resource folder made by
/// `Demo/tools/make-image-test-fixtures.py` (zlib streams from Python's zlib, PNG files built
/// with zlib + struct); edit the script and run it again, never the files.
///
/// `Fixtures/index.json` names every file with what a correct decoder must make of it. A
/// missing or unreadable file leaves its fixture out and is listed in `problems`, which a
/// test checks, so a broken folder fails with the file's name instead of a crash.
enum ImageTestFixtures {
    /// A zlib stream and the size it must inflate to; the content is `inflateSampleData()`
    /// (or its first `expectedSize` bytes).
    struct ZlibStream {
        let name: String
        let compressed: [UInt8]
        let expectedSize: Int
    }

    /// A PNG file and the RGBA8 pixels the script wrote into it.
    struct PNGFile {
        let name: String
        let png: [UInt8]
        let width: Int
        let height: Int
        let rgba: [UInt8]
    }

    /// The streams for the inflate tests, in the script's order.
    static var zlibStreams: [ZlibStream] { loaded.zlibStreams }

    /// The PNG files with their pixels, in the script's order.
    static var pngFiles: [PNGFile] { loaded.pngFiles }

    /// A PNG whose header claims 100000 × 100000 pixels.
    static var hugeHeader: [UInt8] { loaded.special["hugeHeader"] ?? [] }

    /// A 10 × 10 PNG whose image data inflates to 5 MB.
    static var zlibBomb: [UInt8] { loaded.special["zlibBomb"] ?? [] }

    /// A 2 × 2 RGB PNG: red, green, blue, white.
    static var rgb2x2: [UInt8] { loaded.special["rgb2x2"] ?? [] }

    /// What could not be read, one line per file; empty when the folder is whole.
    static var problems: [String] { loaded.problems }

    /// The folder the fixtures were copied to when the tests were built.
    static var directory: URL? { Bundle.module.url(forResource: "Fixtures", withExtension: nil) }

    private static let loaded = Contents.load(from: directory)

    /// Everything `index.json` lists, read once.
    private struct Contents {
        var zlibStreams: [ZlibStream] = []
        var pngFiles: [PNGFile] = []
        var special: [String: [UInt8]] = [:]
        var problems: [String] = []

        static func load(from directory: URL?) -> Contents {
            var contents = Contents()
            guard let directory else {
                contents.problems.append("the Fixtures resource folder is not in the test bundle")
                return contents
            }
            let index: Index
            do {
                let data = try Data(contentsOf: directory.appending(path: "index.json"))
                index = try JSONDecoder().decode(Index.self, from: data)
            } catch {
                contents.problems.append("\(directory.path)/index.json: \(error)")
                return contents
            }
            for entry in index.zlibStreams {
                guard let compressed = contents.bytes(of: entry.file, in: directory) else {
                    continue
                }
                contents.zlibStreams.append(
                    ZlibStream(
                        name: entry.name, compressed: compressed,
                        expectedSize: entry.expectedSize))
            }
            for entry in index.pngFiles {
                guard let png = contents.bytes(of: entry.file, in: directory),
                    let rgba = contents.bytes(of: entry.rgba, in: directory)
                else { continue }
                contents.pngFiles.append(
                    PNGFile(
                        name: entry.name, png: png, width: entry.width, height: entry.height,
                        rgba: rgba))
            }
            for (name, file) in index.special {
                contents.special[name] = contents.bytes(of: file, in: directory)
            }
            return contents
        }

        /// The bytes of `file` under `directory`, or nil with the reason noted in `problems`.
        mutating func bytes(of file: String, in directory: URL) -> [UInt8]? {
            let url = directory.appending(path: file)
            do {
                return [UInt8](try Data(contentsOf: url))
            } catch {
                problems.append("\(url.path): \(error.localizedDescription)")
                return nil
            }
        }
    }

    /// The shape of `index.json`.
    private struct Index: Decodable {
        struct Stream: Decodable {
            let name: String
            let file: String
            let expectedSize: Int
        }

        struct Picture: Decodable {
            let name: String
            let file: String
            let rgba: String
            let width: Int
            let height: Int
        }

        let zlibStreams: [Stream]
        let pngFiles: [Picture]
        let special: [String: String]
    }
}
