/// One request's own instances and values: the ``ObjectScope/request`` services made while it runs, and the values
/// it provides for keys declared ``ServiceKeys/DeclaredKey/providedByRequest(label:name:fileID:line:)``.
///
/// Make one per request (or per task of any kind), give it the request's values, and resolve inside ``run(_:)``:
/// every resolve made there, by the code in `body` and by any task it starts, sees this scope. Each `.request`
/// registration gets one instance per scope, shared by everything that resolves it while the scope runs. When
/// the outermost `run` returns, the scope ends: its ``Disposable`` and ``AsyncDisposable`` instances are disposed,
/// newest first, and forgotten. A later `run` of the same scope starts again with no instance; its provided values
/// stay.
///
/// ```swift
/// extension ServiceKeys {
///     static let user = Key<User>.providedByRequest(label: "user")
///     static let basket = Key<Basket>(scope: .request) { r in Basket(owner: try r[.user]) }
/// }
///
/// let scope = RequestScope().provide(.user, User(id: 7))
/// let basket = try scope.run { try container[.basket] }
/// ```
///
/// A resolve of a `.request` service outside any running scope throws
/// ``ResolutionError/Kind/outsideRequestScope``; a request value the running scope does not provide throws
/// ``ResolutionError/Kind/notProvidedByRequest(scopeRunning:)``. The values and instances are the request's:
/// values must be `Sendable`, since a task started inside `run` sees them too.
public final class RequestScope: Sendable {
    /// The scope the current task (or thread, outside any task) runs in, if any.
    @TaskLocal static var running: RequestScope?

    /// The innermost scope whose ``run(_:)`` is running in the current task or thread, if any.
    ///
    /// ```swift
    /// if let scope = RequestScope.current { print("in a request:", scope) }
    /// ```
    public static var current: RequestScope? { running }

    /// One provided value, by the key it answers (type and name, no arguments).
    struct Value {
        let key: ServiceKey
        let value: any Sendable
    }

    /// One `.request` registration of this scope, and the stand-in that keeps its instance here.
    struct Keeper {
        let original: ObjectIdentifier
        let standIn: Registration
    }

    struct State {
        /// The provided values, in the order given; a later one for the same key replaces the earlier.
        /// A list: a request provides a few, found by a short scan with no hashing.
        var values: [Value] = []
        /// The stand-ins of the `.request` registrations resolved while the scope runs, in the order first resolved.
        var keepers: [Keeper] = []
        /// Records the disposable instances of the stand-ins, in creation order; made with the first stand-in.
        var lifecycle: LifecycleStore?
        /// How many `run` calls of this scope are running (nested runs count each).
        var runs = 0
    }

    private let state = Locked(State())

    /// Creates a scope with no values and no instances.
    ///
    /// ```swift
    /// let scope = RequestScope()
    /// ```
    public init() {}

    /// Provides `value` for resolves of `type` (with `name`) while the scope runs: the answer of a key declared
    /// ``ServiceKeys/DeclaredKey/providedByRequest(label:name:fileID:line:)`` or of a registration made with
    /// ``Container/registerProvidedByRequest(_:name:fileID:line:)`` for that type and name.
    ///
    /// ```swift
    /// container.registerProvidedByRequest(RequestID.self)
    /// let id = try RequestScope().provide(RequestID.self, RequestID("abc")).run { try container.require(RequestID.self) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type the value answers as.
    ///   - name: The registration name it answers; `nil` for the unnamed one.
    ///   - value: The value.
    /// - Returns: This scope, to chain further values.
    @discardableResult
    public func provide<Value: Sendable>(_ type: Value.Type, name: String? = nil, _ value: Value) -> RequestScope {
        let key = ServiceKey(serviceType: Value.self, argumentsType: noArgumentsKey, name: name)
        state.withLock { state in
            if let index = state.values.firstIndex(where: { $0.key == key }) {
                state.values[index] = RequestScope.Value(key: key, value: value)
            } else {
                state.values.append(RequestScope.Value(key: key, value: value))
            }
        }
        return self
    }

