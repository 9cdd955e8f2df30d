import ColdStartModel
import Swinject

/// One cold start of the generated app on Swinject 2.10: a container, every registration, one resolve of each service, and
/// the teardown (`removeAll()`, then the container released). Returns how many services resolved.
@inline(never)
public func runSwinjectColdStart() -> Int {
    let container = Container()
    coldRegister(container)
    let found = coldResolve(container)
    coldTeardown(container)
    return found
}

/// The teardown, out of line so that a profile shows it on its own.
@inline(never)
func coldTeardown(_ container: Container) {
    container.removeAll()
}
