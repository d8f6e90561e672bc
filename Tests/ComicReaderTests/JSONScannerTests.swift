import Foundation
import Testing

@testable import ComicReader

/// A coding key for building paths by hand.
private struct PathKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    init(intValue: Int) { (stringValue, self.intValue) = ("Index \(intValue)", intValue) }
    init(_ name: String) { self.init(stringValue: name) }
    init(_ index: Int) { self.init(intValue: index) }
}

@Suite struct JSONScannerTests {
    func firstError(_ text: String) -> JSONScanner.SyntaxError? {
        JSONScanner(Data(text.utf8)).firstSyntaxError()
    }

    @Test(arguments: [
        #"[]"#, #" {"a": [1, -2.5e+3, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9"]} "#, "0",
        #""é""#,
    ])
    func validJSONHasNoSyntaxError(text: String) {
        #expect(firstError(text) == nil)
    }

    @Test func theSampleIsValid() {
        #expect(JSONScanner(SampleComics.data).firstSyntaxError() == nil)
    }

    @Test(arguments: [
        ("", 0), ("[1,]", 3), ("[1 2]", 3), ("[1] x", 4), (#"{"a" 1}"#, 5), (#"{a: 1}"#, 1),
        (#""\q""#, 1), (#""\u12G4""#, 1), ("01", 1), ("-", 1), ("1.", 2), ("tru", 0),
        ("\"a\u{1}\"", 2), (#"["abc"#, 5), ("[[[", 3),
    ])
    func syntaxErrorsAreFoundAtTheOffendingByte(text: String, offset: Int) {
        #expect(firstError(text)?.offset == offset, "\(text)")
    }

    @Test func invalidUTF8IsReportedWhereItStarts() {
        let bytes: [UInt8] = Array(#"["ok", ""#.utf8) + [0xFF] + Array(#""]"#.utf8)
        #expect(
            JSONScanner(Data(bytes)).firstSyntaxError()
                == .init(offset: 8, message: "invalid UTF-8"))
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let text = String(repeating: "[", count: 100_000)
        let error = try #require(firstError(text))
        #expect(error.offset == JSONScanner.maximumDepth)
        #expect(error.message.contains("nesting"))
    }

    @Test func findsTheFirstNumberAnIntCannotHold() {
        func number(_ text: String) -> JSONScanner.NumberFound? {
            JSONScanner(Data(text.utf8)).firstNumberOutsideInt()
        }
        #expect(number(#"[1, -2, "3.5", {"a": 4.25}]"#) == .init(offset: 21, text: "4.25"))
        #expect(
            number("[9223372036854775807, -9223372036854775809]")
                == .init(offset: 22, text: "-9223372036854775809"))
        #expect(number(#"{"1e9": [0, 1e9]}"#) == .init(offset: 12, text: "1e9"))
        #expect(number(#"[1, 2, "x\"1.5"]"#) == nil)
    }

    @Test func locatesValuesByCodingPath() throws {
        let text = "[\n {\"a\": 1, \"b\": {\"c\": [10, 20]}},\n {\"a\": \"two\"}\n]"
        let scanner = JSONScanner(Data(text.utf8))
        let bytes = Array(text.utf8)
        func value(at path: [PathKey]) throws -> String {
            let offset = try #require(scanner.offset(of: path))
            return String(decoding: bytes[offset...].prefix(5), as: UTF8.self)
        }
        #expect(try value(at: [PathKey(1), PathKey("a")]) == "\"two\"")
        #expect(try value(at: [PathKey(0), PathKey("b"), PathKey("c"), PathKey(1)]) == "20]}}")
        #expect(try value(at: [PathKey(1)]) == "{\"a\":")
        #expect(scanner.offset(of: [PathKey(2)]) == nil)
        #expect(scanner.offset(of: [PathKey(0), PathKey("zzz")]) == nil)
        #expect(scanner.offset(of: []) == 0)
    }

    @Test func positionsCountLinesAndScalars() {
        let bytes = Array("ab\ncé\nxyz".utf8)
        let position = JSONSourcePosition(byteOffset: 7, in: bytes)  // the "x" after "cé\n"
        #expect((position.line, position.column, position.byteOffset) == (3, 1, 7))
        let afterAccent = JSONSourcePosition(byteOffset: 6, in: bytes)  // the "\n" after "é"
        #expect((afterAccent.line, afterAccent.column) == (2, 3))
        #expect(afterAccent.description == "line 2, column 3 (byte 6)")
    }
}
