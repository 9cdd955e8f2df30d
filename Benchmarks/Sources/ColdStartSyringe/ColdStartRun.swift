import ColdStartModel
import Syringe

/// One cold start of the generated app on Syringe: a container, every registration, one resolve of each service, and
/// the teardown (`shutdown()`, then the container released). Returns how many services resolved.
@inline(never)
public func runSyringeColdStart() -> Int {
    let container = Container()
    coldRegister(container)
    let found = coldResolve(container)
    coldTeardown(container)
    return found
}

/// The teardown, out of line so that a profile shows it on its own.
@inline(never)
func coldTeardown(_ container: Container) {
    container.shutdown()
}

/// The Syringe-only variant, reported on its own: the same cold start, plus one resolve of each declared key and one
/// `inject(into:)` of each object with `@Injected` properties (`GeneratedExtras.swift`) before the teardown. Returns
/// how many services, keys and objects resolved.
@inline(never)
public func runSyringeExtrasColdStart() -> Int {
    let container = Container()
    coldRegister(container)
    let found = coldResolve(container) + coldExtras(container)
    coldTeardown(container)
    return found
}
