import Dependencies

// The graph11 objects with swift-dependencies, in its documented style: one `DependencyKey` per
// object, `liveValue`s that read other dependencies with `@Dependency`, and `DependencyValues`
// properties to name them. Its live values are made once and cached, so the five singletons are
// plain values. It has no scope for objects made anew per resolution, so each per-screen object is
// a dependency whose value is a function that makes one (a "client" of one closure).

// swift-dependencies requires values to be `Sendable`. These classes are only ever used from one
// thread at a time here, and the conformance changes nothing at run time.
extension NetworkSession: @unchecked Sendable {}
extension AppConfig: @unchecked Sendable {}
extension APIClient: @unchecked Sendable {}
extension ResponseCache: @unchecked Sendable {}
extension Analytics: @unchecked Sendable {}

/// What a caller of the graph11 objects holds, made once: the screen maker and the configuration.
struct ScreenDependencies: Sendable {
    @Dependency(\.makeScreen) var makeScreen
    @Dependency(\.appConfig) var config
}

extension DependencyValues {
    var networkSession: NetworkSession {
        get { self[NetworkSessionKey.self] }
        set { self[NetworkSessionKey.self] = newValue }
    }
    var appConfig: AppConfig {
        get { self[AppConfigKey.self] }
        set { self[AppConfigKey.self] = newValue }
    }
    var apiClient: APIClient {
        get { self[APIClientKey.self] }
        set { self[APIClientKey.self] = newValue }
    }
    var responseCache: ResponseCache {
        get { self[ResponseCacheKey.self] }
        set { self[ResponseCacheKey.self] = newValue }
    }
    var analytics: Analytics {
        get { self[AnalyticsKey.self] }
        set { self[AnalyticsKey.self] = newValue }
    }
    var makeRepository: @Sendable () -> Repository {
        get { self[MakeRepositoryKey.self] }
        set { self[MakeRepositoryKey.self] = newValue }
    }
    var makeInteractor: @Sendable () -> ScreenInteractor {
        get { self[MakeInteractorKey.self] }
        set { self[MakeInteractorKey.self] = newValue }
    }
    var makeFormatter: @Sendable () -> TextFormatter {
        get { self[MakeFormatterKey.self] }
        set { self[MakeFormatterKey.self] = newValue }
    }
    var makePresenter: @Sendable () -> ScreenPresenter {
        get { self[MakePresenterKey.self] }
        set { self[MakePresenterKey.self] = newValue }
    }
    var makeRouter: @Sendable () -> ScreenRouter {
        get { self[MakeRouterKey.self] }
        set { self[MakeRouterKey.self] = newValue }
    }
    var makeScreen: @Sendable () -> Screen {
        get { self[MakeScreenKey.self] }
        set { self[MakeScreenKey.self] = newValue }
    }
}

private enum NetworkSessionKey: DependencyKey {
    static var liveValue: NetworkSession { NetworkSession() }
}

private enum AppConfigKey: DependencyKey {
    static var liveValue: AppConfig { AppConfig() }
}

private enum APIClientKey: DependencyKey {
    static var liveValue: APIClient {
        @Dependency(\.networkSession) var session
        @Dependency(\.appConfig) var config
        let client = APIClient()
        client.session = session
        client.config = config
        return client
    }
}

private enum ResponseCacheKey: DependencyKey {
    static var liveValue: ResponseCache { ResponseCache() }
}

private enum AnalyticsKey: DependencyKey {
    static var liveValue: Analytics { Analytics() }
}

private enum MakeRepositoryKey: DependencyKey {
    static var liveValue: @Sendable () -> Repository {
        @Dependency(\.apiClient) var apiClient
        @Dependency(\.responseCache) var cache
        return {
            let repository = Repository()
            repository.apiClient = apiClient
            repository.cache = cache
            return repository
        }
    }
}

private enum MakeInteractorKey: DependencyKey {
    static var liveValue: @Sendable () -> ScreenInteractor {
        @Dependency(\.makeRepository) var makeRepository
        @Dependency(\.analytics) var analytics
        return {
            let interactor = ScreenInteractor()
            interactor.repository = makeRepository()
            interactor.analytics = analytics
            return interactor
        }
    }
}

private enum MakeFormatterKey: DependencyKey {
    static var liveValue: @Sendable () -> TextFormatter { { TextFormatter() } }
}

private enum MakePresenterKey: DependencyKey {
    static var liveValue: @Sendable () -> ScreenPresenter {
        @Dependency(\.makeInteractor) var makeInteractor
        @Dependency(\.makeFormatter) var makeFormatter
        return {
            let presenter = ScreenPresenter()
            presenter.interactor = makeInteractor()
            presenter.formatter = makeFormatter()
            return presenter
        }
    }
}

private enum MakeRouterKey: DependencyKey {
    static var liveValue: @Sendable () -> ScreenRouter { { ScreenRouter() } }
}

private enum MakeScreenKey: DependencyKey {
    static var liveValue: @Sendable () -> Screen {
        @Dependency(\.makePresenter) var makePresenter
        @Dependency(\.makeRouter) var makeRouter
        return {
            let screen = Screen()
            screen.presenter = makePresenter()
            screen.router = makeRouter()
            return screen
        }
    }
}
