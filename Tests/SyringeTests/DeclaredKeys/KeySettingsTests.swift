import Synchronization
import Syringe
import Testing

// Registration settings declared once with a key (`settings:`), applied to its default and to overrides; keys with
// arguments kept per argument; keys owned by each feature container; a default shadowed by a conforming type.

private protocol Episode: Sendable {
    var id: Int { get }
}

private final class EpisodeModel: Episode {
    let id: Int
    let completed = Mutex(0)
    init(id: Int) { self.id = id }
}

private protocol Player: Sendable {
    var name: String { get }
}

private struct LivePlayer: Player {
    var name: String { "live" }
}

private struct MockPlayer: Player {
    var name: String { "mock" }
}

private struct LoudPlayer: Player {
    let inner: any Player
    var name: String { inner.name.uppercased() }
}

private final class FeatureCart: Sendable {}

@MainActor
private final class NowPlaying {
    let id: Int
    init(id: Int) { self.id = id }
}

private extension ServiceKeys {
    static let settingsEpisode = Key<EpisodeModel>.WithArguments<Int>(
        scope: .container,
        settings: { entry in
            entry.keyedByArguments(limit: 2)
                .implements((any Episode).self)
                .initCompleted { _, model in model.completed.withLock { $0 += 1 } }
        }
    ) { _, id in EpisodeModel(id: id) }

    static let settingsPlayer = Key<any Player>(settings: { $0.decorated { _, player in LoudPlayer(inner: player) } }) {
        _ in LivePlayer()
    }

    static let sharedEpisode = Key<EpisodeModel>.WithArguments<Int>(name: "shared", scope: .container) { _, id in
        EpisodeModel(id: id)
    }

    static let featureCart = Key<FeatureCart>(scope: .perContainer) { _ in FeatureCart() }

    static let nowPlaying = MainActorKey<NowPlaying>.WithArguments<Int>(
        scope: .container, settings: { $0.keyedByArguments(limit: 4) }
    ) { _, id in NowPlaying(id: id) }

    static let shadowedPlayer = Key<any Player>(name: "shadowed") { _ in LivePlayer() }
}

@Suite("A key's registration settings are declared once, with the key")
struct KeySettingsTests {
    @Test("keyedByArguments, implements and initCompleted apply to the key's default")
    func settingsOnTheDefault() throws {
        let container = Container()
        let first = try container[.settingsEpisode, 1]
        #expect(try container[.settingsEpisode, 1] === first)
        #expect(try container[.settingsEpisode, 2] !== first)
        #expect(first.completed.withLock { $0 } == 1)
        // `implements` forwards the argument registration: the protocol with the same argument answers it.
        #expect(try container.require((any Episode).self, argument: 1).id == 1)
    }

    @Test("the key's settings apply to an override made with register(.key) as well")
    func settingsOnTheOverride() throws {
        let container = Container()
        container.register(.settingsEpisode) { _, id in EpisodeModel(id: -id) }
        let model = try container[.settingsEpisode, 3]
        #expect(model.id == -3)
        #expect(try container[.settingsEpisode, 3] === model)
        #expect(model.completed.withLock { $0 } == 1)
    }

    @Test("a decorator declared with the key wraps the default and an override")
    func decoratorFromTheKey() throws {
        let container = Container()
        #expect(try container[.settingsPlayer].name == "LIVE")
        let test = container.derived { $0.register(.settingsPlayer) { _ in MockPlayer() } }
        #expect(try test[.settingsPlayer].name == "MOCK")
    }

    @Test("a main-actor key with arguments keeps one instance per argument when its settings say so")
    @MainActor
    func mainActorKeyedByArguments() throws {
        let container = Container()
        let first = try container.mainActor[.nowPlaying, 1]
        #expect(try container.mainActor[.nowPlaying, 1] === first)
        #expect(try container.mainActor[.nowPlaying, 2] !== first)
    }

    @Test("a key with arguments in the container scope, without keyedByArguments, keeps one instance for all")
    func containerScopeSharesOneInstance() throws {
        let container = Container()
        let first = try container[.sharedEpisode, 1]
        #expect(try container[.sharedEpisode, 2] === first)
    }
}

@Suite("Keys owned by each feature container")
struct FeatureOwnedKeyTests {
    @Test("a .perContainer key gives each feature container its own instance, released with it")
    func perContainerKey() throws {
        let app = Container()
        let shop = Container(parent: app)
        weak var released: FeatureCart?
        do {
            let search = Container(parent: app)
            let searchCart = try search[.featureCart]
            released = searchCart
            #expect(try search[.featureCart] === searchCart)
            #expect(try shop[.featureCart] !== searchCart)
        }
        #expect(released == nil)
        #expect(try shop[.featureCart] === (try shop[.featureCart]))
    }
}

@Suite("A key's default shadowed by a registration of a conforming type is a verification finding")
struct KeyShadowingTests {
    @Test("verify() names the key, the conforming registration and the fix")
    func verifyReportsShadowing() throws {
        let container = Container()
        container.register(MockPlayer.self) { _ in MockPlayer() }
        #expect(try container[.shadowedPlayer].name == "live")
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.shadowedKeyDefaults.count == 1)
        #expect(error?.shadowedKeyDefaults.first?.contains("MockPlayer") == true)
        #expect(error?.shadowedKeyDefaults.first?.contains("register(.key)") == true)
    }

    @Test("verify(keys:) reports it before the key was ever used")
    func verifyKeysReportsShadowing() throws {
        let container = Container()
        container.register(MockPlayer.self) { _ in MockPlayer() }
        let error = #expect(throws: VerificationError.self) {
            try container.verify(keys: [ServiceKeys.shadowedPlayer])
        }
        #expect(error?.shadowedKeyDefaults.count == 1)
    }

    @Test("a registration of the type the default itself makes is not a finding")
    func sameTypeIsNotShadowing() throws {
        let container = Container()
        container.register(LivePlayer.self) { _ in LivePlayer() }
        _ = try container[.shadowedPlayer]
        try container.verify()
    }

    @Test("overriding through the key is not a finding")
    func overrideThroughTheKey() throws {
        let container = Container()
        container.register(.shadowedPlayer) { _ in MockPlayer() }
        #expect(try container[.shadowedPlayer].name == "mock")
        try container.verify()
    }
}
