/// How an `@Injected` property's value is resolved from its static type.
enum InjectionDispatch {
    /// Resolves a value of `Value` under `name`, through the multi-injection entry point
    /// (``Resolver/requireDependency(_:name:)``): an array (`[Plugin]`) receives every registration of its
    /// element type (or a registration of the array type itself under `name`); an optional resolves to `nil` when
    /// its wrapped type is not registered (the container's `Optional` handling); anything else is required.
    static func resolve<Value>(
        _ type: Value.Type, name: String?, from resolver: any Resolver
    ) throws(ResolutionError) -> Value {
        try resolver.requireDependency(Value.self, name: name)
    }
}
