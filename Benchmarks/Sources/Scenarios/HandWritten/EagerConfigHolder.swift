/// A singleton made up front and kept in a `let`: the cheapest read there is.
final class EagerConfigHolder {
    let config = AppConfig()
}
