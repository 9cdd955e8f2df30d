import Syringe
import Testing

private final class KeyedScreen {
    @Injected(.keyedAPI) var api: any KeyedAPI
    @Injected(.namedAPI) var named: any KeyedAPI
    @Injected(.keyedSession, reinjected: true) var session: KeyedSession
}

@Suite("@Injected(.key): property injection through a declared key")
struct InjectedKeyTests {
    @Test("inject(into:) fills keyed properties through their keys, defaults included")
    func injectIntoFillsThroughKeys() throws {
        let container = Container()
        let screen = KeyedScreen()
        #expect(!screen.$api.isInjected)
        try container.inject(into: screen)
        #expect(screen.api.label == "real")
        #expect(screen.named.label == "named default")
        #expect(screen.$named.name == "named")
        #expect(screen.session === (try container[.keyedSession]))
    }

    @Test("a registration with injectsProperties() fills keyed properties, overrides first")
    func injectsProperties() throws {
        let container = Container()
        container.register(.keyedAPI) { _ in MockKeyedAPI("override") }
        container.register(KeyedScreen.self) { _ in KeyedScreen() }.injectsProperties()
        let screen = try container.require(KeyedScreen.self)
        #expect(screen.api.label == "override")
    }

    @Test("a reinjected keyed property is filled again when the key is overridden")
    func reinjection() throws {
        let container = Container()
        let screen = KeyedScreen()
        try container.inject(into: screen)
        let first = screen.session
        container.register(.keyedSession) { _ in KeyedSession(id: 9) }
        #expect(screen.session !== first)
        #expect(screen.session.id == 9)
    }
}
