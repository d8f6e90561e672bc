import Foundation
import Testing
import Wiring

@Suite("The documented API")
struct APITests {
    @Test("article form: inject without return, Object differs from the declared protocol")
    func articleForm() {
        let services = ServiceAssembly.instance(from: DIContext())
        let client = services.apiClient
        #expect(client is HTTPClient)
        #expect(client.baseURL?.absoluteString == "https://xkcd.com")
    }

    @Test("EasyDi 1.6 form: inject returning $0")
    func returnForm() {
        let services = ServiceAssembly.instance(from: DIContext())
        #expect(services.store.client is HTTPClient)
    }

    @Test("structs are injectable, and a returned copy is the result")
    func structs() {
        let services = ServiceAssembly.instance(from: DIContext())
        #expect(services.settings.retries == 3)
        #expect(services.settings.baseURL?.host == "xkcd.com")
        #expect(services.copiedSettings.retries == 5)
    }

    @Test("runtime keys make parameterised definitions distinct within one graph")
    func runtimeKeys() {
        let services = ServiceAssembly.instance(from: DIContext())
        #expect(services.item(1).number == 1)
        #expect(services.item(2).number == 2)
        // objectGraph: separate reads, separate graphs.
        #expect(services.item(1) !== services.item(1))
    }

    @Test("defineInjection into an existing object, in both forms")
    func injection() {
        let feeds = FeedAssembly.instance(from: DIContext())
        let feed = FeedController()
        let other = FeedController()
        feeds.inject(into: feed)
        feeds.inject2(into: other)
        #expect(feed.client is HTTPClient)
        #expect(other.client is HTTPClient)
    }

    @Test("context.assembly() gives one assembly per type per context, sharing singletons")
    func assembliesShareContext() {
        let context = DIContext()
        let feeds = FeedAssembly.instance(from: context)
        let services: ServiceAssembly = context.assembly()
        #expect(feeds.services === services)
        #expect(ServiceAssembly.instance(from: context) === services)
        #expect(FeedAssembly.instance(from: context).services.store === services.store)
        #expect(ServiceAssembly.instance(from: DIContext()) !== services)
    }

    @Test("the default context is shared")
    func defaultContext() {
        #expect(ServiceAssembly.instance() === ServiceAssembly.instance(from: .defaultInstance))
        #expect(ServiceAssembly.instance().context === DIContext.defaultInstance)
    }
}

/// A view handed over as a protocol existential, and a cycle through protocol-typed definitions.
protocol Pinger: AnyObject { var other: Ponger? { get set } }
protocol Ponger: AnyObject { var other: Pinger? { get set } }
final class Ping: Pinger { var other: Ponger? }
final class Pong: Ponger { weak var other: Pinger? }

final class ExistentialAssembly: Assembly {
    /// Hands the view over as the protocol, as a view controller often is.
    func inject(into view: ModuleView) {
        defineInjection(key: "view", into: view as ModuleViewInput) { _ in
            view.presenter = self.presenter
        }
    }
    var view: ModuleViewInput { definePlaceholder() }
    var presenter: ModulePresenter { define(init: ModulePresenter()) { $0.view = self.view } }
    var ping: Pinger { define(init: Ping() as Pinger) { $0.other = self.pong } }
    var pong: Ponger { define(init: Pong() as Ponger) { $0.other = self.ping } }
}

@Suite("Existentials")
struct ExistentialTests {
    @Test("an object injected as a protocol existential reaches the placeholder")
    func existentialView() {
        let view = ModuleView()
        ExistentialAssembly.instance(from: DIContext()).inject(into: view)
        #expect(view.presenter?.view === view)
    }

    @Test("a property cycle through protocol-typed definitions closes")
    func existentialCycle() {
        let ping = ExistentialAssembly.instance(from: DIContext()).ping
        #expect(ping.other?.other === ping)
    }
}

/// EasyDi's `defineInjection(key:into:)` without a closure: the object only becomes reachable.
final class RegisteringAssembly: Assembly {
    var made: ModuleView?
    var view: ModuleViewInput { definePlaceholder() }
    var presenter: ModulePresenter {
        define(init: ModulePresenter()) {
            self.defineInjection(key: "view", into: self.made!)
            $0.view = self.view
        }
    }
}

@Suite("Injection without a closure")
struct PlainInjectionTests {
    @Test("defineInjection(key:into:) with no closure makes the object a placeholder's answer")
    func plainInjection() {
        let assembly = RegisteringAssembly.instance(from: DIContext())
        let view = ModuleView()
        assembly.made = view
        #expect(assembly.presenter.view === view)
    }
}
