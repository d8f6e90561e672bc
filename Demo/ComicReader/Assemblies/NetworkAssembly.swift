import Wiring

/// The outside world: the browser launcher (and the comic server).
final class NetworkAssembly: Assembly {
    /// Opens web pages; tests substitute one that only records.
    var urlLauncher: any URLLauncher { define(scope: .lazySingleton, init: SystemURLLauncher()) }
}
