import Foundation
import Wiring

/// Definitions and who asked for whom, from trace records, written as Graphviz DOT.
///
/// One node per definition, grouped in a cluster per assembly; the shape says the scope
/// (box: object graph, double box: lazy singleton, dashed ellipse: prototype, diamond: weak
/// singleton) and a fill marks a substituted definition. An edge goes from an object to a
/// dependency it was given. Output is sorted, so the same wiring gives the same text.
struct DependencyGraph {
    /// A definition: its scope and whether a substitution supplied it.
    struct Node: Equatable {
        var scope: Assembly.Scope
        var substituted: Bool
    }

    private(set) var nodes: [String: Node] = [:]
    private(set) var edges: Set<Edge> = []

    /// A dependency: `from` was given `to`.
    struct Edge: Hashable, Comparable {
        let from: String
        let to: String
        static func < (a: Edge, b: Edge) -> Bool { (a.from, a.to) < (b.from, b.to) }
    }

    /// The graph the trace `records` describe: a node per definition (substituted if any of
    /// its resolutions was), an edge per parent and child that differ.
    init(records: [TraceRecord]) {
        for record in records {
            var node = nodes[record.definition] ?? Node(scope: record.scope, substituted: false)
            node.substituted = node.substituted || record.substituted
            nodes[record.definition] = node
            if let parent = record.parent, parent != record.definition {
                edges.insert(Edge(from: parent, to: record.definition))
            }
        }
    }

    /// The graph in DOT.
    func dot() -> String {
        var lines = [
            "digraph comics {",
            "  rankdir=LR;",
            "  node [fontname=\"Helvetica\", fontsize=10];",
            "  edge [color=\"#555555\"];",
        ]
        let byAssembly = Dictionary(grouping: nodes.keys.sorted()) { Self.split($0).assembly }
        for (assembly, names) in byAssembly.sorted(by: { $0.key < $1.key }) {
            lines.append("  subgraph \(Self.quoted("cluster_" + assembly)) {")
            lines.append("    label=\(Self.quoted(assembly));")
            lines.append("    style=rounded; color=\"#999999\";")
            for name in names {
                guard let node = nodes[name] else { continue }
                lines.append("    \(Self.quoted(name)) [\(attributes(of: name, node))];")
            }
            lines.append("  }")
        }
        for edge in edges.sorted() {
            lines.append("  \(Self.quoted(edge.from)) -> \(Self.quoted(edge.to));")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Label, shape and style of the node `name`.
    private func attributes(of name: String, _ node: Node) -> String {
        var label = [Self.split(name).key, Self.scopeName(node.scope)]
        var attributes: [String]
        switch node.scope {
        case .objectGraph: attributes = ["shape=box"]
        case .lazySingleton: attributes = ["shape=box", "peripheries=2"]
        case .prototype: attributes = ["shape=ellipse", "style=dashed"]
        case .weakSingleton: attributes = ["shape=diamond"]
        }
        if node.substituted {
            label.append("(substituted)")
            attributes.removeAll { $0.hasPrefix("style=") }
            attributes.append(node.scope == .prototype ? "style=\"dashed,filled\"" : "style=filled")
            attributes.append("fillcolor=\"#ffe9a8\"")
        }
        // `\n` is DOT's line break inside a label.
        let text = label.map(Self.escaped).joined(separator: "\\n")
        return (["label=\"\(text)\""] + attributes).joined(separator: ", ")
    }

    /// `ModelAssembly.session` → (`ModelAssembly`, `session`).
    static func split(_ definition: String) -> (assembly: String, key: String) {
        guard let dot = definition.firstIndex(of: ".") else { return ("", definition) }
        return (String(definition[..<dot]), String(definition[definition.index(after: dot)...]))
    }

    private static func scopeName(_ scope: Assembly.Scope) -> String {
        switch scope {
        case .objectGraph: "objectGraph"
        case .lazySingleton: "lazySingleton"
        case .prototype: "prototype"
        case .weakSingleton: "weakSingleton"
        }
    }

    /// A DOT string literal.
    static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// Escapes backslashes and quotes for a DOT string.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
    }
}
