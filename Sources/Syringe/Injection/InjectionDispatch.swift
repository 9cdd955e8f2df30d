/// How an `@Injected` property's value is resolved from its static type.
enum InjectionDispatch {
    /// Resolves a value of `Value` under `name`, through the multi-injection entry point
    /// (``Resolver/requireDependency(_:name:)``): an array (`[Plugin]`) receives every registration of its
    /// element type (or a registration of the array type itself under `name`); an optional resolves to `nil` when
    /// its wrapped type is not registered (the container's `Optional` handling); anything else is required.
    static func resolve<Value>(
        _ type: Value.Type, name: String?, from resolver: any Resolver
    ) throws(ResolutionError) -> Value {
        // Whether `Value` is an array is remembered per type: the check is a conformance lookup (~400
        // instructions), once per property of every injection otherwise.
        let id = ObjectIdentifier(Value.self)
        if plainTypes.withLock({ $0.contains(id) }) { return try resolver.require(Value.self, name: name) }
        if !isMultiInjected(Value.self) { plainTypes.withLock { _ = $0.insert(id) } }
        return try resolver.requireDependency(Value.self, name: name)
    }

    /// The property types seen not to be arrays: types are few and live for good.
    private static let plainTypes = Locked<Set<ObjectIdentifier>>([])
}
