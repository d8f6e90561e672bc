import Foundation
import Testing
import Wiring

// A singleton read inside another read and already made is found where its context keeps it,
// before the read's graph, as EasyDi looks in its singletons before its object graph: whether the
// read finds it without a `Call` (no trace hook, no substitutions) or through `supply`. So it is
// not in the graph, where another call of the read may hold its slot (a placeholder, an injection
// of the same key, the same define call with another scope) or a placeholder may look for it.

// MARK: - Fixtures

/// A named object, to tell which definition gave it.
final class Attack11View {
    let name: String

    init(_ name: String) {
        self.name = name
    }
}

/// What a root definition read, in order.
final class Attack11Screen {
    var first: Attack11View?
    var second: Attack11View?
    var third: Attack11View?
}

/// EasyDi's VIPER form with a view injected as a lazy singleton under the key that a define and
/// a placeholder also use.
final class Attack11InjectedAssembly: Assembly {
    var made: Attack11View { define(key: "view", init: Attack11View("made")) }

    func inject(_ view: Attack11View) -> Attack11View {
        defineInjection(key: "view", scope: .lazySingleton, into: view)
    }

    func injectPerGraph(_ view: Attack11View) -> Attack11View {
        defineInjection(key: "view", into: view)
    }

    var placeholder: Attack11View { definePlaceholder(key: "view") }

    /// Made, placeholder, then the injection.
    var placeholderFirst: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.made
            $0.second = self.placeholder
            $0.third = self.inject(Attack11View("again"))
        }
    }

    /// The injection, made, then the placeholder.
    var injectionFirst: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.third = self.inject(Attack11View("again"))
            $0.first = self.made
            $0.second = self.placeholder
        }
    }

    /// An injection for this graph, then the singleton one under the same key.
    var perGraphFirst: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.injectPerGraph(Attack11View("graph"))
            $0.second = self.inject(Attack11View("again"))
        }
    }
}

/// EasyDi's `define(key: "view", scope: .lazySingleton, init: view)` next to a define of the same
/// key for the graph, read by a placeholder.
final class Attack11EasyDiAssembly: Assembly {
    var singleton: Attack11View {
        define(key: "view", scope: .lazySingleton, init: Attack11View("singleton"))
    }
    var perGraph: Attack11View { define(key: "view", init: Attack11View("graph")) }
    var placeholder: Attack11View { definePlaceholder(key: "view") }

    var screen: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.singleton
            $0.second = self.perGraph
            $0.third = self.placeholder
        }
    }
}

/// An injection for the graph, then a lazy singleton's define of the same key.
final class Attack11InjectThenSingleton: Assembly {
    func inject(_ view: Attack11View) -> Attack11View {
        defineInjection(key: "view", into: view)
    }

    var singleton: Attack11View {
        define(key: "view", scope: .lazySingleton, init: Attack11View("singleton"))
    }

    var screen: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.inject(Attack11View("injected"))
            $0.second = self.singleton
        }
    }
}

/// A weak singleton read twice in one read, with `between` run between the two reads.
final class Attack11WeakAssembly: Assembly {
    let made = EdgeCounter()
    var between: (() -> Void)?

    var session: Attack11View {
        define(scope: .weakSingleton, init: Attack11View("session")) { _ in self.made.increment() }
    }

    var twice: [Int] {
        define(init: [Int]()) {
            _ = self.session
            $0.append(self.made.value)
            self.between?()
            _ = self.session
            $0.append(self.made.value)
        }
    }
}

/// One define call whose scope its caller chooses.
final class Attack11ScopedAssembly: Assembly {
    func thing(_ scope: Scope) -> Attack11View {
        define(key: "thing", scope: scope, init: Attack11View("\(scope)"))
    }

    var screen: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.thing(.objectGraph)
            $0.second = self.thing(.lazySingleton)
        }
    }
}

/// A lazy singleton read inside a read, with substitutions added while the read runs.
final class Attack11Services: Assembly {
    var service: Attack11View { define(scope: .lazySingleton, init: Attack11View("service")) }
    var other: Attack11View { define(scope: .lazySingleton, init: Attack11View("other")) }
}

final class Attack11Feature: Assembly {
    var services: Attack11Services { context.assembly() }

    var screen: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.services.service
            self.services.addSubstitution(for: "service") { Attack11View("fake") }
            self.services.addSubstitution(for: \.other) { Attack11View("fake other") }
            $0.second = self.services.service
            $0.third = self.services.other
        }
    }
}

