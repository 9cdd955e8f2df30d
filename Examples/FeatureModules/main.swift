// An app split into modules: assemblies, a feature child container with its own singletons, and a module
// unloaded at run time. Run it with `swift run FeatureModules`; it exits with status 1 if a check fails.
import Syringe

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var failures = 0

@MainActor func check(_ condition: Bool, _ claim: String) {
    print(condition ? "  ok    \(claim)" : "  FAIL  \(claim)")
    if !condition { failures += 1 }
}

// MARK: The app's services

/// What happened, in order: a `.container` singleton the container makes (the factories capture nothing).
final class Events {
    var lines: [String] = []
    func record(_ line: String) {
        lines.append(line)
        print("  event: \(line)")
    }
}

protocol HTTPClient: AnyObject {
    var baseURL: String { get }
}

final class URLSessionClient: HTTPClient {
    let baseURL: String
    init(baseURL: String) { self.baseURL = baseURL }
}

final class Database: Disposable {
    let events: Events
    init(events: Events) {
        self.events = events
        events.record("database opened")
    }
    func dispose() { events.record("database closed") }
}

final class Cart: Disposable {
    let id: Int
    let client: any HTTPClient
    let events: Events
    init(id: Int, client: any HTTPClient, events: Events) {
        self.id = id
        self.client = client
        self.events = events
        events.record("cart \(id) made")
    }
    func dispose() { events.record("cart \(id) disposed") }
}

final class Counter {
    var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}

// MARK: Assemblies

struct CoreAssembly: Assembly {
    func assemble(container: Container) {
        container.register(Events.self) { _ in Events() }.inObjectScope(.container)
        container.register((any HTTPClient).self) { _ in URLSessionClient(baseURL: "https://api.example.com") }
            .inObjectScope(.container)
        container.register(Counter.self) { _ in Counter() }.inObjectScope(.container)
        // One Cart per feature container that resolves it, disposed by that container's shutdown.
        container.register(Cart.self) { r in
            Cart(
                id: r.resolve(Counter.self)!.next(),
                client: r.resolve((any HTTPClient).self)!,
                events: r.resolve(Events.self)!
            )
        }
        .inObjectScope(.perContainer)
    }
}

/// A module loaded and unloaded at run time: its registrations go with it, its singletons are disposed.
struct StorageModule: Assembly {
    func assemble(container: Container) {
        container.register(Database.self) { r in Database(events: r.resolve(Events.self)!) }
            .inObjectScope(.container)
    }
    func unload(resolver: any Resolver) {
        resolver.resolve(Events.self)?.record("storage module unloading")
    }
}

// MARK: The program

let app = Container()
let assembler = Assembler([CoreAssembly()], container: app)
let events = app.resolve(Events.self)!

print("1. Assemblies")
check(
    app.resolve((any HTTPClient).self)?.baseURL == "https://api.example.com", "the core assembly registered the client")
check(app.resolve((any HTTPClient).self) === app.resolve((any HTTPClient).self), "the client is a singleton")

print("2. Feature containers get their own .perContainer cart")
let shop = Container(parent: app)
let checkout = Container(parent: app)
let shopCart = shop.resolve(Cart.self)
check(shopCart != nil && shopCart === shop.resolve(Cart.self), "the shop keeps one cart")
check(checkout.resolve(Cart.self) !== shopCart, "the checkout has a cart of its own")
check(shopCart?.client === app.resolve((any HTTPClient).self), "both share the app's client")
shop.shutdown()
check(events.lines.contains("cart 1 disposed"), "the shop's shutdown disposed its cart")
check(!events.lines.contains("cart 2 disposed"), "and left the checkout's alone")

print("3. A module loaded, then unloaded")
do {
    try app.load(StorageModule())
} catch {
    print("could not load: \(error)")
    exit(1)
}
check(app.isLoaded(StorageModule.self), "the storage module is loaded")
check(app.resolve(Database.self) != nil, "its database resolves")
app.unload(StorageModule.self)
check(!app.isLoaded(StorageModule.self), "it is unloaded")
check(app.resolve(Database.self) == nil, "its registration went with it")
check(
    events.lines.suffix(2) == ["storage module unloading", "database closed"],
    "it flushed, then its database was disposed")

do {
    _ = try app.require(Database.self)
} catch {
    print("  resolving it now says:")
    print(String(describing: error).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
}

print("4. Removing the cart from the app")
app.unregister(Cart.self)
check(events.lines.last == "cart 2 disposed", "unregistering the parent's registration disposed the checkout's cart")
check(checkout.resolve(Cart.self) == nil, "and the checkout no longer resolves one")
assembler.shutdown()  // shuts the app's container down

if failures > 0 {
    print("\(failures) check(s) failed")
    exit(1)
}
print("all checks passed")
