/// The `png` scenario could not be run: Python missing or failing, the test image not written or
/// not read, or Swift's result not the picture it should be. Carries a sysexits code.
struct PNGBenchmarkError: Error {
    let message: String
    /// 69 when python3 is not there, 70 when a step fails, 65, 66 or 73 for the image's files.
    let exitCode: Int32

    init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A Python process (`what`) ended with `status`: 127 from `/usr/bin/env` means python3 was not
    /// found (69, EX_UNAVAILABLE); anything else is a failure (70), told with the last line it printed.
    static func pythonFailed(_ what: String, status: Int32, stderr: String) -> PNGBenchmarkError {
        if status == 127 {
            return PNGBenchmarkError(
                "python3 is not installed or not on PATH (it draws the png scenario's image and times zlib)",
                exitCode: 69)
        }
        let lastLine = stderr.split(separator: "\n").last.map { ": " + $0 } ?? ""
        return PNGBenchmarkError(
            "python3 \(what) failed with status \(status)\(lastLine)", exitCode: 70)
    }
}