/// An override of a lazy singleton that reads `super`'s, and a placeholder of its key.
class Attack11Base: Assembly {
    var shared: Attack11View { define(scope: .lazySingleton, init: Attack11View("base")) }
}

final class Attack11Override: Attack11Base {
    override var shared: Attack11View {
        define(scope: .lazySingleton, init: Attack11View("over " + super.shared.name))
    }
    var placeholder: Attack11View { definePlaceholder(key: "shared") }

    var screen: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.shared
            $0.second = self.placeholder
        }
    }
}

/// Reads a lazy singleton of the context of `services`, which the test gives it.
final class Attack11Reader: Assembly {
    var services: Attack11Services?

    var screen: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.services?.service
        }
    }
}

/// A lazy singleton injection and a define of its key, for a read that meets the injection while
/// another thread is still giving its object.
final class Attack11SlowAssembly: Assembly {
    func inject(_ view: @autoclosure () -> Attack11View) -> Attack11View {
        defineInjection(key: "view", scope: .lazySingleton, into: view())
    }

    var made: Attack11View { define(key: "view", init: Attack11View("made")) }

    var screen: Attack11Screen {
        define(init: Attack11Screen()) {
            $0.first = self.inject(Attack11View("again"))
            $0.second = self.made
        }
    }
}

/// `view`, once `started` is signalled and half a second has passed.
func attack11Slowly(_ view: Attack11View, _ started: DispatchSemaphore) -> Attack11View {
    started.signal()
    Thread.sleep(forTimeInterval: 0.5)
    return view
}

// MARK: - Tests

@Suite("A lazy singleton found inside a read")
struct NestedFastPathTests {
    @Test("an injected singleton read after a placeholder of its key is the kept one")
    func injectionAfterPlaceholderIsTheKeptOne() {
        let assembly: Attack11InjectedAssembly = DIContext().assembly()
        let kept = assembly.inject(Attack11View("kept"))
        let screen = assembly.placeholderFirst
        #expect(screen.first?.name == "made")
        #expect(screen.second === screen.first)
        #expect(screen.third === kept)
    }

    @Test("a placeholder finds a define of its key, not the kept injected singleton")
    func placeholderFindsTheDefineNotTheKeptInjection() {
        let assembly: Attack11InjectedAssembly = DIContext().assembly()
        let kept = assembly.inject(Attack11View("kept"))
        let screen = assembly.injectionFirst
        #expect(screen.third === kept)
        #expect(screen.first?.name == "made")
        #expect(screen.second === screen.first)
    }

    @Test("an injected singleton read after an injection of its key for the graph is the kept one")
    func singletonInjectionAfterPerGraphInjection() {
        let assembly: Attack11InjectedAssembly = DIContext().assembly()
        let kept = assembly.inject(Attack11View("kept"))
        let screen = assembly.perGraphFirst
        #expect(screen.first?.name == "graph")
        #expect(screen.second === kept)
    }

    @Test("EasyDi's singleton view, kept before the read: a placeholder finds the graph's define")
    func easyDiSingletonViewBeforeDefineOfItsKey() {
        let assembly: Attack11EasyDiAssembly = DIContext().assembly()
        let kept = assembly.singleton
        for _ in 0..<3 {
            let screen = assembly.screen
            #expect(screen.first === kept)
            #expect(screen.second?.name == "graph")
            #expect(screen.third === screen.second)
        }
    }

    /// Both define calls of the key made their objects in this read, so the graph holds both;
    /// the placeholder gets the first one read (Placeholders.md), whatever the hash seed.
    @Test("EasyDi's singleton view made in the read: a placeholder of its key finds the first")
    func easyDiSingletonViewMadeInTheRead() {
        let assembly: Attack11EasyDiAssembly = DIContext().assembly()
        let screen = assembly.screen
        #expect(screen.first?.name == "singleton")
        #expect(screen.third === screen.first)
        #expect(assembly.singleton === screen.first)
    }

    @Test("one define call read for the graph, then as a kept singleton, gives the kept one")
    func sameDefineCallWithTwoScopes() {
        let assembly: Attack11ScopedAssembly = DIContext().assembly()
        let kept = assembly.thing(.lazySingleton)
        let screen = assembly.screen
        #expect(screen.first?.name == "objectGraph")
        #expect(screen.second === kept)
    }

