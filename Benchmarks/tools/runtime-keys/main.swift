// Runtime keys at scale: compiled by `Benchmarks/run --runtime-keys` together with the library's
// one file (so no import), in release mode. Prints how long N distinct keys take to resolve, as
// objectGraph and as lazySingleton definitions, and the memory a fresh context and a new thread
// cost afterwards (resident set size from /proc, so Linux only).
import Foundation

/// An object numbered by its key.
final class Numbered {
    let number: Int

    init(_ number: Int) {
        self.number = number
    }
}

/// A parameterised definition per scope, each number its own key.
final class NumberedAssembly: Assembly {
    func item(_ number: Int) -> Numbered {
        define(key: "item-\(number)", init: Numbered(number))
    }

    func single(_ number: Int) -> Numbered {
        define(key: "single-\(number)", scope: .lazySingleton, init: Numbered(number))
    }
}

/// The process's resident set size in KiB.
func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
let start = residentKiB()
var checksum = 0

/// Reads `count` distinct keys through `read` in a fresh context and prints the time it took and
/// the resident memory added since the start.
@MainActor func measure(
    _ label: String, note: String = "", _ read: (NumberedAssembly, Int) -> Numbered
) {
    let assembly = NumberedAssembly.instance(from: DIContext())
    let begin = Date()
    for number in 0..<count {
        checksum &+= read(assembly, number).number
    }
    let seconds = String(format: "%.2f", Date().timeIntervalSince(begin))
    print(
        "\(label): \(count) distinct keys in \(seconds) s, resident "
            + "+\((residentKiB() - start) / 1024) MiB\(note)")
}

measure("objectGraph") { $0.item($1) }
measure("lazySingleton", note: " (the context keeps them all)") { $0.single($1) }
let beforeContext = residentKiB()
let fresh = DIContext()
checksum &+= NumberedAssembly.instance(from: fresh).single(1).number
print("a fresh context holding one singleton: resident +\(residentKiB() - beforeContext) KiB")
let beforeThread = residentKiB()
let read = DispatchSemaphore(value: 0)
let finish = DispatchSemaphore(value: 0)
Thread { [fresh] in
    _ = NumberedAssembly.instance(from: fresh).item(2)
    read.signal()
    finish.wait()
}.start()
read.wait()
print("a new thread that read one definition: resident +\(residentKiB() - beforeThread) KiB")
finish.signal()
guard checksum != 0 else {
    exit(1)
}
