/// The release version of Wiring and comics, printed by `comics --version`.
///
/// README.md and CHANGELOG.md show the same number; ReleaseVersionTests checks that they agree.
enum ComicsVersion {
    static let current = "1.1.0"
}