    @Test("one define call read for the graph, then as a singleton not yet made, gives the graph's")
    func sameDefineCallWithTwoScopesInOneRead() {
        let assembly: Attack11ScopedAssembly = DIContext().assembly()
        let screen = assembly.screen
        #expect(screen.first?.name == "objectGraph")
        #expect(screen.second === screen.first)
        #expect(assembly.thing(.lazySingleton).name == "lazySingleton")
    }

    @Test("a singleton's define after an injection of its key makes and keeps its own")
    func singletonDefineAfterAnInjection() {
        let assembly: Attack11InjectThenSingleton = DIContext().assembly()
        let screen = assembly.screen
        #expect(screen.first?.name == "injected")
        #expect(screen.second?.name == "singleton")
        #expect(assembly.singleton === screen.second)
    }

    @Test("a kept singleton of another context, first met inside a read, gets its substitute")
    func keptSingletonOfAnotherContextGetsItsSubstitute() {
        let services: Attack11Services = DIContext().assembly()
        #expect(services.service.name == "service")
        services.addSubstitution(for: "service") { Attack11View("fake") }
        let reader: Attack11Reader = DIContext().assembly()
        reader.services = services
        #expect(reader.screen.first?.name == "fake")
    }

    @Test("a singleton another thread was making when the read reached it is not in the graph")
    func singletonMadeMeanwhileIsNotInTheGraph() {
        nonisolated(unsafe) let assembly: Attack11SlowAssembly = DIContext().assembly()
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = assembly.inject(attack11Slowly(Attack11View("first"), started))
            done.signal()
        }
        .start()
        started.wait()
        let screen = assembly.screen
        done.wait()
        #expect(screen.first?.name == "first")
        #expect(screen.second?.name == "made")
    }

    @Test("a weak singleton kept before the read and let go in it is made anew (ScopesAndGraphs)")
    func weakSingletonLetGoInTheRead() {
        let assembly: Attack11WeakAssembly = DIContext().assembly()
        var held: Attack11View? = assembly.session
        #expect(held != nil && assembly.made.value == 1)
        assembly.between = { held = nil }
        #expect(assembly.twice == [1, 2])
        assembly.between = nil
        #expect(assembly.twice == [3, 3])
    }

    @Test("a trace hook does not change what a read finds: a kept singleton, not the graph's")
    func traceHookFindsTheKeptSingletonToo() {
        let traced = DIContext(trace: { _ in })
        for context in [DIContext(), traced] {
            let assembly: Attack11EasyDiAssembly = context.assembly()
            let kept = assembly.singleton
            let screen = assembly.screen
            #expect(screen.first === kept)
            #expect(screen.third === screen.second)
            let scoped: Attack11ScopedAssembly = context.assembly()
            let thing = scoped.thing(.lazySingleton)
            #expect(scoped.screen.second === thing)
        }
    }

    @Test("substitutions added inside a read that found a singleton wait for the next read")
    func substitutionsAddedAfterTheFastPath() {
        let context = DIContext()
        let services: Attack11Services = context.assembly()
        let service = services.service
        let other = services.other
        let feature: Attack11Feature = context.assembly()
        let screen = feature.screen
        #expect(screen.first === service)
        #expect(screen.second === service)
        #expect(screen.third === other)
        #expect(
            context.unusedSubstitutions == ["Attack11Services.other", "Attack11Services.service"])
        #expect(services.service.name == "fake")
        #expect(services.other.name == "fake other")
        #expect(context.unusedSubstitutions.isEmpty)
    }

    @Test(
        "an override's singleton that reads super's, made in the read, is what a placeholder finds")
    func overrideReadingSuperSingleton() {
        let assembly: Attack11Override = DIContext().assembly()
        let screen = assembly.screen
        #expect(screen.first?.name == "over base")
        #expect(screen.second === screen.first)
        #expect(assembly.shared === screen.first)
    }

    @Test("a placeholder of a singleton kept before the read stops with the placeholder's message")
    func placeholderOfAKeptSingleton() async {
        let text = edgeText(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let assembly: Attack11Override = DIContext().assembly()
                _ = assembly.shared
                edgeWrong(assembly.screen.second?.name ?? "none")
            })
        #expect(
            text.contains(
                "Wiring: placeholder Attack11Override.shared at "
                    + "WiringTests/NestedFastPathTests.swift:"),
            "\(text)")
    }
}
