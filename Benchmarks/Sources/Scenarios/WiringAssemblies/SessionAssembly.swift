import Wiring

/// A configuration shared while something else holds it: a `.weakSingleton`.
final class SessionAssembly: Assembly {
    var current: AppConfig { define(scope: .weakSingleton, init: AppConfig()) }
}
