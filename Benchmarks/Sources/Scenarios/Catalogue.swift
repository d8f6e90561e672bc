import Dependencies
import Swinject
import Wiring

/// A substituted formatter, told from the original by its style.
private let stubFormatterStyle = 1

extension Scenario {
    /// Every scenario, in the order the table shows them; wide and deep graphs go up to `largest`.
    public static func all(largest: Int = 10_000) -> [Scenario] {
        let sizes = [10, 100, 1_000, 10_000].filter { $0 <= largest }
        return [graph11(), singleton(), weak(), cycle()] + sizes.map(wide) + sizes.map(deep) + [
            substitution(), threads(),
        ]
    }

    /// graph11: a screen of eleven objects, five of them singletons that already exist.
    static func graph11() -> Scenario {
        Scenario(
            name: "graph11",
            summary: "resolve a screen: 6 new objects wired to 5 existing singletons", nodes: 1,
            concurrent: false,
            contenders: [
                Contender(.hand) {
                    let container = HandScreenContainer()
                    return Prepared { container.makeScreen() }
                },
                Contender(.handUnsync) {
                    let container = Shared(UnsyncScreenContainer())
                    return Prepared { container.value.makeScreen() }
                },
                Contender(.wiring) {
                    let assembly = Shared(ScreenAssembly.instance(from: DIContext()))
                    return Prepared { assembly.value.screen }
                },
                Contender(.swinject) {
                    let container = Shared(SwinjectContainers.screen())
                    return Prepared { container.value.resolve(Screen.self)! }
                },
                Contender(.dependencies) {
                    let dependencies = ScreenDependencies()
                    return Prepared { dependencies.makeScreen() }
                },
            ],
            check: { _, first, second in checkScreens(first, second, formatterStyle: 0) })
    }

    /// singleton: one read of a singleton that already exists.
    static func singleton() -> Scenario {
        Scenario(
            name: "singleton", summary: "read a singleton that already exists", nodes: 1,
            concurrent: false,
            contenders: [
                Contender(.hand) {
                    let container = HandScreenContainer()
                    _ = container.config
                    return Prepared { container.config }
                },
                Contender(.handStatic) {
                    _ = StaticConfig.config
                    return Prepared { StaticConfig.config }
                },
                Contender(.handUnsync) {
                    let holder = Shared(EagerConfigHolder())
                    return Prepared { holder.value.config }
                },
                Contender(.wiring) {
                    let assembly = Shared(ScreenAssembly.instance(from: DIContext()))
                    _ = assembly.value.config
                    return Prepared { assembly.value.config }
                },
                Contender(.swinject) {
                    let container = Shared(SwinjectContainers.screen())
                    _ = container.value.resolve(AppConfig.self)
                    return Prepared { container.value.resolve(AppConfig.self)! }
                },
                Contender(.dependencies) {
                    let dependencies = ScreenDependencies()
                    _ = dependencies.config
                    return Prepared { dependencies.config }
                },
            ],
            check: { _, first, second in
                guard first is AppConfig else { return "made \(type(of: first)), not AppConfig" }
                return first === second ? nil : "two reads gave two different singletons"
            })
    }

    /// weak: one read of a weak singleton that something else holds (swift-dependencies has no
    /// such scope).
    static func weak() -> Scenario {
        Scenario(
            name: "weak", summary: "read a weak singleton that something else holds", nodes: 1,
            concurrent: false,
            contenders: [
                Contender(.hand) {
                    let holder = LockedWeak<AppConfig>()
                    let held = Shared(holder.get { AppConfig() })
                    return Prepared { withExtendedLifetime(held) { holder.get { AppConfig() } } }
                },
                Contender(.wiring) {
                    let assembly = Shared(SessionAssembly.instance(from: DIContext()))
                    let held = Shared(assembly.value.current)
                    return Prepared { withExtendedLifetime(held) { assembly.value.current } }
                },
                Contender(.swinject) {
                    let container = Shared(SwinjectContainers.session())
                    let held = Shared(container.value.resolve(AppConfig.self)!)
                    return Prepared {
                        withExtendedLifetime(held) { container.value.resolve(AppConfig.self)! }
                    }
                },
            ],
            check: { _, first, second in
                guard first is AppConfig else { return "made \(type(of: first)), not AppConfig" }
                return first === second ? nil : "two reads gave two different objects"
            })
    }

    /// cycle: A → B → C → A closed within one resolution.
    static func cycle() -> Scenario {
        Scenario(
            name: "cycle", summary: "resolve A of the A → B → C → A property cycle", nodes: 1,
            concurrent: false,
            contenders: cycleContenders(synchronizedSwinject: false) + [
                Contender(.dependencies) {
                    let dependencies = CycleDependencies()
                    return Prepared({ dependencies.makeCycleA() }, finish: openCycle)
                }
            ],
            check: { _, first, second in checkCycles(first, second) })
    }

