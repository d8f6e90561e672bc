import Foundation

@testable import ImageDecoding

/// The JPEG and GIF files that `Demo/tools/make-decoder-test-images.py` writes, made once per
/// test run into a temporary folder, each with the pixels its generator meant it to show.
enum GeneratedTestImages {
    /// One generated file and its intended picture.
    struct Image {
        let name: String
        let file: [UInt8]
        let intended: RGBABitmap
    }

    /// Why the images could not be made.
    struct GenerationError: Error, CustomStringConvertible {
        let description: String
    }

    /// Every generated image by name, or why the generator failed.
    static let all: Result<[String: Image], GenerationError> = generate()

    /// The image called `name` (its file name without extension).
    static func image(_ name: String) throws -> Image {
        let images = try all.get()
        guard let image = images[name] else {
            throw GenerationError(description: "the generator made no image called \(name)")
        }
        return image
    }

    private static func generate() -> Result<[String: Image], GenerationError> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let tool = root.appending(path: "Demo/tools/make-decoder-test-images.py")
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "image-decoding-tests-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", tool.path, folder.path]
        do {
            try process.run()
        } catch {
            return .failure(
                GenerationError(description: "cannot run python3 \(tool.path): \(error)"))
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(
                GenerationError(
                    description: "\(tool.path) exited with \(process.terminationStatus)"))
        }
        var images: [String: Image] = [:]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files where !file.hasSuffix(".rgba") {
            let name = (file as NSString).deletingPathExtension
            guard
                let data = FileManager.default.contents(atPath: folder.appending(path: file).path),
                let raw = FileManager.default.contents(
                    atPath: folder.appending(path: name + ".rgba").path),
                raw.count >= 8
            else {
                return .failure(GenerationError(description: "\(file) or its pixels are missing"))
            }
            let bytes = [UInt8](raw)
            let width = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let height = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
            guard bytes.count == 8 + width * height * 4 else {
                return .failure(GenerationError(description: "\(name).rgba has the wrong size"))
            }
            images[name] = Image(
                name: name, file: [UInt8](data),
                intended: RGBABitmap(width: width, height: height, pixels: Array(bytes[8...])))
        }
        return .success(images)
    }
}
