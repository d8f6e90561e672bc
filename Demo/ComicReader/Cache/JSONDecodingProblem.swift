import Foundation

/// Why a JSON file failed to decode and where, worked out from the decoder's error and the
/// bytes themselves (Foundation's decoder reports syntax errors without any position).
struct JSONDecodingProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where in the file the problem is, when it could be located.
    let position: JSONSourcePosition?
    /// The path inside the JSON value, such as `[12].num`, for well-formed JSON of the wrong shape.
    let codingPath: String?
    /// What is wrong, in a few words.
    let detail: String

    /// Explains `error`, thrown while decoding `data`.
    init(error: any Error, data: Data) {
        let scanner = JSONScanner(data)
        guard let decodingError = error as? DecodingError else {
            self.init(scanner: scanner, codingPath: [], fallback: String(describing: error))
            return
        }
        switch decodingError {
        case .dataCorrupted(let context)
        where context.codingPath.isEmpty && scanner.firstSyntaxError() == nil:
            // Well-formed JSON "corrupted" at no path: on Linux, a number an Int field cannot hold.
            guard let number = scanner.firstNumberOutsideInt() else {
                self.init(scanner: scanner, codingPath: [], fallback: context.debugDescription)
                return
            }
            let isWhole = !number.text.contains { ".eE".contains($0) }
            self.init(
                position: JSONSourcePosition(byteOffset: number.offset, in: scanner.bytes),
                codingPath: nil,
                detail: "\(number.text) is \(isWhole ? "out of range" : "not a whole number")")
        case .dataCorrupted(let context):
            self.init(
                scanner: scanner, codingPath: context.codingPath, fallback: context.debugDescription
            )
        case .keyNotFound(let key, let context):
            self.init(
                scanner: scanner, codingPath: context.codingPath,
                fallback: "missing key \"\(key.stringValue)\"")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            self.init(
                scanner: scanner, codingPath: context.codingPath, fallback: context.debugDescription
            )
        @unknown default:
            self.init(scanner: scanner, codingPath: [], fallback: String(describing: decodingError))
        }
    }

    /// A problem whose place and description are already known.
    private init(position: JSONSourcePosition?, codingPath: String?, detail: String) {
        self.position = position
        self.codingPath = codingPath
        self.detail = detail
    }

    /// A syntax error found by `scanner` wins; otherwise the problem is located at `codingPath`.
    private init(scanner: JSONScanner, codingPath: [any CodingKey], fallback: String) {
        if let syntaxError = scanner.firstSyntaxError() {
            position = JSONSourcePosition(byteOffset: syntaxError.offset, in: scanner.bytes)
            self.codingPath = nil
            detail = "invalid JSON: \(syntaxError.message)"
            return
        }
        position = scanner.offset(of: codingPath).map {
            JSONSourcePosition(byteOffset: $0, in: scanner.bytes)
        }
        self.codingPath = codingPath.isEmpty ? nil : Self.render(codingPath)
        detail = Self.tidy(fallback)
    }

    /// Decoder messages are sentences ("Expected to decode Int but found a string instead.");
    /// ours are clauses inside a longer line.
    private static func tidy(_ message: String) -> String {
        var clause = message.trimmingCharacters(in: .whitespacesAndNewlines)
        while clause.hasSuffix(".") { clause.removeLast() }
        return clause.prefix(1).lowercased() + clause.dropFirst()
    }

    /// A coding path the way one would write it in code: `[12].num`. Also names the field in
    /// messages about server replies, so both kinds of message spell paths alike.
    static func render(_ path: [any CodingKey]) -> String {
        path.enumerated().map { index, key in
            if let number = key.intValue { return "[\(number)]" }
            return index == 0 ? key.stringValue : ".\(key.stringValue)"
        }.joined()
    }

    /// Whether the problem could be pinned to a place in the file.
    var isLocated: Bool { position != nil || codingPath != nil }

    /// "at line 3, column 9 (byte 40), in [1].num: what is wrong", or just what is wrong.
    var description: String {
        let location = [position.map { "at \($0)" }, codingPath.map { "in \($0)" }].compactMap {
            $0
        }
        return location.isEmpty ? detail : "\(location.joined(separator: ", ")): \(detail)"
    }
}
