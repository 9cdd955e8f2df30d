import Foundation
import Testing

@testable import Syringe

// The derived container's fast paths, raced (Runtime/RegistrySnapshot.swift, Runtime/RegistryStore.swift,
// Lifecycle/LifecycleStore.swift):
// - a lookup that reaches an app registration keeping instances answers with the app's binding and the derived
//   container's stand-in, held unretained for the whole resolution, with no table of its own: the app rebinds,
//   unregisters and resets the registration meanwhile;
// - a derived container publishes its first (empty) table when made, and its first registration unpublishes it
//   without retiring it (the registry keeps it): threads resolve through the container meanwhile;
// - a derived container makes its registry (bindings and lock) on first need, set once by a compare-and-exchange:
//   threads race to register the first services in one container, while others resolve and the app changes;
// - the stand-in keeps a class instance in an `ObjectPublishedInstance` (Runtime/PublishedInstance.swift), read by
//   the stand-in's kept-box path and by `resolve` of a forwarded type.

private final class StandInDependency: Sendable {
    let origin: String
    init(origin: String) { self.origin = origin }
}

private final class StandInService: Sendable {
    let generation: Int
    let dependency: StandInDependency
    init(generation: Int, dependency: StandInDependency) {
        self.generation = generation
        self.dependency = dependency
    }
}

private protocol StandInForwarded: AnyObject, Sendable {}
extension StandInService: StandInForwarded {}

extension RuntimeTests {
    @Suite("A derived container's stand-ins and first table, raced")
    struct DerivedStandInStressTests {
        @Test("Threads resolve an app singleton through derived containers (a slow factory holds the stand-in) while the app rebinds, unregisters and resets it")
        func standInOutlivesItsBinding() throws {
            // Kept from the moment they are registered: with the default `.graph` scope, a resolve between
            // `register` and `inObjectScope(.container)` would make an instance nothing keeps (as in Swinject, the
            // fluent calls configure a registration already visible), a second instance of the same generation.
            let app = Container(parent: nil, defaultObjectScope: .container)
            app.register(StandInDependency.self) { _ in StandInDependency(origin: "app") }
            @Sendable func register(generation: Int) {
                app.register(StandInService.self) { r in
                    // A slow factory, so that the app changes the binding while resolutions hold its stand-in.
                    for _ in 0..<(generation % 7) * 50 { sched_yield() }
                    return StandInService(generation: generation, dependency: r.resolve(StandInDependency.self)!)
                }
                .implements((any StandInForwarded).self)
                .inObjectScope(.container)
            }
            register(generation: 0)
            let problems = Problems()
            let writing = AtomicCounter(1)
            JoinableThread.run(7) { thread in
                if thread == 0 {
                    var random = SeededRandom(state: 0x9E37_79B9)
                    for generation in 1...400 {
                        switch random.next(below: 3) {
                        case 0: register(generation: generation)
                        case 1:
                            app.unregister(StandInService.self)
                            register(generation: generation)
                        default: app.resetObjectScope(.container)
                        }
                        if generation % 8 == 0 { sched_yield() }
                    }
                    AtomicWord(in: writing, at: 0).subtract(1)
                    return
                }
                for round in 0..<400 where writing.load() != 0 || round < 5 {
                    let test = app.derived()
                    let whileWriting = writing.load() != 0
                    guard let first = test.resolve(StandInService.self) else {
                        // Between the writer's unregister and its register again, the key is unbound.
                        if !whileWriting { problems.report("the service did not resolve") }
                        continue
                    }
                    if first.dependency.origin != "app" { problems.report("a wrong dependency") }
                    if let appInstance = app.resolve(StandInService.self), appInstance === first {
                        problems.report("the derived container shared the app's singleton")
                    }
                    // One generation is one registration, whose stand-in keeps one instance. Another generation is
                    // the app's rebinding meanwhile: a newer one, or, through the forwarded type (which
                    // `implements` binds after the service type), for a moment an older one.
                    if let forwarded = test.resolve((any StandInForwarded).self) as? StandInService,
                        forwarded !== first, forwarded.generation == first.generation
                    {
                        problems.report("two instances of generation \(first.generation) through a forwarded type")
                    }
                    if let again = test.resolve(StandInService.self), again !== first,
                        again.generation == first.generation
                    {
                        problems.report("two instances of generation \(first.generation)")
                    }
                }
            }
            #expect(problems.count == 0, "\(problems.first)")
            let test = app.derived()
            let first = try test.require(StandInService.self)
            #expect(test.resolve(StandInService.self) === first)
            #expect(test.resolve((any StandInForwarded).self) === first)
            #expect(app.resolve(StandInService.self) !== first)
        }

