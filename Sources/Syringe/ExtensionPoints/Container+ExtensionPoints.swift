/// What `_resolve` hands a registration made with `_register`: the caller's way of calling the factory.
struct OptionInvocation<Arguments> {
    let invoker: ((Arguments) -> Any) -> Any
}

/// Swinject's extension point for resolving with a ``ServiceKeyOption`` (SwinjectStoryboard and the like).
///
/// ```swift
/// let controller: ProfileController? = (container as _Resolver)._resolve(name: nil, option: StoryboardOption(storyboard: "Main")) {
///     (factory: ((Resolver, ProfileController)) -> Any) in factory((container, ProfileController()))
/// }
/// ```
// swift-format-ignore: AlwaysUseLowerCamelCase
public protocol _Resolver {
    /// Resolves what `Container._register(_:factory:name:option:)` registered under `name` and `option`;
    /// `invoker` calls its factory with the arguments. `nil` (logged) when nothing is registered so.
    ///
    /// ```swift
    /// let controller: ProfileController? = container._resolve(name: nil, option: option) {
    ///     (factory: ((Resolver, ProfileController)) -> Any) in factory((container, ProfileController()))
    /// }
    /// ```
    func _resolve<Service, Arguments>(
        name: String?,
        option: (any ServiceKeyOption)?,
        invoker: @escaping ((Arguments) -> Any) -> Any
    ) -> Service?
}

extension Container: _Resolver {
    /// Registers a factory whose arguments `_resolve(name:option:invoker:)` supplies, under `name` and `option`:
    /// Swinject's extension point. Only a factory of a `Resolver` alone, without an option, is also an ordinary
    /// registration.
    ///
    /// ```swift
    /// container._register(ProfileController.self, factory: { (r: Resolver, controller: ProfileController) in
    ///     controller.api = r.resolve(API.self)
    ///     return controller
    /// }, option: StoryboardOption(storyboard: "Main"))
    /// ```
    @discardableResult
    public func _register<Service, Arguments>(
        _ serviceType: Service.Type,
        factory: @escaping @Sendable (Arguments) -> Any,
        name: String? = nil,
        option: (any ServiceKeyOption)? = nil
    ) -> ServiceEntry<Service> {
        let name = OptionNames.name(name, option: option)
        if option == nil, Arguments.self == (any Resolver).self {
            return register(Service.self, name: name) { resolver in
                // `Arguments` is `any Resolver` (checked above), so the cast cannot fail.
                try OptionResultMismatch.service(Service.self, from: factory(resolver as! Arguments))
            }
        }
        return register(Service.self, name: name) { (_: any Resolver, invocation: OptionInvocation<Arguments>) in
            try OptionResultMismatch.service(Service.self, from: invocation.invoker(factory))
        }
    }

    /// Resolves what `_register(_:factory:name:option:)` registered under `name` and `option` with the same
    /// `Arguments`, calling its factory through `invoker`; `nil` (logged) when nothing is.
    ///
    /// ```swift
    /// let controller: ProfileController? = container._resolve(name: nil, option: option) {
    ///     (factory: ((Resolver, ProfileController)) -> Any) in factory((container, ProfileController()))
    /// }
    /// ```
    public func _resolve<Service, Arguments>(
        name: String?,
        option: (any ServiceKeyOption)? = nil,
        invoker: @escaping ((Arguments) -> Any) -> Any
    ) -> Service? {
        let name = OptionNames.name(name, option: option)
        if option == nil, Arguments.self == (any Resolver).self {
            return resolve(Service.self, name: name)
        }
        return resolve(Service.self, name: name, argument: OptionInvocation(invoker: invoker))
    }
}

/// A `_register` factory returned something not of the service type (carried by `factoryFailed`).
struct OptionResultMismatch: Error, CustomStringConvertible {
    let made: Any.Type
    let expected: Any.Type

    var description: String {
        "the factory registered with _register returned \(made), which is not \(expected)"
    }

    /// `made` as `Service`, or this error.
    static func service<Service>(_ type: Service.Type, from made: Any) throws -> Service {
        if let service = made as? Service { return service }
        throw OptionResultMismatch(made: Swift.type(of: made), expected: Service.self)
    }
}
