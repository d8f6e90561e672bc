import Foundation
import Testing

@testable import ComicReader

/// `comics explain N` against a copy of explainxkcd's MediaWiki API on 127.0.0.1.
@Suite struct ExplainCommandTests {
    /// The wikitext of the page for sample comic 400, shaped like explainxkcd's pages.
    static let wikitext = """
        {{comic
        | number    = 400
        | date      = March 14, 2008
        | title     = Four Hundred
        | image     = four_hundred.gif
        | titletext = Comic 400: now with 0.25% more round numbers.
        }}
        ==Transcript==
        :[A line chart climbs towards 400.]
        :Cueball: Almost there.

        ==Explanation==
        {{incomplete|Needs more on round numbers.}}
        This comic celebrates reaching the '''400th''' comic, a [[round number]] in
        [[Decimal|base ten]]; see also [[1000: 1000 Comics|comic 1000]].<ref>A footnote.</ref>
        The {{w|Glossary of chess|chart}} is not to scale.

        ===Round numbers===
        * 400 is 20 squared.
        * In [http://example.org/hex hexadecimal] it is 0x190.

        ==Trivia==
        [[Category:Comics featuring Cueball]]
        The title text promises 0.25% more.
        {{comic discussion}}
        """

    /// The API's answer for that page, as `action=parse&prop=wikitext&formatversion=2` gives it.
    static func apiReply(_ wikitext: String) throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "parse": ["title": "400: Four Hundred", "pageid": 1_234, "wikitext": wikitext]
        ])
    }

    @Test func explainFetchesTheExplanationCachesItAndFallsBackToTheAddress() async throws {
        try await withTemporaryDirectory("explain-server") { root in
            let wiki = root.appending(path: "wiki", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: wiki, withIntermediateDirectories: true)
            // http.server ignores the query, so this file answers every api.php request.
            try Self.apiReply(Self.wikitext).write(to: wiki.appending(path: "api.php"))
            let server = try await PythonHTTPServer.serving(root)
            let base = "\(server.baseURL)/wiki"
            try await withHarness { harness async throws in
                do {
                    defer { server.stop() }
                    #expect(
                        await harness.run(["explain", "400", "--explain-base-url", base]) == 0)
                }
                let output = harness.console.output
                #expect(output.hasPrefix("\(base)/index.php/400\n"))
                let explanation = try #require(output.range(of: "Explanation\n"))
                let transcript = try #require(output.range(of: "Transcript\n"))
                #expect(explanation.lowerBound < transcript.lowerBound)
                // Wrapped to the terminal's 80 columns; the words as one flow:
                let flowing = output.replacingOccurrences(of: "\n", with: " ")
                #expect(flowing.contains("400th comic, a round number in base ten; see also"))
                #expect(flowing.contains("comic 1000. The chart is not to scale."))
                #expect(output.contains("• 400 is 20 squared."))
                #expect(output.contains("In hexadecimal it is 0x190."))
                for markup in ["[[", "{{", "'''", "<ref", "footnote", "Category", "incomplete"] {
                    #expect(!output.contains(markup), "\(markup) left in the text")
                }
                #expect(output.split(separator: "\n").allSatisfy { $0.count <= 80 })
                let cached = harness.cacheDirectory.appending(path: "explanations/400.wiki")
                #expect(try String(contentsOf: cached, encoding: .utf8) == Self.wikitext)

                // The server is gone: the cached explanation is shown, with no complaint.
                harness.console.clear()
                #expect(await harness.run(["explain", "400", "--explain-base-url", base]) == 0)
                #expect(harness.console.output == output)
                #expect(harness.console.errors.isEmpty)

                // Not cached and no server: the address, and one line saying why.
                harness.console.clear()
                #expect(await harness.run(["explain", "401", "--explain-base-url", base]) == 0)
                #expect(harness.console.output == "\(base)/index.php/401\n")
                let errors = harness.console.errors.split(separator: "\n")
                #expect(errors.count == 1)
                #expect(errors.first?.hasPrefix("note: could not fetch the explanation") == true)
                #expect(errors.first?.contains(base) == true)
            }
        }
    }

    /// A new comic's page has no text yet: it is asked for again until it has some.
    @Test func aPageWithNoTextYetIsNotKept() async throws {
        try await withTemporaryDirectory("explain-stub") { root in
            let wiki = root.appending(path: "wiki", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: wiki, withIntermediateDirectories: true)
            let api = wiki.appending(path: "api.php")
            try Self.apiReply("").write(to: api)
            let server = try await PythonHTTPServer.serving(root)
            defer { server.stop() }
            try await withHarness { harness async throws in
                let base = "\(server.baseURL)/wiki"
                #expect(await harness.run(["explain", "400", "--explain-base-url", base]) == 0)
                #expect(harness.console.errors.contains("has no text yet"))
                let kept = harness.cacheDirectory.appending(path: "explanations/400.wiki")
                #expect(!FileManager.default.fileExists(atPath: kept.path))
                // A stub kept by an earlier version is asked for again too.
                try FileManager.default.createDirectory(
                    at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("{{comic discussion}}".utf8).write(to: kept)
                try Self.apiReply(Self.wikitext).write(to: api)
                harness.console.clear()
                #expect(await harness.run(["explain", "400", "--explain-base-url", base]) == 0)
                #expect(harness.console.output.contains("400 is 20 squared"))
                #expect(try String(contentsOf: kept, encoding: .utf8) == Self.wikitext)
            }
        }
    }

    @Test func aBaseThatIsNoWebAddressIsAUsageError() async throws {
        try await withHarness { harness async throws in
            #expect(await harness.run(["explain", "400", "--explain-base-url", "ftp://x"]) == 64)
            #expect(harness.console.errors.contains("--explain-base-url: 'ftp://x' is not an http"))
            #expect(harness.console.output.isEmpty)
        }
    }

    @Test func aPageTheWikiHasNotIsSaidSo() async throws {
        try await withTemporaryDirectory("explain-missing") { root in
            let wiki = root.appending(path: "wiki", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: wiki, withIntermediateDirectories: true)
            let reply = try JSONSerialization.data(withJSONObject: [
                "error": ["code": "missingtitle", "info": "The page you specified doesn't exist."]
            ])
            try reply.write(to: wiki.appending(path: "api.php"))
            let server = try await PythonHTTPServer.serving(root)
            defer { server.stop() }
            try await withHarness { harness async throws in
                let base = "\(server.baseURL)/wiki"
                #expect(await harness.run(["explain", "400", "--explain-base-url", base]) == 0)
                #expect(harness.console.output == "\(base)/index.php/400\n")
                #expect(harness.console.errors.contains("missingtitle"))
                #expect(
                    !FileManager.default.fileExists(
                        atPath: harness.cacheDirectory.appending(path: "explanations").path))
            }
        }
    }
}

