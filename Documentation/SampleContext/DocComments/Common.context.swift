// The context of every doc-comment sample (CONTRIBUTING.md, "Samples in doc comments"): the types and
// values the `///` samples of Sources/ use without declaring them. At file scope, made fileprivate; a folder's
// own context (<Folder>.context.swift, beside this file) adds what only its samples use.
import Foundation

/// A value the samples use without making it (a container, an error they caught): they are compiled, not run.
func value<T>() -> T { fatalError("a doc-comment sample: compiled, not run") }

let container = Container()
var r: any Resolver { value() }
let userID = "ana"

// The pets of Swinject's documentation.
protocol Animal: AnyObject {
    var name: String? { get }
}
protocol Pet: AnyObject {}
protocol Person: AnyObject {}
protocol Food {}
struct Fish: Food {}
final class Cat: Animal, Pet {
    let name: String?
    let age: Int
    var owner: (any Person)?
    init(name: String? = nil, age: Int = 0) {
        self.name = name
        self.age = age
    }
}
final class Dog: Animal, Pet {
    let name: String?
    init(name: String) { self.name = name }
}
final class PetOwner: Person {
    let pet: any Animal
    init(pet: any Animal, food: any Food = Fish()) { self.pet = pet }
}

// An app's services.
protocol API: Sendable {
    func prefetch()
}
extension API {
    func prefetch() {}
}
struct RealAPI: API {
    init(session: Session = Session()) {}
}
struct LiveAPI: API {}
struct MockAPI: API {}
struct StagingAPI: API {}
struct PreviewAPI: API {}
final class Session: Sendable {
    init() {}
    static func open(for userID: String, api: any API) async throws -> Session { Session() }
}
class Database: @unchecked Sendable {
    init() {}
    static func connect() async throws -> Database { Database() }
    func flush() {}
}
final class SQLiteDatabase: Database, @unchecked Sendable {}
final class Repository {
    init(db: Database) {}
    init(database: Database) {}
}
class Analytics {
    init() {}
    func track(_ event: String) {}
}
final class HeavyAnalytics: Analytics {}
final class NoAnalytics: Analytics {}
final class SilentAnalytics: Analytics {}
@MainActor final class ViewModel {
    init(api: any API = MockAPI()) {}
}
@MainActor final class DetailModel {
    init(id: Int, api: any API = MockAPI()) {}
}
final class Cart {
    var items: [String] = []
    init() {}
    func checkout() {}
}
protocol Clock {}
struct FixedClock: Clock {
    init(_ date: Date = .distantPast) {}
}
struct SystemClock: Clock {}
protocol Gateway {}
struct RealGateway: Gateway {}
struct MockGateway: Gateway {}
struct DecliningGateway: Gateway {}
enum Payment { case approved, declined }
final class Checkout {
    let gateway: any Gateway
    init(gateway: any Gateway = MockGateway()) { self.gateway = gateway }
    func total() -> Int { 0 }
    func pay(_ amount: Int) -> Payment { .approved }
}
