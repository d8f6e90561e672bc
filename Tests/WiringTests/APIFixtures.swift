import Foundation
import Wiring

// The API every EasyDi 1.6 user writes, plus the article's forms, exactly as the README shows them.

protocol APIClient: AnyObject { var baseURL: URL? { get } }
final class HTTPClient: APIClient {
    var baseURL: URL?
    init(_ made: Counter) { made.add("HTTPClient") }
}
final class FakeClient: APIClient {
    var baseURL: URL? { nil }
    init(_ made: Counter? = nil) { made?.add("FakeClient") }
}
final class Store {
    var client: APIClient?
    init(_ made: Counter) { made.add("Store") }
}
final class Session { init(_ made: Counter) { made.add("Session") } }
final class Item {
    let number: Int
    init(_ number: Int) { self.number = number }
}
/// A value type injected with the `return $0` form.
struct Settings {
    var baseURL: URL?
    var retries = 0
}

final class ServiceAssembly: Assembly {
    let made = Counter()
    var baseURL: URL { define(init: URL(string: "https://xkcd.com")!) }
    var apiClient: APIClient {
        define(init: HTTPClient(made)) { $0.baseURL = self.baseURL }
    }
    var store: Store {
        define(scope: .lazySingleton, init: Store(made)) {
            $0.client = self.apiClient
            return $0
        }
    }
    var session: Session { define(scope: .weakSingleton, init: Session(made)) }
    func item(_ n: Int) -> Item { define(key: "item-\(n)", init: Item(n)) }
    var settings: Settings {
        define(init: Settings()) {
            $0.baseURL = self.baseURL
            $0.retries = 3
            return $0
        }
    }
    var copiedSettings: Settings {
        define(init: Settings()) {
            var copy = $0
            copy.retries = 5
            return copy
        }  // 1.6 style: returned value wins
    }
}

final class FeedController { var client: APIClient? }

final class FeedAssembly: Assembly {
    lazy var services: ServiceAssembly = self.context.assembly()
    func inject(into feed: FeedController) {
        defineInjection(into: feed) {
            $0.client = self.services.apiClient
            return $0
        }
    }
    func inject2(into feed: FeedController) {
        let _: FeedController = define(init: feed) { $0.client = self.services.apiClient }
    }
}

protocol ModuleViewInput: AnyObject {}
final class ModuleView: ModuleViewInput { var presenter: ModulePresenter? }
final class ModulePresenter {
    weak var view: ModuleViewInput?
    var interactor: ModuleInteractor?
}
final class ModuleInteractor { weak var presenter: ModulePresenter? }

final class ModuleAssembly: Assembly {
    func inject(into view: ModuleView) {
        defineInjection(key: "view", into: view) { $0.presenter = self.presenter }
    }
    var view: ModuleViewInput { definePlaceholder() }
    var presenter: ModulePresenter {
        define(init: ModulePresenter()) {
            $0.view = self.view
            $0.interactor = self.interactor
        }
    }
    var interactor: ModuleInteractor {
        define(init: ModuleInteractor()) { $0.presenter = self.presenter }
    }
}