/// explainxkcd's wikitext as plain text blocks.
@Suite struct ExplanationTextTests {
    @Test func theExplanationComesFirstAndMarkupBecomesText() {
        let text = ExplanationText(wikitext: ExplainCommandTests.wikitext)
        #expect(
            text.blocks == [
                .heading("Explanation", level: 2),
                .paragraph(
                    "This comic celebrates reaching the 400th comic, a round number in base ten; "
                        + "see also comic 1000. The chart is not to scale."),
                .heading("Round numbers", level: 3),
                .item("400 is 20 squared.", depth: 1),
                .item("In hexadecimal it is 0x190.", depth: 1),
                .heading("Transcript", level: 2),
                .line("[A line chart climbs towards 400.]"),
                .line("Cueball: Almost there."),
                .heading("Trivia", level: 2),
                .paragraph("The title text promises 0.25% more."),
            ])
    }

    @Test func tablesCommentsEntitiesAndUnclosedMarkupAreHandled() {
        let text = ExplanationText(
            wikitext: """
                ==Explanation==
                A <!-- hidden --> caf&eacute; [[File:x.png|thumb|picture]] and {{unclosed
                {| class="wikitable"
                |-
                | a cell
                |}
                ==Discussion==
                {{comic discussion}}
                """)
        #expect(
            text.blocks == [
                .heading("Explanation", level: 2), .paragraph("A café and {{unclosed"),
            ])
    }
}
