/// The graph11 objects wired by hand with plain `lazy var` singletons: the fastest possible code,
/// but unsafe to use from more than one thread. Shown beside the locked version for scale.
final class UnsyncScreenContainer {
    lazy var session = NetworkSession()
    lazy var config = AppConfig()
    lazy var apiClient: APIClient = {
        let client = APIClient()
        client.session = session
        client.config = config
        return client
    }()
    lazy var cache = ResponseCache()
    lazy var analytics = Analytics()

    /// A new screen with new per-screen objects and the shared singletons.
    func makeScreen() -> Screen {
        let repository = Repository()
        repository.apiClient = apiClient
        repository.cache = cache
        let interactor = ScreenInteractor()
        interactor.repository = repository
        interactor.analytics = analytics
        let presenter = ScreenPresenter()
        presenter.interactor = interactor
        presenter.formatter = TextFormatter()
        let screen = Screen()
        screen.presenter = presenter
        screen.router = ScreenRouter()
        return screen
    }
}
