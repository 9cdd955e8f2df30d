import Syringe
import Testing

@MainActor
private final class KeyedDetailModel {
    let id: Int
    let api: any KeyedAPI
    init(id: Int, api: any KeyedAPI) {
        self.id = id
        self.api = api
    }
}

private final class KeyedQuote: Sendable {
    let currency: String
    let rate: Int
    init(currency: String, rate: Int) {
        self.currency = currency
        self.rate = rate
    }
}

private final class KeyedBasket: Sendable {
    let quote: KeyedQuote
    init(quote: KeyedQuote) { self.quote = quote }
}

private final class KeyedScreenTitle: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

extension ServiceKeys {
    fileprivate static let detailModel = MainActorKey<KeyedDetailModel>.WithArguments<Int> { r, id in
        KeyedDetailModel(id: id, api: try r[.keyedAPI])
    }
    fileprivate static let sharedDetailModel = MainActorKey<KeyedDetailModel>.WithArguments<Int, String>(
        name: "shared", scope: .container
    ) { _, id, label in
        KeyedDetailModel(id: id, api: MockKeyedAPI(label))
    }
    fileprivate static let quote = AsyncKey<KeyedQuote>.WithArguments<String> { _, currency in
        await Task.yield()
        return KeyedQuote(currency: currency, rate: 3)
    }
    fileprivate static let basket = AsyncKey<KeyedBasket>.WithArguments<String, Int>(name: "basket") { r, currency, _ in
        KeyedBasket(quote: try await r[.quote, currency])
    }
}

@Suite("Declared keys with runtime arguments for @MainActor and async factories")
struct DeclaredKeyIsolatedArgumentTests {
    @Test("a main-actor key with arguments resolves synchronously from main-actor code")
    @MainActor
    func mainActorKeyWithArguments() throws {
        let container = Container()
        #expect(try container.mainActor[.detailModel, 42].id == 42)
        #expect(try container.mainActor[.detailModel, 7].api.label == "real")
        #expect((try? container.mainActor[.detailModel, 8])?.id == 8)
        // An ordinary registration of the key's type and argument types.
        #expect(container.mainActor.resolve(KeyedDetailModel.self, arguments: 9)?.id == 9)
        // A plain key with arguments resolves from main-actor code too.
        #expect(try container.mainActor[.keyedDetail, 3].id == 3)
    }

    @Test("a main-actor key with several arguments keeps one instance in its scope")
    @MainActor
    func mainActorKeyScope() throws {
        let container = Container()
        let first = try container.mainActor[.sharedDetailModel, 1, "a"]
        #expect(try container.mainActor[.sharedDetailModel, 2, "b"] === first)
        #expect(first.api.label == "a")
    }

    @Test("a main-actor key with arguments is awaited from anywhere, and from an async factory")
    func mainActorKeyAwaited() async throws {
        let container = Container()
        container.register(KeyedScreenTitle.self) { r in
            KeyedScreenTitle(text: "detail \(try await r[.detailModel, 5].id)")
        }
        #expect(try await container.async[.detailModel, 4].id == 4)
        #expect(try await container.async.require(KeyedScreenTitle.self).text == "detail 5")
        #expect(try await container.async[.keyedDetail, 6].id == 6)
    }

    @Test("a main-actor key with arguments is overridden with a main-actor factory taking them")
    @MainActor
    func mainActorOverride() throws {
        let container = Container()
        container.register(.detailModel) { _, id in KeyedDetailModel(id: -id, api: MockKeyedAPI("main")) }
        let model = try container.mainActor[.detailModel, 2]
        #expect(model.id == -2)
        #expect(model.api.label == "main")
    }

    @Test("an async key with arguments is awaited through its default, by subscript, require and resolve")
    func asyncKeyWithArguments() async throws {
        let container = Container()
        #expect(try await container.async[.quote, "EUR"].currency == "EUR")
        #expect(try await container.async[.quote, "USD"].rate == 3)
        #expect((try? await container.async[.quote, "CHF"])?.currency == "CHF")
        #expect(await container.async.resolve(KeyedQuote.self, argument: "GBP")?.currency == "GBP")
    }

    @Test("an async key with arguments is resolved inside another async key's factory")
    func asyncKeyInsideAsyncFactory() async throws {
        let container = Container()
        let basket = try await container.async[.basket, "JPY", 2]
        #expect(basket.quote.currency == "JPY")
    }

    @Test("an async key with arguments is overridden in a derived container; the app keeps its default")
    func asyncOverride() async throws {
        let app = Container()
        let test = app.derived { c in
            c.register(.quote) { _, currency in KeyedQuote(currency: currency, rate: 1) }
        }
        #expect(try await test.async[.basket, "EUR", 1].quote.rate == 1)
        #expect(try await app.async[.basket, "EUR", 1].quote.rate == 3)
    }

    @Test("a synchronous resolve of an async key's type with arguments fails with a typed error, never blocks")
    func asyncKeySynchronously() async throws {
        let container = Container()
        _ = try await container.async[.quote, "EUR"]
        let error = try #require(throws: ResolutionError.self) {
            try container.require(KeyedQuote.self, arguments: "EUR")
        }
        if case .asyncFactory = error.kind {} else { Issue.record("unexpected kind \(error.kind)") }
    }
}
