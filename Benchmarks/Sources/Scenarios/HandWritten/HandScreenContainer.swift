/// The graph11 objects wired by hand as careful code without a library would: the singletons made
/// lazily under a lock (thread-safe, like a DI context's), the rest made and wired per screen.
final class HandScreenContainer: @unchecked Sendable {
    private let sessionSlot = LockedLazy<NetworkSession>()
    private let configSlot = LockedLazy<AppConfig>()
    private let apiClientSlot = LockedLazy<APIClient>()
    private let cacheSlot = LockedLazy<ResponseCache>()
    private let analyticsSlot = LockedLazy<Analytics>()
    /// Makes the formatter in place of the usual one: the hand-written counterpart of a substitution.
    private let formatterOverride: (@Sendable () -> TextFormatter)?

    init(formatterOverride: (@Sendable () -> TextFormatter)? = nil) {
        self.formatterOverride = formatterOverride
    }

    var session: NetworkSession { sessionSlot.get { NetworkSession() } }
    var config: AppConfig { configSlot.get { AppConfig() } }
    var apiClient: APIClient {
        apiClientSlot.get {
            let client = APIClient()
            client.session = session
            client.config = config
            return client
        }
    }
    var cache: ResponseCache { cacheSlot.get { ResponseCache() } }
    var analytics: Analytics { analyticsSlot.get { Analytics() } }

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
        presenter.formatter = formatterOverride?() ?? TextFormatter()
        let screen = Screen()
        screen.presenter = presenter
        screen.router = ScreenRouter()
        return screen
    }
}
