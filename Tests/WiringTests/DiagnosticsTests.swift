import Foundation
import Testing
import Wiring

// Each unresolvable situation stops the process with one clear message. The tests run the
// offending code in a child process (Swift Testing exit tests) and read what it printed.

/// `a` needs `b` in its init, and `b` needs `a` in its init: the cycle cannot close.
final class InitCycleAssembly: Assembly {
    var a: A {
        define(
            init: {
                _ = self.b
                return A(Counter())
            }())
    }
    var b: B {
        define(
            init: {
                _ = self.a
                return B(Counter())
            }())
    }
}

/// A singleton asked for again while its own init is running (EasyDi made two of them).
final class SingletonCycleAssembly: Assembly {
    var store: Store {
        define(
            scope: .lazySingleton,
            init: {
                _ = self.client
                return Store(Counter())
            }())
    }
    var client: HTTPClient {
        define(
            init: {
                _ = self.store
                return HTTPClient(Counter())
            }())
    }
}

/// Two prototypes that ask for each other in inject never finish.
final class PrototypeLoopAssembly: Assembly {
    var a: A { define(scope: .prototype, init: A(Counter())) { _ in _ = self.b } }
    var b: B { define(scope: .prototype, init: B(Counter())) { _ in _ = self.a } }
}

final class MismatchAssembly: Assembly {
    var feature: Feature { define(init: Item(1)) }
    var client: APIClient { define(init: HTTPClient(Counter())) }
    var weakValue: Settings { define(scope: .weakSingleton, init: Settings()) }
}

/// Conforms on the main actor only, as a module that is MainActor by default makes it conform.
final class MainActorPrice {}

extension MainActorPrice: @MainActor Feature {
    var name: String { "price" }
}

final class PriceAssembly: Assembly {
    var feature: Feature { define(init: MainActorPrice()) }
    var settings: Settings { define(init: Settings()) }
}

/// Runs `body` on a thread of its own, off the main thread, and waits for it.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Foundation.Thread.detachNewThread {
        body()
        done.signal()
    }
    done.wait()
}

/// A substitute that reads its own definition through another one never ends.
final class EndlessAssembly: Assembly {
    var feature: Feature { define(init: FeatureV1()) }
    var relay: Feature { define(scope: .prototype, init: FeatureV1()) { _ in _ = self.feature } }
    func chain(_ n: Int) -> Item {
        define(key: "chain-\(n)", init: Item(n)) { _ in _ = self.chain(n + 1) }
    }
}

final class MissingPlaceholderAssembly: Assembly {
    var view: ModuleViewInput { definePlaceholder() }
}

