// Makes a program from a seed. The same seed gives the same program on every machine (SplitMix64, no
// system randomness), so a failing seed can be run again and read.
//
// Swinject stops the process (`fatalError` at resolution depth 200) on recursion that never ends, so the
// generator only makes programs where Swinject's resolution terminates, by construction:
//
// - A factory resolves (directly, or by reading a `Lazy`/`Provider` at once) only kinds after its own kind in
//   `ServiceKind`'s order, and only kinds after `describing` forward `Describing` with `implements`: initializer
//   dependencies form a DAG, so a chain of factories ends.
// - An `initCompleted` of a `.transient` registration also only resolves later kinds. Other scopes' `initCompleted`
//   may resolve anything, their own type included (back-references, circular graphs).
//
// Why that terminates in Swinject 2.10: `Container.resolve(entry:invoker:)` stores a `.graph`, `.container` or
// `.weak` instance (for the current graph) before it runs `initCompleted`, and returns a stored instance without
// running anything. So within one top-level resolution each non-transient registration's `initCompleted` runs at
// most once, and any cycle of requests must go through such an `initCompleted` (the rest is acyclic): nesting is
// bounded by the number of registrations times the number of kinds, far below 200. (A `.graph` factory may run a
// second time when its own `initCompleted`-closed cycle asks for it before it is stored; that second run finds
// the other side stored and ends.) A program that still makes Swinject trap is discarded by the runner (it runs
// each program in a child process first), not counted as a difference.

/// SplitMix64: a small, fast generator with a 64-bit state, good enough for choosing operations.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Features a program may use; each can be switched off from the command line (`--without NAME`), to avoid a
/// known difference rather than excuse it. `initializer-cycles` is off unless asked for (`--with NAME`).
public struct GeneratorOptions: Sendable, Hashable {
    public var lazyAndProvider = true
    public var readDeferredInFactory = true
    public var childContainers = true
    public var reRegistration = true
    public var removeAll = true
    public var resets = true
    public var injections = true
    public var inspectResolver = true
    /// Lets factories (and `.transient` `initCompleted` closures) resolve any kind, so initializer cycles occur and
    /// Swinject stops the process on some programs: shows that such programs are discarded, not miscounted.
    public var initializerCycles = false

    public init() {}

    /// The flag names, for `--without FEATURE`.
    public static var names: [String: WritableKeyPath<GeneratorOptions, Bool>] {
        [
            "lazy-provider": \.lazyAndProvider,
            "read-in-factory": \.readDeferredInFactory,
            "children": \.childContainers,
            "re-register": \.reRegistration,
            "remove-all": \.removeAll,
            "resets": \.resets,
            "injections": \.injections,
            "inspect-resolver": \.inspectResolver,
            "initializer-cycles": \.initializerCycles,
        ]
    }
}

/// Makes the program of a seed.
public struct Generator {
    private var random: SeededGenerator
    private let options: GeneratorOptions
    private let seed: UInt64
    private var operations: [Operation] = []
    private var parents: [Int?] = [nil]
    /// Every key registered so far, in any container, with the registration's spec (the latest one).
    private var registered: [Key: RegistrationSpec] = [:]
    private var specs: [RegistrationSpec] = []
    private var slotCount = 0
    /// Slots not dropped yet.
    private var heldSlots: [Int] = []
    /// Slots likely to hold a `Lazy`/`Provider`, or an object whose factory stored one.
    private var handleSlots: [Int] = []
    private var releasedCount = 0
    private var requestsMade: [(container: Int, request: Request)] = []

    public static func program(seed: UInt64, options: GeneratorOptions = GeneratorOptions()) -> Program {
        var generator = Generator(seed: seed, options: options)
        return generator.make()
    }

