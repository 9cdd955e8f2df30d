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
