// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Wiring",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Wiring", targets: ["Wiring"]),
        // For the benchmark package, which times the reader's PNG decoding (ImageBenchmarkSupport).
        .library(name: "ComicReader", targets: ["ComicReader"]),
        .executable(name: "comics", targets: ["comics"]),
    ],
    targets: [
        .target(name: "Wiring"),
        .target(name: "ComicReader", dependencies: ["Wiring"], path: "Demo/ComicReader"),
        .executableTarget(
            name: "comics", dependencies: ["ComicReader", "Wiring"], path: "Demo/comics"),
        .testTarget(name: "WiringTests", dependencies: ["Wiring"]),
        .testTarget(
            name: "ComicReaderTests", dependencies: ["ComicReader", "Wiring"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
