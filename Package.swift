// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Wiring",
    platforms: [.macOS(.v13)],
    products: [
        // The library is all the package exports; the comics demo and its image decoders are
        // targets of this repository only (`swift run comics` still works from here).
        .library(name: "Wiring", targets: ["Wiring"])
    ],
    targets: [
        .target(name: "Wiring"),
        // PNG, JPEG and GIF decoding to RGBA pixels; knows nothing of comics or terminals.
        .target(name: "ImageDecoding", path: "Demo/ImageDecoding"),
        .target(
            name: "ComicReader", dependencies: ["Wiring", "ImageDecoding"],
            path: "Demo/ComicReader"),
        .executableTarget(
            name: "comics", dependencies: ["ComicReader", "Wiring"], path: "Demo/comics"),
        .testTarget(name: "WiringTests", dependencies: ["Wiring"]),
        // The progressive JPEG fixtures are read from the source tree, next to the tests.
        .testTarget(
            name: "ImageDecodingTests", dependencies: ["ImageDecoding"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ComicReaderTests", dependencies: ["ComicReader", "ImageDecoding", "Wiring"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
