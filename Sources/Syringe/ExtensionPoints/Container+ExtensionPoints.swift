/// What Swinject's `_resolve` hands a registration made with `_register`: the caller's way of calling the factory
/// with its arguments (the resolver first, as the extension chose).
struct OptionInvocation<Arguments> {
    let invoker: ((Arguments) -> Any) -> Any
}

/// Resolution through Swinject's extension point: the form `Container` conforms to, for extensions written against
/// Swinject (SwinjectStoryboard and the like) that resolve with a ``ServiceKeyOption``.
///
/// ```swift
/// let controller: ProfileController? = (container as _Resolver)._resolve(name: nil, option: StoryboardOption(storyboard: "Main")) {
///     (factory: ((Resolver, ProfileController)) -> Any) in factory((container, ProfileController()))
/// }
/// ```
// swift-format-ignore: AlwaysUseLowerCamelCase
public protocol _Resolver {
    /// Resolves the service registered with `Container._register(_:factory:name:option:)` under `name` and
    /// `option`; `invoker` calls the registration's factory with the arguments it takes. `nil` (and a log message)
    /// when nothing is registered so.
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
    /// Registers a factory whose arguments the resolving side supplies through an invoker, under `name` and
    /// `option`: Swinject's extension point. Resolve it with `_resolve(name:option:invoker:)` and the same
    /// `Arguments`.
    ///
    /// A factory that takes only a `Resolver`, registered without an option, is an ordinary registration of
    /// `serviceType` (``register(_:name:fileID:line:factory:)`` resolves it too). With an option, or with other
    /// arguments, it is found only by `_resolve` with the same option and argument types, as in Swinject, where
    /// no ordinary resolve finds a key with an option.
    ///
    /// ```swift
    /// container._register(ProfileController.self, factory: { (r: Resolver, controller: ProfileController) in
    ///     controller.api = r.resolve(API.self)
    ///     return controller
    /// }, option: StoryboardOption(storyboard: "Main"))
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - factory: Makes the service from the arguments the invoker passes.
    ///   - name: The registration name.
    ///   - option: The extension's part of the key, or `nil`.
    /// - Returns: The registration, to configure further.
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
    /// `Arguments`, calling its factory through `invoker`; `nil` (with a log message) when nothing is.
    ///
    /// ```swift
    /// let controller: ProfileController? = container._resolve(name: nil, option: option) {
    ///     (factory: ((Resolver, ProfileController)) -> Any) in factory((container, ProfileController()))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The registration name.
    ///   - option: The extension's part of the key, or `nil`.
    ///   - invoker: Calls the factory it is given with the arguments.
    /// - Returns: The service, or `nil`.
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

/// A factory registered with `Container._register(_:factory:name:option:)` returned something that is not the
/// service type: the resolve fails with ``ResolutionError/Kind/factoryFailed(underlying:)`` carrying this.
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
