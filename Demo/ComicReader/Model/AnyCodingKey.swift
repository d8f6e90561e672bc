/// Any key of a JSON object, for the fields a type's `CodingKeys` do not name, which `Comic`
/// and `UserState` keep and write back so that a file loses nothing they do not know.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