        @Test("Threads resolve through a new derived container while another registers its first services in it")
        func firstTableUnpublishedWhileRead() throws {
            let app = Container()
            app.register(StandInDependency.self) { _ in StandInDependency(origin: "app") }
            app.register(StandInService.self) { r in
                StandInService(generation: 0, dependency: r.resolve(StandInDependency.self)!)
            }
            .inObjectScope(.container)
            let problems = Problems()
            for _ in 0..<60 {
                let test = app.derived()
                let registered = AtomicCounter(0)
                JoinableThread.run(5) { thread in
                    if thread == 0 {
                        // The first registration unpublishes the table the container was made with.
                        test.register(StandInDependency.self) { _ in StandInDependency(origin: "test") }
                        AtomicWord(in: registered, at: 0).add(1)
                        for index in 0..<20 {
                            test.register(StandInDependency.self, name: "extra-\(index)") { _ in
                                StandInDependency(origin: "extra")
                            }
                        }
                        return
                    }
                    for _ in 0..<30 {
                        let before = registered.load() != 0
                        guard let service = test.resolve(StandInService.self) else {
                            problems.report("the app's service did not resolve")
                            continue
                        }
                        // The stand-in's instance is made once, with whichever dependency was bound then.
                        if service.dependency.origin == "extra" { problems.report("a wrong dependency") }
                        guard let dependency = test.resolve(StandInDependency.self) else {
                            problems.report("the dependency did not resolve")
                            continue
                        }
                        if before && dependency.origin != "test" {
                            problems.report("a resolve after the registration did not see it")
                        }
                    }
                }
                #expect(try test.require(StandInDependency.self).origin == "test")
                #expect(test.resolve(StandInDependency.self, name: "extra-19")?.origin == "extra")
                let service = try test.require(StandInService.self)
                #expect(test.resolve(StandInService.self) === service)
                #expect(app.resolve(StandInService.self) !== service)
            }
            #expect(problems.count == 0, "\(problems.first)")
        }

        @Test("Threads race to make a derived container's registry with its first registrations, while others resolve through it and the app replaces, unregisters and resets")
        func registryMadeOnceUnderRace() throws {
            let app = Container(parent: nil, defaultObjectScope: .container)
            app.register(StandInDependency.self) { _ in StandInDependency(origin: "app") }
            @Sendable func registerService(generation: Int) {
                app.register(StandInService.self) { r in
                    StandInService(generation: generation, dependency: r.resolve(StandInDependency.self)!)
                }
                .inObjectScope(.container)
            }
            registerService(generation: 0)
            let problems = Problems()
            for round in 0..<40 {
                let test = app.derived()
                let registered = AtomicCounter(0)
                JoinableThread.run(8) { thread in
                    switch thread {
                    case 0:
                        // The app changes the registration the derived container's stand-ins keep instances of.
                        switch round % 3 {
                        case 0: registerService(generation: round)
                        case 1:
                            app.unregister(StandInService.self)
                            registerService(generation: round)
                        default: app.resetObjectScope(.container)
                        }
                    case 1...4:
                        // Four threads register at once: each may be the one that makes the registry; the others
                        // must use the one that won, so that no registration is lost.
                        test.register(StandInDependency.self, name: "thread-\(thread)") { _ in
                            StandInDependency(origin: "thread-\(thread)")
                        }
                        AtomicWord(in: registered, at: 0).add(1)
                    default:
                        for _ in 0..<20 {
                            if let service = test.resolve(StandInService.self), service === app.resolve(StandInService.self) {
                                problems.report("the derived container shared the app's singleton")
                            }
                            if test.resolve(StandInDependency.self)?.origin != "app" {
                                problems.report("the app's dependency did not resolve through the derived container")
                            }
                        }
                    }
                }
                #expect(registered.load() == 4)
                for thread in 1...4 {
                    #expect(test.resolve(StandInDependency.self, name: "thread-\(thread)")?.origin == "thread-\(thread)")
                }
                let service = try test.require(StandInService.self)
                #expect(test.resolve(StandInService.self) === service)
            }
            #expect(problems.count == 0, "\(problems.first)")
        }

        @Test("A derived container whose first registration unpublished its first table resolves as before, and is freed")
        func firstTableKeptByTheRegistry() throws {
            let app = Container()
            app.register(StandInDependency.self) { _ in StandInDependency(origin: "app") }
                .inObjectScope(.container)
            weak var dropped: Container?
            do {
                let test = app.derived()
                dropped = test
                let dependency = try test.require(StandInDependency.self)
                #expect(dependency !== app.resolve(StandInDependency.self))
                // The first registration unpublishes the first table; the registry keeps it, so it is not retired.
                test.register(StandInDependency.self, name: "own") { _ in StandInDependency(origin: "test") }
                #expect(test.resolve(StandInDependency.self, name: "own")?.origin == "test")
                #expect(test.resolve(StandInDependency.self) === dependency)
            }
            #expect(dropped == nil)
        }
    }
}
