/// One request's own instances and values: the ``ObjectScope/request`` services made while it runs, and the values
/// it provides for keys declared ``ServiceKeys/DeclaredKey/providedByRequest(label:name:fileID:line:)``.
///
/// Every resolve made inside ``run(_:)``, and by any task started there, sees the scope. When the outermost `run`
/// returns, its disposable instances are disposed, newest first, and forgotten; its provided values stay.
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
public final class RequestScope: Sendable {
    /// The scope the current task (or thread, outside any task) runs in, if any.
    @TaskLocal static var running: RequestScope?

    /// The innermost scope whose ``run(_:)`` is running in the current task or thread, if any.
    ///
    /// ```swift
    /// if let scope = RequestScope.current { print("in a request:", scope) }
    /// ```
    public static var current: RequestScope? { running }

    struct Value {
        let key: ServiceKey
        let value: any Sendable
    }

    /// A `.request` registration and the stand-in that keeps its instance in this scope.
    struct Keeper {
        let original: ObjectIdentifier
        let standIn: Registration
    }

    struct State {
        /// A list, not a dictionary: a request provides a few values, found by a short scan with no hashing.
        var values: [Value] = []
        var keepers: [Keeper] = []
        /// Records the stand-ins' disposable instances; made with the first stand-in.
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

    /// Provides `value` for resolves of `type` (with `name`) while the scope runs; a later value replaces an earlier.
    ///
    /// ```swift
    /// container.registerProvidedByRequest(RequestID.self)
    /// let id = try RequestScope().provide(RequestID.self, RequestID("abc")).run { try container.require(RequestID.self) }
    /// ```
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
    @discardableResult
    public func provide<Value: Sendable>(_ key: ServiceKeys.Key<Value>, _ value: Value) -> RequestScope {
        provide(Value.self, name: key.name, value)
    }

    /// Runs `body` in this scope: every resolve it makes sees the scope. When the outermost `run` of the scope
    /// returns (or throws), the scope ends and disposes its instances, newest first: ``Disposable`` ones now,
    /// ``AsyncDisposable`` ones in a task started afterwards (use the `async` form to wait for them).
    ///
    /// ```swift
    /// let total = try RequestScope().provide(.user, User(id: 7)).run { try container[.basket].total }
    /// ```
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        begin()
        defer { disposeNow(end()) }
        return try RequestScope.$running.withValue(self) { try body() }
    }

    /// Runs `body` in this scope, awaited; child tasks see the scope too. When the outermost `run` returns (or
    /// throws), the scope disposes its instances, newest first, awaiting each ``AsyncDisposable``.
    ///
    /// ```swift
    /// let total = try await RequestScope().provide(.user, User(id: 7)).run {
    ///     try await container.async[.basket].total
    /// }
    /// ```
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