    /// Provides `value` for resolves of `key` while the scope runs.
    ///
    /// ```swift
    /// let user = try RequestScope().provide(.user, User(id: 7)).run { try container[.user] }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key the value answers.
    ///   - value: The value.
    /// - Returns: This scope, to chain further values.
    @discardableResult
    public func provide<Value: Sendable>(_ key: ServiceKeys.Key<Value>, _ value: Value) -> RequestScope {
        provide(Value.self, name: key.name, value)
    }

    /// Runs `body` in this scope: every resolve it makes sees the scope. When the outermost `run` of the scope
    /// returns (or throws), the scope ends and disposes its instances, newest first: ``Disposable`` ones now,
    /// ``AsyncDisposable`` ones in a task started afterwards (use the `async` form to wait for them).
    ///
    /// ```swift
    /// let total = try RequestScope().provide(.user, User(id: 7)).run {
    ///     try container[.basket].total
    /// }
    /// ```
    ///
    /// - Parameter body: The work of the request.
    /// - Returns: What `body` returns.
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        begin()
        defer { disposeNow(end()) }
        return try RequestScope.$running.withValue(self) { try body() }
    }

    /// Runs `body` in this scope, awaited: every resolve it makes, and every resolve of a child task it starts,
    /// sees the scope. When the outermost `run` of the scope returns (or throws), the scope ends and disposes its
    /// instances, newest first, awaiting each ``AsyncDisposable``.
    ///
    /// ```swift
    /// let total = try await RequestScope().provide(.user, User(id: 7)).run {
    ///     try await container.async[.basket].total
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The actor `body` runs on; the caller's.
    ///   - body: The work of the request.
    /// - Returns: What `body` returns.
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        begin()
        do {
            let result = try await RequestScope.$running.withValue(self) { try await body() }
            await disposeInOrder(end())
            return result
        } catch {
            await disposeInOrder(end())
            throw error
        }
    }

    // MARK: For the engine

    /// The value provided for `key`, if any.
    func value(for key: ServiceKey) -> (any Sendable)? {
        state.withLock { state in state.values.first { $0.key == key }?.value }
    }

    /// The stand-in that keeps this scope's instance of the `.request` registration `original`, made now if there
    /// is none; `nil` when no `run` of the scope is running (the scope ended, and a task that outlived it resolves).
    func keeper(for original: Registration) -> Registration? {
        let id = ObjectIdentifier(original)
        return state.withLock { state -> Registration? in
            guard state.runs > 0 else { return nil }
            if let keeper = state.keepers.first(where: { $0.original == id }) { return keeper.standIn }
            let lifecycle = state.lifecycle ?? LifecycleStore()
            state.lifecycle = lifecycle
            let standIn = StandInRegistration(of: original, scope: ObjectScope.request, lifecycle: lifecycle)
            state.keepers.append(Keeper(original: id, standIn: standIn))
            return standIn
        }
    }

    // MARK: Beginning and ending

    private func begin() {
        state.withLock { $0.runs += 1 }
    }

    /// Counts a `run` out; when it was the outermost, forgets the instances and returns the disposable ones.
    private func end() -> [PendingDisposal] {
        let (keepers, lifecycle) = state.withLock { state -> ([Keeper], LifecycleStore?) in
            state.runs -= 1
            guard state.runs == 0 else { return ([], nil) }
            defer {
                state.keepers = []
                state.lifecycle = nil
            }
            return (state.keepers, state.lifecycle)
        }
        guard let lifecycle else { return [] }
        var pending: [PendingDisposal] = []
        for keeper in keepers {
            pending += keeper.standIn.release(ifIn: nil, retiring: true)
        }
        return pending + lifecycle.takeAll()
    }
}
