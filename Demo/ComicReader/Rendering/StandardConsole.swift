import Foundation

/// The process's standard output and standard error, written unbuffered so data and
/// messages come out in the order they were produced.
final class StandardConsole: Console {
    func printData(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func printMessage(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
