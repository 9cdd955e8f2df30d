/// How an `@Injected` property's value is resolved from its static type.
enum InjectionDispatch {
    /// Resolves `Value` under `name` through ``Resolver/requireDependency(_:name:)`` (arrays multi-injected).
    static func resolve<Value>(
        _ type: Value.Type, name: String?, from resolver: any Resolver
    ) throws(ResolutionError) -> Value {
        // Remembered per type: the array check is a conformance lookup (~400 instructions).
        let id = ObjectIdentifier(Value.self)
        if plainTypes.withLock({ $0.contains(id) }) { return try resolver.require(Value.self, name: name) }
        if !isMultiInjected(Value.self) { plainTypes.withLock { _ = $0.insert(id) } }
        return try resolver.requireDependency(Value.self, name: name)
    }

    /// The property types seen not to be arrays: types are few and live for good.
    private static let plainTypes = Locked<Set<ObjectIdentifier>>([])
}
