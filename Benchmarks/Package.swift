// swift-tools-version: 6.1
// Benchmarks of Wiring against hand-written wiring, Swinject and swift-dependencies, and of the
// comic reader's PNG decoding. A package of its own, so the library itself keeps zero dependencies.
import Foundation
import PackageDescription

/// SwiftPM names a package added by path after its folder, so the root package's name here is
/// whatever the checkout's folder is called.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "WiringBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        // Without its default traits it needs neither jemalloc nor the runtime interposer.
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: []),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    ],
    targets: [
        // The object graphs and, for each, the hand-written, Wiring, Swinject and swift-dependencies
        // ways to build them.
        .target(
            name: "Scenarios",
            dependencies: [
                .product(name: "Wiring", package: rootPackage), "Swinject",
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]),
        // The comic reader's image decoders and the reader itself, compiled here from the root
        // package's folders (these two folders are symbolic links to them): the root package
        // exports the Wiring library only.
        .target(name: "ImageDecoding"),
        .target(
            name: "ComicReader",
            dependencies: [.product(name: "Wiring", package: rootPackage), "ImageDecoding"]),
        // Times every scenario once and prints the comparison table (`./run`); also times the comic
        // reader's PNG decoding against Python's zlib (the `png` scenario).
        .executableTarget(
            name: "wiring-compare",
            dependencies: ["Scenarios", "ComicReader"]
        ),
        // The same scenarios for detailed runs: `swift package benchmark`.
        .executableTarget(
            name: "WiringBenchmarks",
            dependencies: ["Scenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "Benchmarks/WiringBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
