// An app module's own file, compiled with a copy of Sources/Wiring/Assembly.swift by
// `.ci/vendoring` (MainActor default isolation, Swift 5 and 6 modes): the app declares names the
// library must not take, and uses the library from nonisolated and MainActor code, as the
// README and ThreadSafety.md show.
import Foundation

/// The app's own types whose names a copied library must leave free.
enum Scope {
    case app
}
struct TraceEvent {}
final class Context {}
// Names the library uses inside its own types, or takes from Foundation and the standard library:
// a messaging app has its own `Thread`.
final class Thread {}
struct Mirror {}
struct Key {}
struct Slot {}
struct Site {}
final class Call {}
struct Read {}
final class Resolution {}
final class Substitution {}
enum Default {}

/// A view model, MainActor-isolated as an app's are.
@MainActor
final class ViewModel {
    var title = "comics"
}

/// A service any thread may use.
final class Service: Sendable {}

final class AppAssembly: Assembly {
    var service: Service { define(scope: .lazySingleton, init: Service()) }
    @MainActor var viewModel: ViewModel {
        define(init: ViewModel()) { $0.title = "xkcd" }
    }
}

/// Reads the library from code off the main actor: the library must be nonisolated.
nonisolated func readInBackground(_ context: DIContext) -> Service {
    AppAssembly.instance(from: context).service
}

@MainActor
func readOnMain(_ context: DIContext) -> String {
    let scope: Scope = .app
    _ = scope
    return AppAssembly.instance(from: context).viewModel.title
}

/// Classes as a module that is MainActor by default makes them (the annotation spells out here
/// what that default gives, so the file means the same in a nonisolated module).
@MainActor
final class HTTPClient {
    var baseURL = "https://xkcd.com"
}

@MainActor
final class Store {
    var client: HTTPClient?
}

/// An assembly of main-actor objects: its definitions sit in a `@MainActor` extension.
final class ServiceAssembly: Assembly {}

@MainActor
extension ServiceAssembly {
    var client: HTTPClient { define(init: HTTPClient()) }
    var store: Store { define(scope: .lazySingleton, init: Store()) { $0.client = self.client } }
}

/// A test on the main actor substitutes a main-actor object: the substitute, which may run on
/// any thread, says where it expects to run.
@MainActor
func substituteOnMain(_ context: DIContext) -> Bool {
    let services = ServiceAssembly.instance(from: context)
    services.addSubstitution(for: \.client) {
        MainActor.assumeIsolated { HTTPClient() }
    }
    return services.store.client != nil
}

/// Services any thread uses, with the protocol they are handed out as, declared as
/// GettingStarted.md says for a module that is MainActor by default.
nonisolated protocol Endpoint: AnyObject {
    var baseURL: URL? { get set }
}

nonisolated final class HTTPEndpoint: Endpoint {
    var baseURL: URL?
}

final class EndpointAssembly: Assembly {
    var baseURL: URL { define(init: URL(string: "https://xkcd.com")!) }
    var endpoint: any Endpoint { define(init: HTTPEndpoint()) { $0.baseURL = self.baseURL } }
}

nonisolated func endpointInBackground(_ context: DIContext) -> URL? {
    EndpointAssembly.instance(from: context).endpoint.baseURL
}

// Helpers apps write themselves: in the app's module they take over calls of the same name to
// Foundation and the standard library, and with MainActor default isolation they are MainActor.
// The library calls none of them.
extension NSLocking {
    /// An app's own `withLock`, written before Foundation had one.
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A `fatalError` that tests can intercept.
func fatalError(
    _ message: @autoclosure () -> String = String(),
    file: StaticString = #file,
    line: UInt = #line
) -> Never {
    Swift.fatalError(message(), file: file, line: line)
}

/// A `sleep` that tests can speed up.
@discardableResult
func sleep(_ seconds: UInt32) -> UInt32 {
    0
}

/// An app's `min` and `swap`.
func min<T: Comparable>(_ first: T, _ second: T) -> T {
    first < second ? first : second
}

func swap<T>(_ first: inout T, _ second: inout T) {
    (first, second) = (second, first)
}
