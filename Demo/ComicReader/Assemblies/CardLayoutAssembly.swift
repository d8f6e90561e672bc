import Wiring

/// Variant `layout=card`: comics are drawn by `CardRenderer` instead of the classic layout.
final class CardLayoutAssembly: Assembly, ExperimentSwitch {
    private var rendering: RenderingAssembly { context.assembly() }

    /// The renderer of this variant.
    var cardRenderer: any ComicRenderer { define(init: CardRenderer()) }

    func activate(_ on: Bool) {
        guard on else { return rendering.removeSubstitution(for: \.renderer) }
        // The context outlives every resolution that can call this, and holding it weakly
        // keeps the context → substitution → assembly → context loop from forming.
        rendering.addSubstitution(for: \.renderer) { [unowned context] in
            CardLayoutAssembly.instance(from: context).cardRenderer
        }
    }
}
