// The stub types that the examples of README.md and the DocC articles use without declaring them.
// `.ci/doc-examples` compiles this file as the module DocPrelude and every example as a program
// that imports it; an example's own declarations shadow these.
import Foundation
import Wiring

/// A client of a web API.
public protocol APIClient: AnyObject {
    /// Where the API lives.
    var baseURL: URL? { get set }
}

/// The real client.
public final class HTTPClient: APIClient {
    /// Where the API lives.
    public var baseURL: URL?

    /// Makes a client with no base URL yet.
    public init() {}
}

/// A client that tests use instead of the real one.
public final class FakeClient: APIClient {
    /// Where the API lives.
    public var baseURL: URL?

    /// Makes a fake client.
    public init() {}
}

/// A client that remembers what was asked of it.
public final class RecordingClient: APIClient {
    /// Where the API lives.
    public var baseURL: URL?

    /// Makes a recording client.
    public init() {}
}

/// The app's store of comics.
public final class Store {
    /// The client it loads with.
    public var client: APIClient?
    /// Guards `pages`: the examples load pages from several tasks at once.
    private let lock = NSLock()
    private var pages: [Int] = []

    /// The pages loaded so far.
    public var loaded: [Int] { lock.withLock { pages } }

    /// Makes a store with no client yet.
    public init() {}

    /// Loads one page; safe to call from any thread.
    public func load(_ page: Int) {
        lock.withLock { pages.append(page) }
    }
}

/// One numbered item.
public final class Item {
    /// The item's number.
    public let number: Int

    /// Makes item `number`.
    public init(_ number: Int) {
        self.number = number
    }
}

/// A screen that something else makes and the assembly injects into.
public final class FeedController {
    /// The client it reads with.
    public var client: APIClient?

    /// Makes a feed controller.
    public init() {}
}

/// The pages an example loads.
public let pages = [1, 2, 3]

/// Services the examples share.
public final class ServiceAssembly: Assembly {
    /// Where the API lives.
    public var baseURL: URL { define(init: URL(string: "https://xkcd.com")!) }
    /// The API client.
    public var apiClient: APIClient {
        define(init: HTTPClient()) { $0.baseURL = self.baseURL }
    }
    /// The store, one per context.
    public var store: Store {
        define(scope: .lazySingleton, init: Store()) { $0.client = self.apiClient }
    }
}

/// Test doubles that substitutes read.
public final class MockAssembly: Assembly {
    /// A client that records what was asked of it.
    public var recordingClient: APIClient { define(init: RecordingClient()) }
}

/// A feature under an A/B experiment.
public protocol Feature: AnyObject {
    /// The feature's name.
    var name: String { get }
}

/// The feature as it is.
public final class FeatureV1: Feature {
    /// The feature's name.
    public let name = "v1"

    /// Makes the feature.
    public init() {}
}

/// The feature as the experiment has it.
public final class FeatureV2: Feature {
    /// The feature's name.
    public let name = "v2"

    /// Makes the feature.
    public init() {}
}

/// A feature that wraps another and counts how often it is used.
public final class Spy: Feature {
    /// The feature it wraps.
    public let wrapped: Feature
    /// The wrapped feature's name.
    public var name: String { wrapped.name }

    /// Wraps `feature`.
    public init(wrapping feature: Feature) {
        wrapped = feature
    }
}

/// The feature as the app defines it.
public final class FeatureAssembly: Assembly {
    /// The feature.
    public var feature: Feature { define(init: FeatureV1()) }
}

/// The experiment's assembly, which replaces the feature while it is on.
public final class FeatureV2Assembly: Assembly {
    /// The assembly whose feature the experiment replaces.
    public var features: FeatureAssembly { context.assembly() }
    /// The experiment's feature.
    public var feature: Feature { define(init: FeatureV2()) }

    /// Turns the experiment on or off.
    public func activate(_ on: Bool) {
        if on {
            features.addSubstitution(for: \.feature) { (v2: FeatureV2Assembly) in v2.feature }
        } else {
            features.removeSubstitution(for: \.feature)
        }
    }
}

/// The services assembly of the default context.
public var services: ServiceAssembly { ServiceAssembly.instance() }
/// The feature assembly of the default context.
public var features: FeatureAssembly { FeatureAssembly.instance() }

/// What a module's presenter shows things on.
public protocol ModuleViewInput: AnyObject {}

/// A module's view, made by the system.
public final class ModuleView: ModuleViewInput {
    /// The module's presenter.
    public var presenter: ModulePresenter?

    /// Makes a view.
    public init() {}
}

/// A view that tests use instead of the real one.
public final class FakeView: ModuleViewInput {
    /// Makes a fake view.
    public init() {}
}

/// A module's presenter.
public final class ModulePresenter {
    /// The view it shows things on.
    public weak var view: ModuleViewInput?
    /// The interactor it asks.
    public var interactor: ModuleInteractor?

    /// Makes a presenter.
    public init() {}
}

/// A module's interactor.
public final class ModuleInteractor {
    /// The presenter it reports to.
    public weak var presenter: ModulePresenter?

    /// Makes an interactor.
    public init() {}
}

/// A VIPER module around a view that the system makes.
public final class ModuleAssembly: Assembly {
    /// Injects the module into `view`, which placeholders then find under the key `view`.
    public func inject(into view: ModuleView) {
        defineInjection(key: "view", into: view) { $0.presenter = self.presenter }
    }
    /// The view injected in the current graph.
    public var view: ModuleViewInput { definePlaceholder() }
    /// The module's presenter.
    public var presenter: ModulePresenter {
        define(init: ModulePresenter()) {
            $0.view = self.view
            $0.interactor = self.interactor
        }
    }
    /// The module's interactor.
    public var interactor: ModuleInteractor {
        define(init: ModuleInteractor()) { $0.presenter = self.presenter }
    }
}

/// The comic reader's presenter.
public final class ReaderPresenter {
    /// The store it shows comics from.
    public var store: Store?

    /// Makes a presenter.
    public init() {}
}

/// The comic reader's module.
public final class ReaderAssembly: Assembly {
    /// The services it uses.
    public var services: ServiceAssembly { context.assembly() }
    /// The reader's presenter.
    public var presenter: ReaderPresenter {
        define(init: ReaderPresenter()) { $0.store = self.services.store }
    }
}

/// Settings, a struct.
public struct Settings {
    /// Seconds to wait for the network.
    public var timeout = 60

    /// Makes the default settings.
    public init() {}
}

/// One object of the `a → b → c → a` cycle.
public final class A {
    /// The next object.
    public var b: B?

    /// Makes an `A`.
    public init() {}
}

/// One object of the `a → b → c → a` cycle.
public final class B {
    /// The next object.
    public var c: C?

    /// Makes a `B`.
    public init() {}
}

/// One object of the `a → b → c → a` cycle.
public final class C {
    /// The first object, weakly, so that the cycle ends.
    public weak var a: A?

    /// Makes a `C`.
    public init() {}
}
