import Syringe
import Testing

private final class Shared: Sendable {}

@Suite("Derived containers: threads racing on one derived container and on the app")
struct DerivedContainerConcurrencyTests {
    @Test("threads racing on the same derived containers get one instance each, made once, never the app's")
    func oneInstancePerDerivedContainer() {
        let rounds = 500
        let app = Container()
        let appMade = CallCounter()
        app.register(Shared.self) { _ in
            appMade.increment()
            return Shared()
        }
        .inObjectScope(.container)
        let appInstance = app.resolve(Shared.self)
        let derived = (0..<rounds).map { _ in app.derived() }
        let seen = Collected<(round: Int, id: ObjectIdentifier)>()
        let keep = Collected<Shared>()
        let finished = ThreadRunner.run(threads: 4) { thread in
            for round in 0..<rounds {
                // Half the threads also resolve from the app, which must keep its own instance.
                if thread % 2 == 0, app.resolve(Shared.self) !== appInstance { continue }
                guard let instance = derived[round].resolve(Shared.self) else { continue }
                keep.append(instance)
                seen.append((round, ObjectIdentifier(instance)))
            }
        }
        #expect(finished, "the threads deadlocked")
        let all = seen.all
        #expect(all.count == rounds * 4)
        var ids = Set<ObjectIdentifier>()
        for round in 0..<rounds {
            let forRound = Set(all.filter { $0.round == round }.map(\.id))
            #expect(forRound.count == 1)
            ids.formUnion(forRound)
        }
        #expect(ids.count == rounds)
        #expect(!ids.contains(ObjectIdentifier(appInstance!)))
        #expect(appMade.value == rounds + 1)
    }
}
