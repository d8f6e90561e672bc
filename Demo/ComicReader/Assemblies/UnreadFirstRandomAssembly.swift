import Wiring

/// Variant `random=unread-first`: random picks prefer comics the reader has not seen.
final class UnreadFirstRandomAssembly: Assembly, ExperimentSwitch {
    private var model: ModelAssembly { context.assembly() }

    /// The picker of this variant.
    var unreadFirstPicker: any RandomComicPicker { define(init: UnreadFirstRandomPicker()) }

    func activate(_ on: Bool) {
        guard on else { return model.removeSubstitution(for: \.randomPicker) }
        model.addSubstitution(for: \.randomPicker) { (variant: UnreadFirstRandomAssembly) in
            variant.unreadFirstPicker
        }
    }
}
