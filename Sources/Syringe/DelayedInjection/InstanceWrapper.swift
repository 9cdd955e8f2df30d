/// A type the container builds around a registered service without a registration of its own:
/// `Optional<Service>`, ``Lazy`` and ``Provider``.
protocol InstanceWrapper {
    /// The wrapped service type, looked up with the request's name and arguments.
    static var wrappedType: Any.Type { get }

    /// Builds the wrapper. `binding` is the wrapped type's registration, `nil` when it has none.
    static func make(
        in context: ResolutionContext, binding: Container.Binding?, request: WrappedRequest
    ) throws(ResolutionError) -> Self

    /// The wrapper built at once, before the request's lookup, for one that looks nothing up (multi-injection's);
    /// `nil` for the others.
    static func makeWithoutLookup(in context: ResolutionContext) throws(ResolutionError) -> Any?
}

extension InstanceWrapper {
    static func makeWithoutLookup(in context: ResolutionContext) throws(ResolutionError) -> Any? { nil }
}

/// The runtime arguments of a request, kept by a ``Lazy`` or ``Provider`` to pass to the factory later.
struct ArgumentBox: @unchecked Sendable {
    // @unchecked Sendable: the arguments are never mutated, only handed to the factory; arguments that are
    // not Sendable are the caller's to share safely.
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}

/// A request for the service inside a wrapper, kept to resolve it later.
struct WrappedRequest: Sendable {
    let key: ServiceKey
    let name: String?
    let arguments: ArgumentBox
    let argumentTypes: [Any.Type]

    func serviceRequest(_ type: Any.Type) -> ServiceRequest {
        ServiceRequest(serviceType: type, name: name, argumentTypes: argumentTypes)
    }
}

/// What a ``Lazy`` or ``Provider`` resolves: the registration that answered (kept strongly: a singleton holding
/// a `Lazy` of itself makes a cycle the container's teardown breaks), the request, and the container, weakly.
final class WrappedTarget: Sendable {
    private let weakContainer: WeakContainer
    /// For a wrapper made through a view of a container, the container viewed, used once the view is gone.
    private let weakViewed: WeakContainer?
    let registration: Registration
    let request: WrappedRequest

    init(container: Container, registration: Registration, request: WrappedRequest) {
        self.weakContainer = WeakContainer(container)
        self.weakViewed = container.viewed.map(WeakContainer.init)
        self.registration = registration
        self.request = request
    }

    /// Resolves the registration as `Service`: joining this thread's running resolution of the container when
    /// `graph` is `nil` or its graph, else in a resolution of its own (in `graph` if given).
    func resolve<Service>(_ type: Service.Type, inGraph graph: ObjectGraph?) throws(ResolutionError) -> Service {
        guard let container = weakContainer.container ?? weakViewed?.container else {
            let wanted = request.serviceRequest(Service.self)
            throw ResolutionError(kind: .containerReleased, request: wanted)
        }
        if let active = ResolvingThread.current.activeContext(of: container),
            active.with({ context in graph.map { context.isInGraph($0) } ?? true })
        {
            // Not retained: the running resolution keeps its context until it finishes, after this call.
            do {
                return try active.with { context in
                    try context.resolve(bound: registration, as: Service.self, request: request)
                }
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw ResolutionError(kind: .factoryFailed(underlying: error), request: request.serviceRequest(Service.self))
            }
        }
        let context = ResolutionContext(container: container, graph: graph)
        defer { context.finish() }
        return try context.resolve(bound: registration, as: Service.self, request: request)
    }
}

/// A weak reference to a container, for wrappers that outlive a resolution.
final class WeakContainer: @unchecked Sendable {
    // @unchecked Sendable: `container` is written only in `init`; loading a weak reference is atomic.
    weak var container: Container?

    init(_ container: Container) {
        self.container = container
    }
}

extension Optional: InstanceWrapper {
    static var wrappedType: Any.Type { Wrapped.self }

    static func make(
        in context: ResolutionContext, binding: Container.Binding?, request: WrappedRequest
    ) throws(ResolutionError) -> Self {
        guard binding != nil else { return .none }
        return try context.resolve(
            key: request.key, as: Wrapped.self, name: request.name, arguments: request.arguments.value
        ) { request.argumentTypes }
    }
}

extension ResolutionContext {
    /// The error for a wrapper whose wrapped type has no registration.
    func wrappedMissError(_ request: WrappedRequest, wrappedType: Any.Type) -> ResolutionError {
        let wanted = request.serviceRequest(wrappedType)
        return container.missError(for: wanted, path: currentPath() + [wanted])
    }
}

/// The wrapped service, or a stop with the ``ResolutionError`` message (`Lazy.instance`, `Provider.instance`).
///
/// One of the three traps a user can reach (with an early `@Injected` read and `~>`): a non-optional property
/// cannot return the failure. Code that must not stop calls the wrapper's `require()`.
func requireOrStop<Service>(_ require: () throws(ResolutionError) -> Service) -> Service {
    do {
        return try require()
    } catch {
        stop(error)
    }
}

/// Stops with the text of `error`: out of line, not in each specialization of ``requireOrStop(_:)``.
@inline(never)
private func stop(_ error: ResolutionError) -> Never {
    fatalError("\(error)")
}
