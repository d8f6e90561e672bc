import Wiring

/// Variant `layout=card`: comics are drawn by `CardRenderer` instead of the classic layout.
final class CardLayoutAssembly: Assembly, ExperimentSwitch {
    private var rendering: RenderingAssembly { context.assembly() }

    /// The renderer of this variant.
    var cardRenderer: any ComicRenderer { define(init: CardRenderer()) }

    func activate(_ on: Bool) {
        guard on else { return rendering.removeSubstitution(for: \.renderer) }
        // The substitute takes this assembly as its parameter instead of capturing it, so the
        // context keeps no assembly of its own (README, "Who owns what").
        rendering.addSubstitution(for: \.renderer) { (card: CardLayoutAssembly) in
            card.cardRenderer
        }
    }
}
