/// Takes an operation's result so the optimiser cannot prove the object unused and drop its
/// construction. Not inlined and not optimised, so callers must really produce the object.
@inline(never) @_optimize(none)
public func sink(_ object: AnyObject) {}
