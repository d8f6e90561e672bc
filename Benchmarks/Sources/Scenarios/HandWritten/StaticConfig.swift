/// A singleton in a `static let`: made on first read, thread-safe (Swift runs the initialiser
/// once), and what hand-written Swift most often uses.
enum StaticConfig {
    static let config = AppConfig()
}
