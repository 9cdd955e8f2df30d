/// How an `@Injected` property's value is resolved from its static type.
enum InjectionDispatch {
    /// Resolves a value of `Value` under `name`: an optional resolves to `nil` when its wrapped type is not
    /// registered (the container's `Optional` handling); anything else is required.
    static func resolve<Value>(
        _ type: Value.Type, name: String?, from resolver: any Resolver
    ) throws(ResolutionError) -> Value {
        try resolver.require(Value.self, name: name)
    }
}
