import Swinject

/// Each scenario's objects registered with Swinject, in its documented style: factories that set
/// properties, `.container` scope for the singletons, the default `.graph` scope for the rest,
/// `initCompleted` to close the cycle, and named registrations for the wide and deep graphs.
enum SwinjectContainers {
    /// The graph11 objects; `formatter`, if given, re-registers the formatter (Swinject's way to
    /// substitute: a later registration of the same type and name replaces the earlier one).
    /// A configuration in Swinject's `.weak` scope: shared while something else holds it.
    static func session() -> Container {
        let container = Container()
        container.register(AppConfig.self) { _ in AppConfig() }.inObjectScope(.weak)
        return container
    }

    static func screen(formatter: (@Sendable () -> TextFormatter)? = nil) -> Container {
        let container = Container()
        container.register(NetworkSession.self) { _ in NetworkSession() }.inObjectScope(.container)
        container.register(AppConfig.self) { _ in AppConfig() }.inObjectScope(.container)
        container.register(APIClient.self) { resolver in
            let client = APIClient()
            client.session = resolver.resolve(NetworkSession.self)
            client.config = resolver.resolve(AppConfig.self)
            return client
        }.inObjectScope(.container)
        container.register(ResponseCache.self) { _ in ResponseCache() }.inObjectScope(.container)
        container.register(Analytics.self) { _ in Analytics() }.inObjectScope(.container)
        container.register(Repository.self) { resolver in
            let repository = Repository()
            repository.apiClient = resolver.resolve(APIClient.self)
            repository.cache = resolver.resolve(ResponseCache.self)
            return repository
        }
        container.register(TextFormatter.self) { _ in TextFormatter() }
        if let formatter {
            container.register(TextFormatter.self) { _ in formatter() }
        }
        container.register(ScreenInteractor.self) { resolver in
            let interactor = ScreenInteractor()
            interactor.repository = resolver.resolve(Repository.self)
            interactor.analytics = resolver.resolve(Analytics.self)
            return interactor
        }
        container.register(ScreenPresenter.self) { resolver in
            let presenter = ScreenPresenter()
            presenter.interactor = resolver.resolve(ScreenInteractor.self)
            presenter.formatter = resolver.resolve(TextFormatter.self)
            return presenter
        }
        container.register(ScreenRouter.self) { _ in ScreenRouter() }
        container.register(Screen.self) { resolver in
            let screen = Screen()
            screen.presenter = resolver.resolve(ScreenPresenter.self)
            screen.router = resolver.resolve(ScreenRouter.self)
            return screen
        }
        return container
    }

    /// A → B → C → A, closed in `initCompleted` within one `.graph` resolution.
    static func cycle() -> Container {
        let container = Container()
        container.register(CycleA.self) { _ in CycleA() }
            .initCompleted { resolver, a in a.b = resolver.resolve(CycleB.self) }
        container.register(CycleB.self) { _ in CycleB() }
            .initCompleted { resolver, b in b.c = resolver.resolve(CycleC.self) }
        container.register(CycleC.self) { _ in CycleC() }
            .initCompleted { resolver, c in c.a = resolver.resolve(CycleA.self) }
        return container
    }

    /// A root with `width` children registered under the names `child-0` … `child-(width - 1)`.
    static func wide(_ width: Int) -> Container {
        let container = Container()
        for index in 0..<width {
            container.register(Leaf.self, name: "child-\(index)") { _ in Leaf(index) }
        }
        container.register(WideRoot.self) { resolver in
            let root = WideRoot()
            root.children = (0..<width).map { resolver.resolve(Leaf.self, name: "child-\($0)")! }
            return root
        }
        return container
    }

    /// A chain of `length` nodes registered as `node-0` … `node-(length - 1)`. Swinject stops any
    /// resolution nested deeper than 200, so `length` must stay below that.
    static func chain(_ length: Int) -> Container {
        let container = Container()
        for index in 0..<length {
            container.register(ChainNode.self, name: "node-\(index)") { resolver in
                let node = ChainNode(index)
                if index + 1 < length {
                    node.next = resolver.resolve(ChainNode.self, name: "node-\(index + 1)")
                }
                return node
            }
        }
        return container
    }

    /// The deepest chain Swinject resolves (its limit on nested resolutions is 200).
    static let longestChain = 199
}
