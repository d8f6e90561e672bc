import Foundation
import Testing

@testable import ComicReader

/// The desktop's opener, started for real: a failure says how it ended, as a person reads it.
@Suite struct SystemURLLauncherTests {
    /// An opener that is a shell script ending as `body` says.
    func opener(_ body: String, in directory: URL) throws -> String {
        let script = directory.appending(path: "opener")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    @Test func anOpenerThatFailsIsReportedWithItsExitStatus() throws {
        try withTemporaryDirectory("launcher") { directory in
            let tool = try opener("exit 3", in: directory)
            let failure = #expect(throws: LaunchFailure.self) {
                try SystemURLLauncher(tool: tool).open("https://xkcd.com/1/")
            }
            #expect(failure?.reason == "\(tool) could not open https://xkcd.com/1/ (exit status 3)")
            let killed = try opener("kill -9 $$", in: directory)
            let signal = #expect(throws: LaunchFailure.self) {
                try SystemURLLauncher(tool: killed).open("https://xkcd.com/1/")
            }
            #expect(signal?.reason.hasSuffix("(ended by signal 9)") == true)
            try SystemURLLauncher(tool: try opener("exit 0", in: directory))
                .open("https://xkcd.com/1/")
        }
    }
}
