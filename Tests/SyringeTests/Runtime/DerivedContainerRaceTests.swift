import Foundation
import Testing

@testable import Syringe

// What a derived container makes on first need, raced: its injection state (the registry store's second word,
// Runtime/RegistryStore.swift), its stand-ins of the app's singletons (found by a scan, then an index), and their boxes
// (Runtime/PublishedInstance+Exact.swift), while the app replaces, unregisters and resets what they stand in for.

private final class AppService: Sendable {
    let generation: Int
    init(generation: Int) { self.generation = generation }
}

extension RuntimeTests {
    @Suite("A derived container's state made on first need, raced")
    struct DerivedContainerRaceTests {
        @Test("Threads asking a new container for its injection state at once all get the one it keeps")
        func injectionStateIsMadeOnce() {
            for _ in 0..<50 {
                let container = Container().derived()
                let seen = Locked<Set<ObjectIdentifier>>([])
                JoinableThread.run(8) { index in
                    if index % 2 == 0 { _ = container.hasInjectionWatches }
                    let store = container.injection
                    _ = seen.withLock { $0.insert(ObjectIdentifier(store)) }
                }
                #expect(seen.withLock { $0.count } == 1)
                #expect(seen.withLock { $0.first } == ObjectIdentifier(container.injection))
            }
        }

        @Test("Derived containers resolved on 8 threads while the app replaces, unregisters and resets its singletons: each keeps one instance per app registration, never the app's")
        func standInsStayOnePerRegistration() throws {
            // Born `.container` (the default scope): a registration configured after `register` returns could be
            // resolved in the default scope meanwhile, making instances no scope keeps.
            let app = Container(defaultObjectScope: .container)
            let count = 24  // past the stand-ins a scan finds: the index takes over
            @Sendable func register(_ index: Int, generation: Int) {
                app.register(AppService.self, name: "s\(index)") { _ in AppService(generation: generation) }
            }
            for index in 0..<count { register(index, generation: 0) }
            let problems = Problems()
            let writing = AtomicCounter(1)
            JoinableThread.run(9) { thread in
                if thread == 0 {
                    var random = SeededRandom(state: 0x2545_F491)
                    for generation in 1...300 {
                        let index = random.next(below: count)
                        switch random.next(below: 3) {
                        case 0: register(index, generation: generation)
                        case 1:
                            app.unregister(AppService.self, name: "s\(index)")
                            register(index, generation: generation)
                        default: app.resetObjectScope(.container)
                        }
                    }
                    AtomicWord(in: writing, at: 0).subtract(1)
                    return
                }
                for round in 0..<200 where writing.load() != 0 || round < 5 {
                    let test = app.derived()
                    for index in 0..<count {
                        let name = "s\(index)"
                        // Read before resolving: once the writer is done, every key is bound.
                        let whileWriting = writing.load() != 0
                        guard let first = test.resolve(AppService.self, name: name),
                            let again = test.resolve(AppService.self, name: name)
                        else {
                            // Between the writer's unregister and its register again, the key is unbound.
                            if !whileWriting { problems.report("\(name) did not resolve") }
                            continue
                        }
                        // The app may rebind the key between the two resolves: then the second is the new
                        // registration's stand-in, of a later generation.
                        if first !== again && again.generation <= first.generation {
                            problems.report("\(name): two instances of generation \(first.generation)")
                        }
                        if let appInstance = app.resolve(AppService.self, name: name), appInstance === first {
                            problems.report("\(name): the derived container shared the app's singleton")
                        }
                    }
                }
            }
            #expect(problems.count == 0, "\(problems.first)")
            // Quiet now: one instance per key, the same on every resolve.
            let test = app.derived()
            for index in 0..<count {
                let first = try #require(test.resolve(AppService.self, name: "s\(index)"))
                #expect(test.resolve(AppService.self, name: "s\(index)") === first)
            }
        }
    }
}
