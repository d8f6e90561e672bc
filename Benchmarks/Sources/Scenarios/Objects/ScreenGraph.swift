// The objects of the graph11 scenario: one screen of a typical app, eleven objects in five levels.
//
//     Screen            → ScreenPresenter, ScreenRouter
//     ScreenPresenter   → ScreenInteractor, TextFormatter
//     ScreenInteractor  → Repository, Analytics*
//     Repository        → APIClient*, ResponseCache*
//     APIClient         → NetworkSession*, AppConfig*
//
// (* one per container or context; the rest are made anew for every screen.) Every contender builds
// exactly these classes and sets the same properties, so only the wiring differs.

/// The root of the graph: what a caller asks for.
final class Screen {
    var presenter: ScreenPresenter?
    var router: ScreenRouter?
}

/// Presents the screen's data; made per screen.
final class ScreenPresenter {
    var interactor: ScreenInteractor?
    var formatter: TextFormatter?
}

/// Navigates away from the screen; made per screen.
final class ScreenRouter {}

/// The screen's use cases; made per screen.
final class ScreenInteractor {
    var repository: Repository?
    var analytics: Analytics?
}

/// Formats text for display; made per screen. `style` tells a substituted one from the original.
final class TextFormatter {
    let style: Int
    init(style: Int = 0) { self.style = style }
}

/// Fetches and caches the screen's data; made per screen.
final class Repository {
    var apiClient: APIClient?
    var cache: ResponseCache?
}

/// Records events; one per container.
final class Analytics {}

/// Talks to the server; one per container.
final class APIClient {
    var session: NetworkSession?
    var config: AppConfig?
}

/// Keeps responses; one per container.
final class ResponseCache {}

/// The transport under the API client; one per container.
final class NetworkSession {}

/// Settings read at start; one per container.
final class AppConfig {}
