import Syringe
import Testing

// Each test has key pairs of its own type: keys are recorded for the whole process, and tests run in parallel.
private final class Endpoint: Sendable {
    let host: String
    init(_ host: String) { self.host = host }
}
private final class Mirror: Sendable {}
private final class Feed: Sendable {}
private final class Quota: Sendable {}
private final class Region: Sendable {}
private final class Shard: Sendable {}

extension ServiceKeys {
    fileprivate static let primaryEndpoint = Key<Endpoint>(label: "primaryEndpoint") { _ in Endpoint("a.example") }
    fileprivate static let backupEndpoint = Key<Endpoint>(label: "backupEndpoint") { _ in Endpoint("b.example") }
    fileprivate static let firstMirror = Key<Mirror>(label: "firstMirror") { _ in Mirror() }
    fileprivate static let secondMirror = Key<Mirror>(label: "secondMirror") { _ in Mirror() }
    fileprivate static let liveFeed = AsyncKey<Feed>(label: "liveFeed") { _ in Feed() }
    fileprivate static let replayFeed = AsyncKey<Feed>(label: "replayFeed") { _ in Feed() }
    fileprivate static let dailyQuota = Key<Quota>.WithArguments<Int>(label: "dailyQuota") { _, _ in Quota() }
    fileprivate static let hourlyQuota = Key<Quota>.WithArguments<Int>(label: "hourlyQuota") { _, _ in Quota() }
    fileprivate static let homeRegion = Key<Region>(label: "homeRegion", name: "home") { _ in Region() }
    fileprivate static let awayRegion = Key<Region>(label: "awayRegion", name: "away") { _ in Region() }
    fileprivate static let unnamedRegion = Key<Region>(label: "unnamedRegion") { _ in Region() }
    fileprivate static let shardOfInt = Key<Shard>.WithArguments<Int>(label: "shardOfInt") { _, _ in Shard() }
    fileprivate static let shardOfString = Key<Shard>.WithArguments<String>(label: "shardOfString") { _, _ in Shard() }
}

/// A key made by a function: each call creates a key at the same place.
private func makeRegionKey() -> ServiceKeys.Key<Region> {
    ServiceKeys.Key<Region>(label: "madeRegion", name: "made") { _ in Region() }
}

@Suite("Declared keys that collide")
struct KeyCollisionTests {
    @Test("a key records its label and where it is declared")
    func declarationIsRecorded() {
        let line = #line
        let key = ServiceKeys.Key<Region>(label: "localRegion", name: "local") { _ in Region() }
        #expect(key.declaration.label == "localRegion")
        #expect(key.declaration.fileID == "SyringeTests/KeyCollisionTests.swift")
        #expect(key.declaration.line == UInt(line + 1))
        #expect(
            key.declaration.description == "ServiceKeys.localRegion at SyringeTests/KeyCollisionTests.swift:\(line + 1)"
        )
    }

    @Test("verify() of a container using two keys of one type names both declarations")
    func verifyListsCollision() throws {
        let (primary, backup) = (ServiceKeys.primaryEndpoint, ServiceKeys.backupEndpoint)
        let container = Container()
        container.register(Endpoint.self) { _ in Endpoint("registered") }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let collision = try #require(error?.keyCollisions.first)
        #expect(error?.keyCollisions.count == 1)
        #expect(error?.failures.isEmpty == true)
        #expect(collision.request == ServiceRequest(serviceType: Endpoint.self))
        #expect(Set(collision.declarations) == [primary.declaration, backup.declaration])
        let message = error?.description ?? ""
        #expect(message.contains("Declared keys that share a type, name and argument types (1):"))
        #expect(message.contains("ServiceKeys.primaryEndpoint at SyringeTests/KeyCollisionTests.swift:"))
        #expect(message.contains("ServiceKeys.backupEndpoint at SyringeTests/KeyCollisionTests.swift:"))
        #expect(message.contains("give each key its own name"))
    }

    @Test("verify(keys:) reports keys that collide before either is used, and leaves the container as it was")
    func verifyKeysListsCollision() throws {
        let container = Container()
        let error = #expect(throws: VerificationError.self) {
            try container.verify(keys: [ServiceKeys.firstMirror, ServiceKeys.secondMirror])
        }
        let collision = try #require(error?.keyCollisions.first)
        #expect(collision.declarations.compactMap(\.label).sorted() == ["firstMirror", "secondMirror"])
        #expect(!container.hasAnyRegistration(of: Mirror.self))
    }

    @Test("a resolve of either colliding key throws keyCollision naming both, synchronously and in a factory")
    func resolveThrowsCollision() throws {
        let container = Container()
        for key in [ServiceKeys.firstMirror, ServiceKeys.secondMirror] {
            let error = #expect(throws: ResolutionError.self) { try container[key] }
            #expect(error?.code == .keyCollision)
            guard case .keyCollision(let collision)? = error?.kind else {
                Issue.record("unexpected kind")
                continue
            }
            #expect(collision.declarations.compactMap(\.label).sorted() == ["firstMirror", "secondMirror"])
            let message = error?.description ?? ""
            #expect(message.hasPrefix("Syringe: cannot resolve "))
            #expect(message.contains("Declared keys of"))
            #expect(message.contains("ServiceKeys.firstMirror at SyringeTests/KeyCollisionTests.swift:"))
            #expect(message.contains("ServiceKeys.secondMirror at SyringeTests/KeyCollisionTests.swift:"))
        }
        final class Holder: Sendable {
            init(_: Mirror) {}
        }
        container.register(Holder.self) { r in Holder(try r[.secondMirror]) }
        #expect(try ResolutionError.code { try container.require(Holder.self) } == .keyCollision)
    }

    @Test("an awaited resolve of a colliding key throws keyCollision")
    func awaitedResolveThrowsCollision() async throws {
        let container = Container()
        _ = ServiceKeys.liveFeed
        _ = ServiceKeys.replayFeed
        #expect(try await ResolutionError.code { try await container.async[.liveFeed] } == .keyCollision)
        #expect(try await ResolutionError.code { try await container.async[.replayFeed] } == .keyCollision)
    }

    @Test("keys taking the same argument types collide; other argument types or names do not")
    func argumentsAndNamesDecide() throws {
        let container = Container()
        _ = (ServiceKeys.dailyQuota, ServiceKeys.hourlyQuota)
        #expect(try ResolutionError.code { try container[.hourlyQuota, 1] } == .keyCollision)

        _ = (ServiceKeys.homeRegion, ServiceKeys.awayRegion, ServiceKeys.unnamedRegion)
        #expect(try container[.homeRegion] !== container[.awayRegion])
        _ = try container[.unnamedRegion]
        _ = (ServiceKeys.shardOfInt, ServiceKeys.shardOfString)
        _ = try container[.shardOfInt, 1]
        _ = try container[.shardOfString, "a"]
        try container.verify(keys: [ServiceKeys.homeRegion, ServiceKeys.awayRegion, ServiceKeys.unnamedRegion])
    }

    @Test("a key created again at the same place is the same declaration, not a collision")
    func sameDeclarationTwice() throws {
        let container = Container()
        let first = makeRegionKey()
        let second = makeRegionKey()
        #expect(first.declaration == second.declaration)
        _ = try container[first]
        _ = try container[second]
        try container.verify(keys: [first, second])
    }
}
