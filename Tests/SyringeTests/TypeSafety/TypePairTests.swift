import Syringe
import Testing

extension TypeSafety {
    /// Whatever type is registered and whatever type is asked for, a resolve returns what `as?` gives on the factory's
    /// product: the same object, an equal value, or nothing (`resolve` returns `nil`, `require` throws
    /// `wrongInstanceType`). Never a crash, never another type's bytes. The model is in `TypePairModel.swift`.
    @Suite("Type pairs")
    struct TypePairTests {
        /// Records `problems` as one issue, the first `limit` of them listed.
        private static func record(
            _ problems: [String], limit: Int = 30, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            guard !problems.isEmpty else { return }
            let listed = problems.prefix(limit).joined(separator: "\n")
            Issue.record(Comment(rawValue: "\(problems.count) problems:\n\(listed)"), sourceLocation: sourceLocation)
        }

        @Test(
            "every registered type, requested as every type (itself, or forwarded), matches as? in each scope",
            arguments: ScopeCase.allCases
        )
        func everyPair(scope: ScopeCase) async {
            var problems: [String] = []
            var runs = 0
            var castable = 0
            for registered in registeredCases {
                for requested in requestedCases {
                    let same = registered.registeredType == requested.requestedType
                    if registered.casts(to: requested) { castable += 1 }
                    for style in [Style.topLevel, .nested, .reentrant] {
                        let plan = Plan(
                            route: same ? .direct : .forward, arguments: NoArguments(), asyncFactory: false,
                            scope: scope,
                            style: style, calls: [.resolve, .require], location: .same
                        )
                        problems += await registered.run(requesting: requested, plan: plan)
                        runs += 1
                    }
                }
            }
            Self.record(problems)
            #expect(runs == registeredCases.count * requestedCases.count * 3)
            // The table holds both pairs whose cast succeeds and pairs whose cast fails.
            #expect(castable > 0 && castable < registeredCases.count * requestedCases.count)
        }

        @Test(
            "generated pairs through every route, argument kind, scope, resolving style and container match as?",
            arguments: [1, 2, 3, 4] as [UInt64]
        )
        func generatedPairs(seed: UInt64) async {
            var random = SeededRandom(state: seed)
            var problems: [String] = []
            var runs = 0
            var attempts = 0
            while runs < 1_500 {
                attempts += 1
                let registered = registeredCases[random.next(below: registeredCases.count)]
                // Half the time a type the product casts to, so that most cases return a value.
                var requested = requestedCases[random.next(below: requestedCases.count)]
                if random.next(below: 2) == 0 {
                    let castable = requestedCases.filter { registered.casts(to: $0) }
                    requested = castable[random.next(below: castable.count)]
                }
                let plan = Plan(
                    route: Route.allCases[random.next(below: Route.allCases.count)],
                    arguments: random.next(below: 3) == 0
                        ? NoArguments() : argumentCases[random.next(below: argumentCases.count)],
                    asyncFactory: random.next(below: 4) == 0,
                    scope: ScopeCase.allCases[random.next(below: ScopeCase.allCases.count)],
                    style: Style.allCases[random.next(below: Style.allCases.count)],
                    calls: [Call.allCases[random.next(below: 2)], Call.allCases[random.next(below: 2)]],
                    location: Location.allCases[random.next(below: Location.allCases.count)]
                )
                guard plan.isValid(registered: registered, requested: requested) else { continue }
                problems += await registered.run(requesting: requested, plan: plan).map { "seed \(seed): \($0)" }
                runs += 1
            }
            Self.record(problems)
            #expect(attempts < 100 * runs, "the generator rejects almost every plan")
        }

        @Test(
            "every registered type with every kind of runtime argument matches as?, resolved and awaited",
            arguments: [Style.topLevel, .nested, .asyncTopLevel, .asyncNested]
        )
        func everyArgumentKind(style: Style) async {
            var problems: [String] = []
            for registered in registeredCases {
                for arguments in argumentCases {
                    for asyncFactory in style.isAsync ? [false, true] : [false] {
                        // The registered type itself, and the first other requested type it casts to.
                        let requested = requestedCases.filter { registered.casts(to: $0) }
                        let other = requested.first { $0.requestedType != registered.registeredType }
                        let same = requested.first { $0.requestedType == registered.registeredType }
                        for (route, requested) in [(Route.direct, same), (.forward, other)] {
                            guard let requested else { continue }
                            let plan = Plan(
                                route: route, arguments: arguments, asyncFactory: asyncFactory, scope: .container,
                                style: style, calls: [.require, .resolve], location: .same
                            )
                            problems += await registered.run(requesting: requested, plan: plan)
                        }
                    }
                }
            }
            Self.record(problems)
        }
    }
}