    /// wide-N: a root with `width` children, each its own definition.
    static func wide(_ width: Int) -> Scenario {
        Scenario(
            name: "wide-\(width)",
            summary: "resolve a root with \(width) children, each its own definition", nodes: width,
            concurrent: false,
            contenders: [
                Contender(.hand) { Prepared { HandShapes.wide(width) } },
                Contender(.wiring) {
                    let assembly = Shared(WideAssembly.instance(from: DIContext()))
                    return Prepared { assembly.value.root(width: width) }
                },
                Contender(.swinject) {
                    let container = Shared(SwinjectContainers.wide(width))
                    return Prepared { container.value.resolve(WideRoot.self)! }
                },
            ],
            check: { _, first, second in checkWide(first, second, width: width) })
    }

    /// deep-N: a chain of `length` nodes, node i holding node i + 1.
    static func deep(_ length: Int) -> Scenario {
        var contenders = [
            Contender(.hand) { Prepared { HandShapes.chain(length) } },
            Contender(.wiring) {
                let assembly = Shared(ChainAssembly.instance(from: DIContext()))
                return Prepared { assembly.value.chain(length: length) }
            },
        ]
        if length <= SwinjectContainers.longestChain {
            contenders.append(
                Contender(.swinject) {
                    let container = Shared(SwinjectContainers.chain(length))
                    return Prepared { container.value.resolve(ChainNode.self, name: "node-0")! }
                })
        }
        return Scenario(
            name: "deep-\(length)",
            summary: "resolve a chain of \(length) nodes, each its own definition", nodes: length,
            concurrent: false, contenders: contenders,
            check: { _, first, second in checkChain(first, second, length: length) })
    }

    /// substitution: graph11 with the formatter replaced, against Wiring with nothing replaced.
    static func substitution() -> Scenario {
        let stub: @Sendable () -> TextFormatter = { TextFormatter(style: stubFormatterStyle) }
        return Scenario(
            name: "substitution", summary: "graph11 with the formatter substituted", nodes: 1,
            concurrent: false,
            contenders: [
                Contender(.hand) {
                    let container = HandScreenContainer(formatterOverride: stub)
                    return Prepared { container.makeScreen() }
                },
                Contender(.wiring) {
                    let assembly = ScreenAssembly.instance(from: DIContext())
                    assembly.addSubstitution(for: \.formatter, with: stub)
                    let shared = Shared(assembly)
                    return Prepared { shared.value.screen }
                },
                Contender(.swinject) {
                    let container = Shared(SwinjectContainers.screen(formatter: stub))
                    return Prepared { container.value.resolve(Screen.self)! }
                },
                Contender(.wiringPlain) {
                    let assembly = Shared(ScreenAssembly.instance(from: DIContext()))
                    return Prepared { assembly.value.screen }
                },
            ],
            check: { kind, first, second in
                checkScreens(
                    first, second, formatterStyle: kind == .wiringPlain ? 0 : stubFormatterStyle)
            })
    }

    /// threads: the cycle graph, later also resolved from two threads at once on the same state;
    /// against Wiring with a context of each thread's own, which shows what sharing one costs.
    static func threads() -> Scenario {
        let perThreadContext = Contender(.wiringPlain) {
            Prepared(
                eachRun: {
                    let assembly = CycleAssembly.instance(from: DIContext())
                    return { assembly.a }
                }, finish: openCycle)
        }
        return Scenario(
            name: "threads",
            summary: "the cycle resolved from 1 and from 2 threads on one container", nodes: 1,
            concurrent: true,
            contenders: cycleContenders(synchronizedSwinject: true) + [perThreadContext],
            check: { _, first, second in checkCycles(first, second) })
    }

    /// Breaks a resolved cycle so it can be freed.
    private static let openCycle: @Sendable (CycleA) -> Void = { $0.b?.c?.a = nil }

    /// The cycle built three ways; `synchronizedSwinject` makes Swinject's resolver safe for threads.
    private static func cycleContenders(synchronizedSwinject: Bool) -> [Contender] {
        let open = openCycle
        return [
            Contender(.hand) { Prepared(HandShapes.cycle, finish: open) },
            Contender(.wiring) {
                let assembly = Shared(CycleAssembly.instance(from: DIContext()))
                return Prepared({ assembly.value.a }, finish: open)
            },
            Contender(.swinject) {
                let container = SwinjectContainers.cycle()
                let resolver = Shared<Resolver>(
                    synchronizedSwinject ? container.synchronize() : container)
                return Prepared({ resolver.value.resolve(CycleA.self)! }, finish: open)
            },
        ]
    }
}
