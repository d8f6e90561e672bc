/// A place in a JSON text, as a person opening the file in an editor would look for it.
struct JSONSourcePosition: Equatable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    let line: Int
    /// 1-based column, counted in Unicode scalars so non-ASCII text does not skew it.
    let column: Int
    /// 0-based offset in bytes from the start of the file.
    let byteOffset: Int

    /// The position of byte `byteOffset` within the UTF-8 `bytes`.
    init(byteOffset: Int, in bytes: some Collection<UInt8>) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(byteOffset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0b1100_0000 != 0b1000_0000 {  // not a UTF-8 continuation byte
                column += 1
            }
        }
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    var description: String { "line \(line), column \(column) (byte \(byteOffset))" }
}
