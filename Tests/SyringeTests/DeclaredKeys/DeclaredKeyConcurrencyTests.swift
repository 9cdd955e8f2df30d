import Syringe
import Testing

@Suite("Declared keys from many threads: the first uses race, the default is registered once")
struct DeclaredKeyConcurrencyTests {
    @Test("threads racing on a key's first use get one container-scoped instance, made once, in every container")
    func racingFirstUse() {
        let rounds = 200
        let made = CallCounter()
        let key = ServiceKeys.Key<KeyedSession>(name: "racing", scope: .container) { _ in
            made.increment()
            return KeyedSession()
        }
        let containers = (0..<rounds).map { _ in Container() }
        let seen = Collected<(round: Int, id: ObjectIdentifier)>()
        let keep = Collected<KeyedSession>()
        let finished = ThreadRunner.run(threads: 4) { thread in
            for round in 0..<rounds {
                // Half the threads come in through a child: the default still goes to the root, once.
                let container = thread % 2 == 0 ? containers[round] : Container(parent: containers[round])
                guard let session = try? container[key] else { continue }
                keep.append(session)
                seen.append((round, ObjectIdentifier(session)))
            }
        }
        #expect(finished, "the threads deadlocked")
        let all = seen.all
        #expect(all.count == rounds * 4)
        for round in 0..<rounds {
            #expect(Set(all.filter { $0.round == round }.map(\.id)).count == 1)
        }
        #expect(made.value == rounds)
    }

    @Test("threads overriding a key in their own derived containers while others resolve the app's default")
    func overridesRacingDefaults() {
        let app = Container()
        let failures = Collected<String>()
        let finished = ThreadRunner.run(threads: 4) { thread in
            for round in 0..<100 {
                let label = "\(thread)-\(round)"
                if thread % 2 == 0 {
                    let test = app.derived { c in c.register(.keyedAPI) { _ in MockKeyedAPI(label) } }
                    if (try? test[.keyedDetail, round].api.label) != label { failures.append(label) }
                } else if (try? app[.keyedDetail, round].api.label) != "real" {
                    failures.append("app \(label)")
                }
            }
        }
        #expect(finished, "the threads deadlocked")
        #expect(failures.all.isEmpty)
    }
}
