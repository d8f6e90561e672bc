// What each scenario's result must look like, whoever built it: the checks keep the contenders
// honest (same objects, same sharing) before anything is timed.

/// Two screens: every property set, per-screen objects distinct, singletons shared.
func checkScreens(_ first: AnyObject, _ second: AnyObject, formatterStyle: Int) -> String? {
    guard let one = screenParts(first), let two = screenParts(second) else {
        return "the screen graph has an unset property"
    }
    if zip(one.perScreen, two.perScreen).contains(where: { $0 === $1 }) {
        return "two screens share a per-screen object"
    }
    if zip(one.shared, two.shared).contains(where: { $0 !== $1 }) {
        return "a singleton was made twice"
    }
    if let style = (one.perScreen[4] as? TextFormatter)?.style, style != formatterStyle {
        return "the formatter has style \(style), expected \(formatterStyle)"
    }
    return nil
}

/// The screen's per-screen objects (screen, presenter, router, interactor, formatter, repository)
/// and its singletons, or nil if any property is unset.
private func screenParts(_ object: AnyObject) -> (perScreen: [AnyObject], shared: [AnyObject])? {
    guard let screen = object as? Screen, let presenter = screen.presenter,
        let router = screen.router,
        let interactor = presenter.interactor, let formatter = presenter.formatter,
        let repository = interactor.repository, let analytics = interactor.analytics,
        let client = repository.apiClient, let cache = repository.cache,
        let session = client.session, let config = client.config
    else { return nil }
    return (
        [screen, presenter, router, interactor, formatter, repository],
        [analytics, client, cache, session, config]
    )
}

/// Two closed cycles (C points back to the A it was resolved for) with nothing shared.
func checkCycles(_ first: AnyObject, _ second: AnyObject) -> String? {
    guard let one = first as? CycleA, let two = second as? CycleA else {
        return "made \(type(of: first)), not CycleA"
    }
    for a in [one, two] where a.b?.c?.a !== a { return "the cycle does not close on the same A" }
    if one.b === two.b || one.b?.c === two.b?.c { return "two resolutions share a B or a C" }
    return nil
}

/// Two roots with `width` children each, numbered in order, none shared.
func checkWide(_ first: AnyObject, _ second: AnyObject, width: Int) -> String? {
    guard let one = first as? WideRoot, let two = second as? WideRoot else {
        return "made \(type(of: first)), not WideRoot"
    }
    for root in [one, two] where root.children.map(\.index) != Array(0..<width) {
        return "the children are not child-0 … child-\(width - 1) in order"
    }
    if zip(one.children, two.children).contains(where: { $0 === $1 }) {
        return "two roots share a child"
    }
    return nil
}

/// Two chains of `length` nodes, numbered in order, none shared.
func checkChain(_ first: AnyObject, _ second: AnyObject, length: Int) -> String? {
    guard let one = first as? ChainNode, let two = second as? ChainNode else {
        return "made \(type(of: first)), not ChainNode"
    }
    var (left, right): (ChainNode?, ChainNode?) = (one, two)
    for index in 0..<length {
        guard let l = left, let r = right else {
            return "a chain ends after \(index) nodes, expected \(length)"
        }
        if l.index != index || r.index != index {
            return "node \(index) of a chain is numbered \(l.index) and \(r.index)"
        }
        if l === r { return "two chains share node \(index)" }
        (left, right) = (l.next, r.next)
    }
    return left == nil && right == nil ? nil : "a chain is longer than \(length) nodes"
}
