import Wiring

/// The graph11 objects described with Wiring: per-screen objects in the default `.objectGraph`
/// scope, the five shared ones as `.lazySingleton`.
final class ScreenAssembly: Assembly {
    var screen: Screen {
        define(init: Screen()) {
            $0.presenter = self.presenter
            $0.router = self.router
        }
    }
    var presenter: ScreenPresenter {
        define(init: ScreenPresenter()) {
            $0.interactor = self.interactor
            $0.formatter = self.formatter
        }
    }
    var router: ScreenRouter { define(init: ScreenRouter()) }
    var interactor: ScreenInteractor {
        define(init: ScreenInteractor()) {
            $0.repository = self.repository
            $0.analytics = self.analytics
        }
    }
    var formatter: TextFormatter { define(init: TextFormatter()) }
    var repository: Repository {
        define(init: Repository()) {
            $0.apiClient = self.apiClient
            $0.cache = self.cache
        }
    }
    var analytics: Analytics { define(scope: .lazySingleton, init: Analytics()) }
    var apiClient: APIClient {
        define(scope: .lazySingleton, init: APIClient()) {
            $0.session = self.session
            $0.config = self.config
        }
    }
    var cache: ResponseCache { define(scope: .lazySingleton, init: ResponseCache()) }
    var session: NetworkSession { define(scope: .lazySingleton, init: NetworkSession()) }
    var config: AppConfig { define(scope: .lazySingleton, init: AppConfig()) }
}
