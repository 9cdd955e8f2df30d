import Syringe
import Testing

@MainActor
private final class KeyedViewModel {
    let api: any KeyedAPI
    init(api: any KeyedAPI) { self.api = api }
}

private final class KeyedPrices: Sendable {
    let list: [String: Int]
    init(list: [String: Int]) { self.list = list }
}

private final class KeyedCatalog: Sendable {
    let prices: KeyedPrices
    init(prices: KeyedPrices) { self.prices = prices }
}

extension ServiceKeys {
    fileprivate static let keyedModel = MainActorKey<KeyedViewModel>(scope: .container) { r in
        KeyedViewModel(api: try r[.keyedAPI])
    }
    fileprivate static let keyedPrices = AsyncKey<KeyedPrices>(scope: .container) { _ in
        await Task.yield()
        return KeyedPrices(list: ["tea": 3])
    }
    fileprivate static let keyedCatalog = AsyncKey<KeyedCatalog> { r in
        KeyedCatalog(prices: try await r[.keyedPrices])
    }
}

@globalActor
private actor KeyedStorageActor {
    static let shared = KeyedStorageActor()
}

@globalActor
private actor KeyedOtherActor {
    static let shared = KeyedOtherActor()
}

private final class KeyedShelf: Sendable {}

extension ServiceKeys {
    /// Declared for `KeyedStorageActor`, its closure isolated to another actor: Swift cannot check it.
    fileprivate static let misplacedShelf = GlobalActorKey<KeyedShelf, KeyedStorageActor>(
        isolatedTo: KeyedStorageActor.self
    ) { @KeyedOtherActor _ in KeyedShelf() }
}

@Suite("Declared keys for @MainActor and async factories, resolved the compiler-checked way")
struct DeclaredKeyIsolationTests {
    @Test("a main-actor key resolves synchronously from main-actor code, one instance in its scope")
    @MainActor
    func mainActorKey() throws {
        let container = Container()
        let model = try container.mainActor[.keyedModel]
        #expect(model.api.label == "real")
        #expect(try container.mainActor[.keyedModel] === model)
        #expect((try? container.mainActor[.keyedModel]) === model)
        // A plain key resolves from main-actor code too.
        #expect(try container.mainActor[.keyedAPI].label == "real")
    }

    @Test("a main-actor key is awaited from anywhere; a plain synchronous resolve by type fails with a typed error")
    func mainActorKeyAwaited() async throws {
        let container = Container()
        let test = container.derived()
        let model = try await test.async[.keyedModel]
        #expect(model.api.label == "real")
        #expect(try await test.async[.keyedModel] === model)
        // The default is registered in the app, whose own instance is not made yet: synchronous code cannot.
        do {
            _ = try container.require(KeyedViewModel.self)
            Issue.record("expected an error")
        } catch {
            if case .asyncFactory = error.kind {} else { Issue.record("unexpected kind \(error.kind)") }
        }
    }

    @Test("a main-actor key is overridden with a main-actor factory")
    @MainActor
    func mainActorOverride() throws {
        let container = Container()
        container.register(.keyedModel) { _ in KeyedViewModel(api: MockKeyedAPI("main")) }
        #expect(try container.mainActor[.keyedModel].api.label == "main")
    }

    @Test("an async key is awaited through its default, in its scope, and by another async key's factory")
    func asyncKey() async throws {
        let container = Container()
        let catalog = try await container.async[.keyedCatalog]
        #expect(catalog.prices.list["tea"] == 3)
        #expect(try await container.async[.keyedPrices] === catalog.prices)
        #expect((try? await container.async[.keyedPrices]) === catalog.prices)
        #expect(try await container.async[.keyedAPI].label == "real")
    }

    @Test("an async factory resolves plain and main-actor keys first used inside it")
    func keysInsideAsyncFactory() async throws {
        let container = Container()
        container.register(KeyedDetail.self) { r in
            await Task.yield()  // an `async` factory: `r` is the awaited resolution
            return KeyedDetail(id: 1, api: try r[.keyedAPI])
        }
        container.register(String.self) { r in try await r[.keyedModel].api.label }
        let viaAsync: KeyedDetail = try await container.async.require(KeyedDetail.self)
        #expect(viaAsync.api.label == "real")
        #expect(try await container.async.require(String.self) == "real")
        #expect(container.hasAnyRegistration(of: (any KeyedAPI).self))
        #expect(container.hasAnyRegistration(of: KeyedViewModel.self))
    }

    @Test("an async key is overridden with an async factory, in a derived container")
    func asyncOverride() async throws {
        let app = Container()
        let test = app.derived { c in
            c.register(.keyedPrices) { _ in KeyedPrices(list: ["tea": 1]) }
        }
        #expect(try await test.async[.keyedCatalog].prices.list["tea"] == 1)
        #expect(try await app.async[.keyedCatalog].prices.list["tea"] == 3)
    }

    @Test("a synchronous resolve of an async key's type fails with a typed error, never blocks")
    func asyncKeySynchronously() async throws {
        let container = Container()
        _ = try await container.async[.keyedPrices]
        do {
            _ = try container.require(KeyedPrices.self)
            Issue.record("expected an error")
        } catch {
            if case .asyncFactory = error.kind {} else { Issue.record("unexpected kind \(error.kind)") }
        }
    }

    @Test("a global-actor key whose closure is isolated to another actor is logged when registered and never runs")
    func closureIsolatedElsewhere() async throws {
        let container = Container()
        let logged = loggedMessages(containing: "KeyedOtherActor") {
            container.register(keys: [ServiceKeys.misplacedShelf])
        }
        #expect(logged.contains { $0.contains("KeyedStorageActor") }, "\(logged)")
        let error = await #expect(throws: ResolutionError.self) { try await container.async[.misplacedShelf] }
        let message = error?.description ?? ""
        #expect(message.contains("KeyedOtherActor") && message.contains("KeyedStorageActor"), "\(message)")
    }
}
