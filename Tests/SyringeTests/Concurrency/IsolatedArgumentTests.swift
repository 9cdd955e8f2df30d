import Syringe
import Testing

@globalActor
private actor LedgerActor {
    static let shared = LedgerActor()
}

@globalActor
private actor ElsewhereActor {
    static let shared = ElsewhereActor()
}

/// Made only by code of `LedgerActor`.
private final class Ledger: Sendable {
    let account: String
    let year: Int
    @LedgerActor init(account: String, year: Int) {
        LedgerActor.shared.assertIsolated()
        self.account = account
        self.year = year
    }
}

/// Stands in for a `@ModelActor`: state only its own code may touch.
private actor Shelves {
    var titles = ["Dune", "Solaris", "Ubik"]
}

private struct Shelf: Sendable, Equatable {
    let title: String
}

@Suite("Runtime arguments reach factories isolated to any global actor or to an actor instance")
struct IsolatedArgumentTests {
    @Test("a factory isolated to a custom global actor takes runtime arguments, run on that actor")
    func globalActorWithArguments() async throws {
        let container = Container()
        container.register(Ledger.self, isolatedTo: LedgerActor.self) { @LedgerActor _, account, year in
            Ledger(account: account, year: year)
        }
        let ledger = try await container.async.require(Ledger.self, arguments: "savings", 2026)
        #expect(ledger.account == "savings")
        #expect(ledger.year == 2026)
    }

    @Test("arguments of the wrong types miss the global-actor registration with a typed error")
    func globalActorWrongArguments() async throws {
        let container = Container()
        container.register(Ledger.self, isolatedTo: LedgerActor.self) { @LedgerActor _, account, year in
            Ledger(account: account, year: year)
        }
        await #expect(throws: ResolutionError.self) {
            _ = try await container.async.require(Ledger.self, arguments: 2026, "savings")
        }
    }

    @Test("a closure isolated to another actor than the one named is a typed error, and the factory never runs")
    func globalActorMismatchWithArguments() async throws {
        let container = Container()
        container.register(Shelf.self, isolatedTo: LedgerActor.self) { @ElsewhereActor (_: any Resolver, title: String) in
            Issue.record("the factory ran on the wrong actor")
            return Shelf(title: title)
        }
        let error = await #expect(throws: ResolutionError.self) {
            _ = try await container.async.require(Shelf.self, argument: "savings")
        }
        #expect(error?.description.contains("LedgerActor") == true)
    }

    @Test("an actor-instance factory infers its closure's parameters with two, three and four arguments")
    func actorInstanceInfersParameters() async throws {
        let shelves = Shelves()
        let container = Container()
        container.register(Shelf.self, on: shelves) { shelves, _, index, label in
            Shelf(title: label + ": " + shelves.titles[index])
        }
        container.register(Shelf.self, name: "three", on: shelves) { shelves, _, index, label, suffix in
            Shelf(title: label + ": " + shelves.titles[index] + suffix)
        }
        container.register(Shelf.self, name: "four", on: shelves) { shelves, _, index, label, prefix, suffix in
            Shelf(title: prefix + label + ": " + shelves.titles[index] + suffix)
        }
        #expect(try await container.async.require(Shelf.self, arguments: 1, "top") == Shelf(title: "top: Solaris"))
        #expect(
            try await container.async.require(Shelf.self, name: "three", arguments: 2, "low", "!")
                == Shelf(title: "low: Ubik!"))
        #expect(
            try await container.async.require(Shelf.self, name: "four", arguments: 0, "mid", "> ", ".")
                == Shelf(title: "> mid: Dune."))
    }

    @Test("an actor-instance factory with one argument, and with none, still infers its parameters")
    func actorInstanceOneAndNone() async throws {
        let shelves = Shelves()
        let container = Container()
        container.register(Shelf.self, on: shelves) { shelves, _ in Shelf(title: shelves.titles[0]) }
        container.register(Shelf.self, on: shelves) { shelves, _, index in Shelf(title: shelves.titles[index]) }
        #expect(try await container.async.require(Shelf.self) == Shelf(title: "Dune"))
        #expect(try await container.async.require(Shelf.self, argument: 2) == Shelf(title: "Ubik"))
    }
}
