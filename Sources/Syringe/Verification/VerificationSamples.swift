/// Sample runtime arguments for ``Container/verify(samples:)``: a registration that takes arguments is not
/// verifiable without a sample for its type, name and argument types (one also serves its forwarded types).
///
/// ```swift
/// try container.verify { samples in samples.provide(Order.self, arguments: 42, "EUR") }
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
    public func provide<Service, Argument>(_ serviceType: Service.Type, name: String? = nil, argument: Argument) {
        provide(serviceType, name: name, arguments: argument)
    }
}