    private init(seed: UInt64, options: GeneratorOptions) {
        // Mixed once, so that neighbouring seeds start far apart.
        var mixer = SeededGenerator(seed: seed)
        self.random = SeededGenerator(seed: mixer.next())
        self.options = options
        self.seed = seed
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &random)]
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    private mutating func make() -> Program {
        for _ in 0..<int(2...5) { operations.append(.register(makeRegistration())) }
        let length = int(10...36)
        while operations.count < length {
            operations.append(makeOperation())
        }
        return Program(seed: seed, operations: operations)
    }

    private mutating func makeOperation() -> Operation {
        let roll = int(0...99)
        switch roll {
        case 0..<26:
            return .register(makeRegistration())
        case 26..<56:
            return makeResolve()
        case 56..<63 where options.lazyAndProvider && slotCount > 0:
            return makeRead()
        case 63..<72 where !heldSlots.isEmpty:
            let slot = pick(heldSlots)
            heldSlots.removeAll { $0 == slot }
            releasedCount += 1
            return .drop(slot: slot)
        case 72..<80 where releasedCount > 0:
            return .checkAlive(released: int(0...(releasedCount - 1)))
        case 80..<85 where options.childContainers && parents.count < 4:
            let parent = anyContainer()
            parents.append(parent)
            return .makeChild(parent: parent)
        case 85..<91 where options.resets:
            return .resetScope(container: anyContainer(), chance(0.7) ? .container : pick(Scope.allCases))
        case 91..<97 where options.resets:
            let scope: Scope = chance(0.7) ? .container : pick(Scope.allCases)
            return .resetScopeOfType(container: anyContainer(), scope, pick(ServiceKind.allCases))
        case 97..<100 where options.removeAll:
            return .removeAll(container: anyContainer())
        default:
            return makeResolve()
        }
    }

    private mutating func anyContainer() -> Int {
        int(0...(parents.count - 1))
    }

    // MARK: Registrations

    private mutating func makeRegistration() -> RegistrationSpec {
        let id = operations.count
        if options.reRegistration, !specs.isEmpty, chance(0.25) {
            // The same key again, in its container or (with children) in another one, with a new configuration.
            let previous = pick(specs)
            var spec = makeRegistration(id: id, kind: previous.kind, name: previous.name, arity: previous.arity)
            spec.container = chance(0.7) ? previous.container : anyContainer()
            return remember(spec)
        }
        let kind = pick(ServiceKind.allCases)
        let name: String? = chance(0.75) ? nil : pick(["a", "b"])
        let arity = chance(0.75) ? 0 : int(1...2)
        var spec = makeRegistration(id: id, kind: kind, name: name, arity: arity)
        spec.container = anyContainer()
        return remember(spec)
    }

    private mutating func remember(_ spec: RegistrationSpec) -> RegistrationSpec {
        specs.append(spec)
        for key in spec.keys { registered[key] = spec }
        return spec
    }

    private mutating func makeRegistration(id: Int, kind: ServiceKind, name: String?, arity: Int) -> RegistrationSpec {
        let scope = pick(Scope.allCases)
        var spec = RegistrationSpec(id: id, container: 0, kind: kind, name: name, arity: arity, scope: scope)
        spec.makesSubclass = kind == .gamma && chance(0.5)
        spec.implementsDescribing = kind.mayImplementDescribing && chance(0.3)
        spec.inspectsResolver = options.inspectResolver && chance(0.15)
        let later =
            options.initializerCycles
            ? ServiceKind.allCases : ServiceKind.allCases.filter { $0.rawValue > kind.rawValue }
        if !later.isEmpty {
            for _ in 0..<int(0...2) {
                var request = makeRequest(among: later)
                let deferred = options.lazyAndProvider && chance(0.25)
                request.wrapper = deferred ? (chance(0.5) ? .lazy : .provider) : .direct
                let readNow = deferred && options.readDeferredInFactory && chance(0.3)
                spec.dependencies.append(Dependency(request: request, readNow: readNow))
            }
        }
        if options.lazyAndProvider, chance(0.15) {
            // A handle to any kind, the factory's own included: it is not read here, so no cycle is made now.
            var request = makeRequest(among: ServiceKind.allCases)
            request.wrapper = chance(0.5) ? .lazy : .provider
            spec.dependencies.append(Dependency(request: request))
        }
        if options.injections, chance(0.45) {
            let allowed = scope == .transient ? later : ServiceKind.allCases
            if !allowed.isEmpty {
                for _ in 0..<int(1...2) {
                    // Back-references to the registration's own key are made often: they close the cycles.
                    let request =
                        scope != .transient && chance(0.3)
                        ? Request(kind: kind, name: name, arguments: sampleArguments(arity))
                        : makeRequest(among: allowed)
                    spec.injections.append(request)
                }
            }
        }
        return spec
    }

    private mutating func sampleArguments(_ arity: Int) -> Arguments {
        switch arity {
        case 0: .none
        case 1: .one(int(1...3))
        default: .two(int(1...3), pick(["x", "y"]))
        }
    }

    /// A direct request for one of `kinds`: mostly a key registered so far, sometimes any key (usually a miss).
    private mutating func makeRequest(among kinds: [ServiceKind]) -> Request {
        let known = registered.keys.filter { kinds.contains($0.kind) }.sorted { "\($0)" < "\($1)" }
        if !known.isEmpty, chance(0.8) {
            let key = pick(known)
            return Request(kind: key.kind, name: key.name, arguments: sampleArguments(key.arity))
        }
        let name: String? = chance(0.8) ? nil : "a"
        return Request(kind: pick(kinds), name: name, arguments: sampleArguments(chance(0.8) ? 0 : 1))
    }

    // MARK: Resolves and reads

    private mutating func makeResolve() -> Operation {
        let container: Int
        var request: Request
        if !requestsMade.isEmpty, chance(0.35) {
            // The same request again (maybe from another container): shows what is shared and what is new.
            let previous = pick(requestsMade)
            request = previous.request
            container = chance(0.7) ? previous.container : anyContainer()
        } else {
            request = makeRequest(among: ServiceKind.allCases)
            container = anyContainer()
            if options.lazyAndProvider, chance(0.2) { request.wrapper = chance(0.5) ? .lazy : .provider }
        }
        requestsMade.append((container, request))
        let storesHandles = registered[request.key]?.dependencies.contains { $0.request.wrapper != .direct } ?? false
        if request.wrapper != .direct || storesHandles { handleSlots.append(slotCount) }
        heldSlots.append(slotCount)
        slotCount += 1
        return .resolve(container: container, request)
    }

    private mutating func makeRead() -> Operation {
        // Mostly a held slot with a handle to read; now and then any slot (a dropped one has nothing to read).
        let readable = handleSlots.filter { heldSlots.contains($0) }
        let slot = !readable.isEmpty && chance(0.9) ? pick(readable) : int(0...(slotCount - 1))
        heldSlots.append(slotCount)
        slotCount += 1
        return .read(slot: slot, link: int(0...3))
    }
}