/// One test at a time: each starts a child process, and many at once starve other suites.
@Suite("Diagnostics", .serialized)
struct DiagnosticsTests {
    /// What the child process wrote to stderr.
    private func message(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("an init cycle names every definition on the path, in order")
    func initCycle() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = InitCycleAssembly.instance(from: DIContext()).a
            })
        #expect(message.contains("cycle"))
        #expect(message.contains("InitCycleAssembly.a → InitCycleAssembly.b → InitCycleAssembly.a"))
    }

    @Test("a singleton asked for during its own init is a cycle, not a second singleton")
    func singletonCycle() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = SingletonCycleAssembly.instance(from: DIContext()).store
            })
        #expect(
            message.contains(
                "SingletonCycleAssembly.store → SingletonCycleAssembly.client → SingletonCycleAssembly.store"
            ))
    }

    /// Prototypes make new objects on every read, so recursion through them may be bounded
    /// (a menu of levels); only the stack guard can tell when it is not.
    @Test("a prototype loop stops at the stack guard, which names the repeating path")
    func prototypeLoop() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = PrototypeLoopAssembly.instance(from: DIContext()).a
            })
        #expect(message.contains("Wiring: definitions nested"))
        // The loop as the read entered it, however deep the stack ran out.
        #expect(
            message.contains(
                "repeating PrototypeLoopAssembly.a → PrototypeLoopAssembly.b → PrototypeLoopAssembly.a;"
            ))
    }

    @Test("a placeholder read with nothing injected names its key")
    func missingPlaceholder() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = MissingPlaceholderAssembly.instance(from: DIContext()).view
            })
        #expect(
            message.contains(
                "placeholder MissingPlaceholderAssembly.view at WiringTests/DiagnosticsTests.swift:"
            ))
        #expect(message.contains("has no object injected under that key"))
    }

    @Test("a definition of the wrong type names key, expected and actual types")
    func definitionMismatch() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let _: Feature = MismatchAssembly.instance(from: DIContext()).feature
            })
        #expect(
            message.contains(
                "MismatchAssembly.feature is declared as Feature but its definition made Item"))
    }

    @Test("a conformance that holds on the main actor only, read off it, is named as the cause")
    func isolatedConformanceOffTheMainThread() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                onAnotherThread { _ = PriceAssembly.instance(from: DIContext()).feature }
            })
        #expect(
            message.contains(
                "PriceAssembly.feature is declared as Feature but its definition made "
                    + "MainActorPrice; if MainActorPrice conforms to Feature in a module that is "
                    + "MainActor by default, that conformance holds only on the main actor, and "
                    + "this read is off it: declare it in a `nonisolated extension MainActorPrice: "
                    + "Feature`, or read on the main actor"))
    }

    @Test("off the main thread, a struct declared and another made gets no conformance hint")
    func structMismatchOffTheMainThread() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                onAnotherThread {
                    let assembly = PriceAssembly.instance(from: DIContext())
                    assembly.addSubstitution(for: "settings") { 42 }
                    _ = assembly.settings
                }
            })
        #expect(message.contains("declared as Settings but its substitution made Int"))
        #expect(!message.contains("conforms"))
    }

    @Test("the same conformance read on the main actor gives the object")
    @MainActor func isolatedConformanceOnTheMainActor() {
        #expect(PriceAssembly.instance(from: DIContext()).feature is MainActorPrice)
    }

    @Test("a substitution of the wrong type names key, expected and actual types")
    func substitutionMismatch() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = MismatchAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: "client") { Item(2) }
                _ = assembly.client
            })
        #expect(
            message.contains(
                "MismatchAssembly.client is declared as APIClient but its substitution made Item"))
    }

    @Test("a weakSingleton of a value type is refused")
    func weakValue() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = MismatchAssembly.instance(from: DIContext()).weakValue
            })
        #expect(
            message.contains(
                "MismatchAssembly.weakValue is a weakSingleton but made Settings, not a class"))
    }

    @Test("a key path that is not a definition is refused")
    func keyPathNotADefinition() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                ServiceAssembly.instance(from: DIContext()).addSubstitution(for: \.made) {
                    Counter()
                }
            })
        #expect(message.contains("is not a definition"))
    }

    @Test("a prototype loop's advice is about prototypes, not inject:")
    func prototypeAdvice() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = PrototypeLoopAssembly.instance(from: DIContext()).a
            })
        #expect(message.contains("make one of them objectGraph"))
        #expect(!message.contains("inject:"))
    }

    @Test("a key path that is not a definition names the file and line of the call")
    func keyPathCallSite() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                ServiceAssembly.instance(from: DIContext()).addSubstitution(for: \.made) {
                    Counter()
                }
            })
        #expect(message.contains("DiagnosticsTests.swift:"))
        #expect(message.contains("is not a definition"))
        #expect(!message.contains("<computed"))
    }

    @Test("an endless chain of definitions stops with a message, not a crash of the stack")
    func endlessChain() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = EndlessAssembly.instance(from: DIContext()).chain(0)
            })
        #expect(message.contains("Wiring: definitions nested"))
        #expect(message.contains("EndlessAssembly.chain-"))
    }

    @Test("a substitute that reaches its own definition through another one stops with a message")
    func endlessSubstitution() async {
        let message = message(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly = EndlessAssembly.instance(from: DIContext())
                assembly.addSubstitution(for: "feature") { (a: EndlessAssembly) in a.relay }
                _ = assembly.feature
            })
        #expect(message.contains("Wiring: cycle that cannot close"))
        #expect(
            message.contains(
                "EndlessAssembly.feature → EndlessAssembly.relay → EndlessAssembly.feature"))
    }
}
