import Foundation
import Testing

@testable import ComicReader

@Suite("Dependency graph output")
struct AppGraphTests {
    /// The DOT text `comics [arguments] graph` prints.
    func graph(_ arguments: [String] = []) async throws -> String {
        try await withHarness { harness async throws in
            #expect(await harness.run(arguments + ["graph"]) == 0)
            return harness.console.output
        }
    }

    /// Node names declared in `dot` (lines `"name" [ … ];`).
    func nodes(_ dot: String) -> Set<String> {
        Set(
            dot.split(separator: "\n").compactMap { line in
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("\""), text.contains("\" ["), text.hasSuffix("];") else {
                    return nil
                }
                return String(text.dropFirst().prefix { $0 != "\"" })
            })
    }

    /// Edges in `dot` (lines `"a" -> "b";`).
    func edges(_ dot: String) -> [(String, String)] {
        dot.split(separator: "\n").compactMap { line in
            let parts = line.trimmingCharacters(in: .whitespaces).components(
                separatedBy: "\" -> \"")
            guard parts.count == 2, parts[0].hasPrefix("\""), parts[1].hasSuffix("\";") else {
                return nil
            }
            return (String(parts[0].dropFirst()), String(parts[1].dropLast(2)))
        }
    }

    @Test func isAWellFormedDigraph() async throws {
        let dot = try await graph()
        #expect(dot.hasPrefix("digraph comics {\n"))
        #expect(dot.hasSuffix("}\n"))
        #expect(dot.filter { $0 == "{" }.count == dot.filter { $0 == "}" }.count)
        #expect(dot.filter { $0 == "\"" }.count % 2 == 0)
        let declared = nodes(dot)
        let links = edges(dot)
        #expect(!links.isEmpty)
        for (from, to) in links {
            #expect(declared.contains(from), "edge from undeclared \(from)")
            #expect(declared.contains(to), "edge to undeclared \(to)")
        }
        // Every statement line ends with ; or opens or closes a block.
        for line in dot.split(separator: "\n") {
            #expect(
                line.hasSuffix(";") || line.hasSuffix("{") || line.hasSuffix("}"),
                "odd line: \(line)")
        }
    }

    @Test func containsTheMainDefinitionsWithTheirScopes() async throws {
        let dot = try await graph()
        let declared = nodes(dot)
        for name in [
            "AppAssembly.runner", "CommandAssembly.display", "CommandAssembly.refresh",
            "CommandAssembly.reader",
            "CacheAssembly.archiveStore", "CacheAssembly.stateStore", "NetworkAssembly.comicSource",
            "ModelAssembly.session", "ModelAssembly.randomPicker", "RenderingAssembly.renderer",
            "ReaderModuleAssembly.presenter", "ReaderModuleAssembly.interactor",
            "ReaderModuleAssembly.router",
            "ReaderModuleAssembly.view", "OptionsAssembly.options",
        ] {
            #expect(declared.contains(name), "missing \(name)")
        }
        #expect(
            dot.contains(
                "\"CacheAssembly.archiveStore\" [label=\"archiveStore\\nlazySingleton\", shape=box, peripheries=2];"
            ))
        #expect(
            dot.contains(
                "\"ModelAssembly.session\" [label=\"session\\nprototype\", shape=ellipse, style=dashed];"
            ))
        #expect(dot.contains("subgraph \"cluster_ReaderModuleAssembly\" {"))
        let links = edges(dot)
        #expect(
            links.contains { $0 == ("ReaderModuleAssembly.presenter", "ReaderModuleAssembly.view") }
        )
        #expect(
            links.contains {
                $0 == ("ReaderModuleAssembly.presenter", "ReaderModuleAssembly.interactor")
            })
        #expect(links.contains { $0 == ("CommandAssembly.display", "ModelAssembly.session") })
        #expect(links.contains { $0 == ("CacheAssembly.archiveStore", "CacheAssembly.location") })
        #expect(!declared.contains { $0.hasPrefix("CardLayoutAssembly.") })
    }

    /// The definition of `CommandAssembly` that makes what runs `command`, or nil for the
    /// commands the runner answers itself. The switch has no `default`, so a new case of
    /// `Command` does not compile until it is named here.
    static func definition(running command: Command) -> String? {
        switch command {
        case .reader, .read: "CommandAssembly.reader"
        case .display: "CommandAssembly.display"
        case .search: "CommandAssembly.search"
        case .list: "CommandAssembly.list"
        case .favorites: "CommandAssembly.favorites"
        case .refresh: "CommandAssembly.refresh"
        case .save: "CommandAssembly.save"
        case .resetState: "CommandAssembly.resetState"
        case .open: "CommandAssembly.open"
        case .explain: "CommandAssembly.explain"
        case .experiments: "CommandAssembly.experiments"
        case .graph: "CommandAssembly.graph"
        case .help, .version: nil
        }
    }

    @Test func everyCommandOfTheTableIsInTheGraph() async throws {
        let declared = nodes(try await graph())
        var missing: [String] = []
        for spec in CommandTable.commands {
            // What the entry builds from its examples and from its name alone.
            let lines = spec.examples.map(CommandTableTests.arguments(of:)) + [[spec.name]]
            let commands = lines.compactMap { try? CommandTableTests.parse($0).get() }
            #expect(!commands.isEmpty, "'\(spec.name)' builds no command to look for")
            let definitions = Set(commands.compactMap(Self.definition(running:)))
            for definition in definitions.sorted() where !declared.contains(definition) {
                missing.append("\(spec.name): \(definition)")
            }
        }
        #expect(missing.isEmpty, "the graph lacks what runs these commands: \(missing)")
    }

    @Test func showsTheActiveVariantAsASubstitution() async throws {
        let dot = try await graph(["--ab", "layout=card"])
        #expect(nodes(dot).contains("CardLayoutAssembly.cardRenderer"))
        #expect(
            edges(dot).contains {
                $0 == ("RenderingAssembly.renderer", "CardLayoutAssembly.cardRenderer")
            })
        let renderer =
            dot.split(separator: "\n").first { $0.contains("\"RenderingAssembly.renderer\" [") }
            ?? ""
        #expect(renderer.contains("(substituted)"))
        #expect(renderer.contains("style=filled"))
        // Without a variant nothing is substituted: the run-time inputs are given at start.
        let plain = try await graph([])
        #expect(!plain.contains("filled") && !plain.contains("(substituted)"))
    }

    @Test func escapesNamesForDOT() {
        let graph = DependencyGraph(records: [
            TraceRecord(
                definition: "A.x\"y", scope: .weakSingleton, parent: nil, substituted: false),
            TraceRecord(
                definition: "A.z\\", scope: .objectGraph, parent: "A.x\"y", substituted: true),
        ])
        let dot = graph.dot()
        #expect(dot.contains("\"A.x\\\"y\" [label=\"x\\\"y\\nweakSingleton\", shape=diamond];"))
        #expect(dot.contains("\"A.x\\\"y\" -> \"A.z\\\\\";"))
    }
}
