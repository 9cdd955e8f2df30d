import Syringe

// Scenario 12 for property injection by marking (`@Injected`, `Container.inject(into:)`): filling an object's
// five marked properties, against assigning the same five resolved services by hand. The services are
// `.container` singletons, so the row prices the injection machinery (reflection, the cached layout, one
// resolution for the five properties) rather than making the services.

private final class InjectionAPI: Sendable {}
private final class InjectionStore: Sendable {}
private final class InjectionLog: Sendable {}
private final class InjectionClock: Sendable {}
private final class InjectionTheme: Sendable {}

/// The object `inject(into:)` fills.
private final class MarkedScreen {
    @Injected var api: InjectionAPI
    @Injected var store: InjectionStore
    @Injected var log: InjectionLog
    @Injected var clock: InjectionClock
    @Injected var theme: InjectionTheme
}

/// The same object with plain properties, assigned by hand.
private final class PlainScreen {
    var api: InjectionAPI?
    var store: InjectionStore?
    var log: InjectionLog?
    var clock: InjectionClock?
    var theme: InjectionTheme?
}

/// An object of 20 stored properties, 5 of them marked, between plain ones of common kinds.
private final class WideScreen {
    var title = "Checkout"
    @Injected var api: InjectionAPI
    var count = 0
    var price = 9.99
    var isVisible = true
    @Injected var store: InjectionStore
    var items = [1, 2, 3]
    var subtitle: String? = "Cart"
    var width = 320
    @Injected var log: InjectionLog
    var height = 640
    var scale = 2.0
    var identifier = "screen-1"
    @Injected var clock: InjectionClock
    var tags: Set<String> = ["a"]
    var retries = 3
    var isEnabled = false
    @Injected var theme: InjectionTheme
    var footer = "Total"
    var badge: Int? = nil
}

/// Reflects every stored property of `object`, touching each value: the floor of any reflection-based injection.
private func walkMirror(_ object: Any) {
    for child in Mirror(reflecting: object).children { blackHole(child.value) }
}

private func makeInjectionContainer() -> Container {
    let container = Container()
    // The same object made by a registration that fills its marked properties (`.injectsProperties()`).
    container.register(MarkedScreen.self) { _ in MarkedScreen() }.injectsProperties().inObjectScope(.transient)
    container.register(InjectionAPI.self) { _ in InjectionAPI() }.inObjectScope(.container)
    container.register(InjectionStore.self) { _ in InjectionStore() }.inObjectScope(.container)
    container.register(InjectionLog.self) { _ in InjectionLog() }.inObjectScope(.container)
    container.register(InjectionClock.self) { _ in InjectionClock() }.inObjectScope(.container)
    container.register(InjectionTheme.self) { _ in InjectionTheme() }.inObjectScope(.container)
    return container
}

/// Assigns the five properties from `container`, as code without `@Injected` would.
private func assignByHand(_ screen: PlainScreen, from container: Container) {
    screen.api = container.resolve(InjectionAPI.self)
    screen.store = container.resolve(InjectionStore.self)
    screen.log = container.resolve(InjectionLog.self)
    screen.clock = container.resolve(InjectionClock.self)
    screen.theme = container.resolve(InjectionTheme.self)
}

func injectionScenarios() -> [FeatureScenario] {
    let container = makeInjectionContainer()
    let wideScreen = WideScreen()
    return [
        FeatureScenario(
            "12 inject(into:) an object with 5 marked properties",
            handWired: { n in
                for _ in 0..<n {
                    let screen = PlainScreen()
                    assignByHand(screen, from: container)
                    blackHole(screen)
                }
            },
            syringe: { n in
                for _ in 0..<n {
                    let screen = MarkedScreen()
                    try? container.inject(into: screen)
                    blackHole(screen)
                }
            },
            check: {
                var failures: [String] = []
                let screen = MarkedScreen()
                do {
                    try container.inject(into: screen)
                } catch {
                    failures.append("inject(into:) threw: \(error)")
                    return failures
                }
                let plain = PlainScreen()
                assignByHand(plain, from: container)
                if screen.api !== plain.api || screen.store !== plain.store || screen.log !== plain.log
                    || screen.clock !== plain.clock || screen.theme !== plain.theme
                {
                    failures.append("the injected singletons differ from the ones assigned by hand")
                }
                return failures
            }
        ),
        // The object is made once: the row compares finding and filling the marked properties with the bare
        // `Mirror` walk over the same object (the hand-wired column), the floor of a design on public API only.
        FeatureScenario(
            "12 inject(into:) 5 marked of 20 stored properties, against a bare Mirror walk",
            handWired: { n in
                let screen = wideScreen
                for _ in 0..<n { walkMirror(screen) }
            },
            syringe: { n in
                let screen = wideScreen
                for _ in 0..<n { try? container.inject(into: screen) }
            },
            check: {
                let screen = WideScreen()
                do {
                    try container.inject(into: screen)
                } catch {
                    return ["inject(into:) threw: \(error)"]
                }
                guard screen.$api.isInjected, screen.$store.isInjected, screen.$log.isInjected,
                    screen.$clock.isInjected, screen.$theme.isInjected
                else { return ["a marked property of the wide object was not filled"] }
                if screen.theme !== container.resolve(InjectionTheme.self) || screen.title != "Checkout" {
                    return ["the wide object's properties differ from the registered singletons"]
                }
                return []
            }
        ),
        FeatureScenario(
            "12 resolve a registration with .injectsProperties() and 5 marked properties",
            handWired: { n in
                for _ in 0..<n {
                    let screen = PlainScreen()
                    assignByHand(screen, from: container)
                    blackHole(screen)
                }
            },
            syringe: { n in
                for _ in 0..<n { blackHole(container.resolve(MarkedScreen.self)) }
            },
            check: {
                guard let screen = container.resolve(MarkedScreen.self) else {
                    return ["the registration with .injectsProperties() did not resolve"]
                }
                guard screen.$api.isInjected, screen.$theme.isInjected else {
                    return ["the registration's marked properties were not filled"]
                }
                let plain = PlainScreen()
                assignByHand(plain, from: container)
                if screen.api !== plain.api || screen.theme !== plain.theme {
                    return ["the injected singletons differ from the ones assigned by hand"]
                }
                return []
            }
        ),
    ]
}
