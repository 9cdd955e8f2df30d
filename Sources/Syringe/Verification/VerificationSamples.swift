/// Sample runtime arguments for ``Container/verify(samples:)``, so registrations that take arguments can be
/// verified too.
///
/// A registration whose factory takes runtime arguments cannot be resolved without them; verification lists
/// it as not verifiable unless a sample is provided for its service type, name and argument types. A sample
/// given for one type also serves the types the registration is forwarded to.
///
/// ```swift
/// try container.verify { samples in
///     samples.provide(Animal.self, name: "dog", arguments: "Hachi")
///     samples.provide(Order.self, arguments: 42, "EUR")
/// }
/// ```
public final class VerificationSamples {
    struct Sample {
        let key: ServiceKey
        let request: ServiceRequest
        let arguments: Any
    }

    private(set) var samples: [Sample] = []

    init() {}

    /// Provides the arguments to verify the registration of `serviceType` under `name` that takes exactly these
    /// argument types, in this order.
    ///
    /// ```swift
    /// samples.provide(Animal.self, name: "dog", arguments: "Hachi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The registered service type (or a type it is forwarded to).
    ///   - name: The registration name.
    ///   - arguments: Sample values, of the registration's argument types.
    public func provide<Service, each Argument>(
        _ serviceType: Service.Type, name: String? = nil, arguments: repeat each Argument
    ) {
        let key = ServiceKey(
            serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name
        )
        let request = ServiceRequest(
            serviceType: Service.self, name: name, argumentTypes: argumentTypeList(repeat (each Argument).self)
        )
        samples.append(Sample(key: key, request: request, arguments: (repeat each arguments)))
    }

    /// Provides the one argument to verify the registration of `serviceType` under `name` that takes exactly one
    /// argument of this type.
    ///
    /// ```swift
    /// samples.provide(Animal.self, name: "dog", argument: "Hachi")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The registered service type (or a type it is forwarded to).
    ///   - name: The registration name.
    ///   - argument: A sample value, of the registration's argument type.
    public func provide<Service, Argument>(_ serviceType: Service.Type, name: String? = nil, argument: Argument) {
        provide(serviceType, name: name, arguments: argument)
    }
}
