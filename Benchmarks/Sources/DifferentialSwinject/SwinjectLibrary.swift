import DifferentialCore
import Swinject

/// The differential test's runner for Swinject 2.10, the reference.
public struct SwinjectLibrary: Library {
    public static let name = "Swinject"
    private let state: RunState

    public init(state: RunState) {
        self.state = state
    }

    public func makeContainer(parent: Container?) -> Container {
        Container(parent: parent)
    }

    public func register(_ spec: RegistrationSpec, in container: Container) {
        spec.kind.accept(Registrar(spec: spec, state: state, container: container))
    }

    public func resolve(_ request: Request, in container: Container) -> Link {
        request.kind.accept(Resolution(request: request, resolver: container, state: state))
    }

    public func removeAll(in container: Container) {
        container.removeAll()
    }

    public func resetObjectScope(_ scope: DifferentialCore.Scope, in container: Container) {
        container.resetObjectScope(objectScope(scope))
    }

    public func resetObjectScope(
        _ scope: DifferentialCore.Scope, serviceType: ServiceKind, in container: Container
    ) {
        container.resetObjectScope(objectScope(scope), serviceType: serviceType.swiftType)
    }
}

private func objectScope(_ scope: DifferentialCore.Scope) -> ObjectScope {
    switch scope {
    case .transient: .transient
    case .graph: .graph
    case .container: .container
    case .weak: .weak
    }
}

/// Registers one spec, with the registered type named statically.
private struct Registrar: ServiceTypeVisitor {
    let spec: RegistrationSpec
    let state: RunState
    let container: Container

    func visit<Service>(_ serviceType: Service.Type) {
        let entry: ServiceEntry<Service>
        switch spec.arity {
        case 0:
            entry = container.register(Service.self, name: spec.name) { r in make(r, .none) }
        case 1:
            entry = container.register(Service.self, name: spec.name) { (r, a: Int) in make(r, .one(a)) }
        default:
            entry = container.register(Service.self, name: spec.name) { (r, a: Int, b: String) in
                make(r, .two(a, b))
            }
        }
        entry.inObjectScope(objectScope(spec.scope))
        if !spec.injections.isEmpty {
            let spec = spec
            let state = state
            entry.initCompleted { r, service in
                guard let node = service as? Node else { return }
                state.complete(node, spec) { request in
                    guard
                        case .object(let node) = request.kind.accept(
                            Resolution(request: request, resolver: r, state: state))
                    else { return nil }
                    return node
                }
            }
        }
        if spec.implementsDescribing { entry.implements((any Describing).self) }
    }

    private func make<Service>(_ r: any Resolver, _ arguments: Arguments) -> Service {
        let node = state.make(spec, arguments: arguments, resolver: (r as? Container).map(ObjectIdentifier.init)) {
            dependency in
            let link = dependency.request.kind.accept(
                Resolution(request: dependency.request, resolver: r, state: state))
            guard dependency.readNow, case .deferred(let wrapper, let handle?, _) = link else { return link }
            return .deferred(wrapper, handle, readNow: .some(handle.read()))
        }
        // `spec.madeClass` is the registered class, a subclass of it, or (for `Describing`) a conforming class.
        guard let service = node as? Service else { fatalError("\(node.className) is not a \(Service.self)") }
        return service
    }
}

/// Resolves one request through a resolver, with the requested type named statically.
private struct Resolution: ServiceTypeVisitor {
    let request: Request
    let resolver: any Resolver
    let state: RunState

    func visit<Service>(_ serviceType: Service.Type) -> Link {
        switch request.wrapper {
        case .direct:
            return .object(value(Service.self).flatMap { $0 as? Node })
        case .lazy:
            guard let lazy = value(Lazy<Service>.self) else { return .deferred(.lazy, nil, readNow: nil) }
            let handle = DeferredHandle(
                wrapper: .lazy, request: request, stamp: state.stamp(for: request)
            ) { lazy.instance as? Node }
            return .deferred(.lazy, handle, readNow: nil)
        case .provider:
            guard let provider = value(Provider<Service>.self) else { return .deferred(.provider, nil, readNow: nil) }
            let handle = DeferredHandle(
                wrapper: .provider, request: request, stamp: state.stamp(for: request)
            ) { provider.instance as? Node }
            return .deferred(.provider, handle, readNow: nil)
        }
    }

    private func value<T>(_: T.Type) -> T? {
        switch request.arguments {
        case .none: resolver.resolve(T.self, name: request.name)
        case .one(let a): resolver.resolve(T.self, name: request.name, argument: a)
        case .two(let a, let b): resolver.resolve(T.self, name: request.name, arguments: a, b)
        }
    }
}
