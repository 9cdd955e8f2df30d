import Syringe

// Scenario 12 for the request scope: what a server pays per request to give it its own scope. A scope made, given
// one value, run and dropped; then the same with one `.request` service made from the value and resolved twice
// (one creation, one reuse) and disposed with the scope. Each against the hand-written code that passes the value
// and makes the service itself.

/// The value a request provides.
struct BenchmarkRequestUser: Sendable {
    let id: Int
}

/// A per-request service made from the request's value, disposed when the request ends.
final class BenchmarkUnitOfWork: Disposable, Sendable {
    let user: BenchmarkRequestUser
    init(user: BenchmarkRequestUser) { self.user = user }
    func dispose() {}
}

extension ServiceKeys {
    static let benchmarkUser = Key<BenchmarkRequestUser>.providedByRequest(label: "benchmarkUser")
    static let benchmarkUnitOfWork = Key<BenchmarkUnitOfWork>(scope: .request) { r in
        BenchmarkUnitOfWork(user: try r[.benchmarkUser])
    }
}

func requestScopeScenarios() -> [FeatureScenario] {
    let container = Container()
    let user = BenchmarkRequestUser(id: 7)
    // The key's default is registered on first use, before timing.
    _ = try? RequestScope().provide(.benchmarkUser, user).run { try container[.benchmarkUnitOfWork] }

    func handledRequest() -> Int {
        let work = BenchmarkUnitOfWork(user: user)
        let again = work
        defer { work.dispose() }
        return again.user.id
    }

    return [
        FeatureScenario(
            "12 request scope made, given one value, run and dropped",
            handWired: { n in for _ in 0..<n { blackHole(user) } },
            syringe: { n in
                for _ in 0..<n { RequestScope().provide(.benchmarkUser, user).run { blackHole(user) } }
            },
            check: {
                let seen = try? RequestScope().provide(.benchmarkUser, user).run { try container[.benchmarkUser] }
                return seen?.id == 7 ? [] : ["the provided value did not resolve"]
            }
        ),
        FeatureScenario(
            "12 request scope with one .request service made from its value, resolved twice, disposed",
            handWired: { n in for _ in 0..<n { blackHole(handledRequest()) } },
            syringe: { n in
                for _ in 0..<n {
                    let id = try? RequestScope().provide(.benchmarkUser, user).run {
                        let work = try container[.benchmarkUnitOfWork]
                        let again = try container[.benchmarkUnitOfWork]
                        return work === again ? again.user.id : -1
                    }
                    blackHole(id)
                }
            },
            check: {
                let (first, again) = try! RequestScope().provide(.benchmarkUser, user).run {
                    (try container[.benchmarkUnitOfWork], try container[.benchmarkUnitOfWork])
                }
                let other = try? RequestScope().provide(.benchmarkUser, user).run {
                    try container[.benchmarkUnitOfWork]
                }
                var failures: [String] = []
                if first !== again { failures.append("one scope made two instances") }
                if other === first { failures.append("two scopes shared an instance") }
                return failures
            }
        ),
    ]
}
