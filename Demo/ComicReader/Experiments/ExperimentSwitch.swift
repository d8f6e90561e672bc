import Wiring

/// An assembly that turns one experiment variant on or off by adding or removing a
/// substitution on the assembly that normally defines the object (the A/B pattern of Wiring:
/// business code never asks which variant is active, it just receives a different object).
protocol ExperimentSwitch: Assembly {
    /// Substitutes this variant's object when `on`, restores the original definition otherwise.
    func activate(_ on: Bool)
}
