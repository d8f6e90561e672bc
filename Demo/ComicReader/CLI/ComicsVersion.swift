/// The program's version, printed by `comics --version`.
enum ComicsVersion {
    static let current = "1.0.0"
}
