/// Thrown inside the engine by the factory of a value a request scope provides, and turned into a
/// ``ResolutionError`` with the resolution path (as ``AsyncFactoryRequired`` is).
struct RequestScopeFailure: Error {
    /// Whether a request scope was running (it does not provide the value) or none was.
    let scopeWasRunning: Bool

    /// The value the running request scope provides for `key`; throws when no scope runs or it provides none.
    static func providedValue<Value>(_: Value.Type, name: String?) throws(RequestScopeFailure) -> Value {
        let key = ServiceKey(serviceType: Value.self, argumentsType: noArgumentsKey, name: name)
        guard let scope = RequestScope.current else { throw RequestScopeFailure(scopeWasRunning: false) }
        guard let value = scope.value(for: key) as? Value else { throw RequestScopeFailure(scopeWasRunning: true) }
        return value
    }

    /// The kind of the ``ResolutionError`` this failure becomes.
    var kind: ResolutionError.Kind {
        .notProvidedByRequest(scopeRunning: scopeWasRunning)
    }
}

extension ResolutionError {
    /// Whether the failure is a value each request provides, asked while no request scope runs: what verification and
    /// the dependency graph list as provided by the request rather than as a failure.
    var isUnprovidedRequestValue: Bool {
        if case .notProvidedByRequest(scopeRunning: false) = kind { return true }
        return false
    }
}
