/// Why a service could not be resolved: what was asked, the resolution path, the kind of failure, and the
/// registrations of the asked type with where each was made.
///
/// The `require` calls throw it; the optional `resolve` calls log its ``description`` and return `nil`.
///
/// ```swift
/// do { _ = try container.require(PetOwner.self) } catch { print(error) }
/// // Syringe: cannot resolve PetOwner: Animal has no registration named "dgo".
/// //   Resolution path: PetOwner -> Animal(name: "dgo")
/// //   Registered for Animal:
/// //     Animal(name: "dog") [graph] at MyApp/AppAssembly.swift:13
/// //   Did you mean "dog"?
/// ```
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    ///
    /// ```swift
    /// if case .circularDependency(let cycle) = error.kind { print(cycle) }
    /// ```
    public enum Kind: Sendable {
        /// Nothing is registered for the asked type under any name or arguments.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Float: nothing is registered for Float.
        /// if case .notRegistered = error.kind { print("register it") }
        /// ```
        case notRegistered
        /// The type and name are registered, but with other runtime argument types (or another count).
        ///
        /// ```swift
        /// // Syringe: cannot resolve Animal: Animal has no registration taking no arguments.
        /// if case .argumentMismatch = error.kind { print(error.registrations) }
        /// ```
        case argumentMismatch
        /// The runtime arguments convert to the argument types of several registrations (`Dog` to both
        /// `(any Animal)` and `(any Pet)`), so none is chosen; ``ResolutionError/registrations`` lists them.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Owner(arguments: (Dog)): the arguments (Dog) convert to the argument types of 2 registrations of Owner.
        /// if case .ambiguousArguments = error.kind { print(error.registrations) }
        /// ```
        case ambiguousArguments
        /// The type is registered, but only under other names. `suggestion` is the closest name, if one is close.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Animal(name: "dgo"): Animal has no registration named "dgo".
        /// if case .nameMismatch(let suggestion?) = error.kind { print("did you mean", suggestion) }
        /// ```
        case nameMismatch(suggestion: String?)
        /// The optional form of the type was registered and the plain one asked, or the reverse.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Cat: Cat is not registered, only Optional<Cat> is.
        /// if case .optionalityMismatch(let registered) = error.kind { print(registered) }
        /// ```
        case optionalityMismatch(registered: Any.Type)
        /// A factory needs, directly or through others, the service it is creating (`cycle`: `A -> B -> A`).
        ///
        /// ```swift
        /// // Syringe: cannot resolve A: circular dependency A -> B -> A.
        /// if case .circularDependency(let cycle) = error.kind { print(cycle) }
        /// ```
        case circularDependency(cycle: [ServiceRequest])
        /// The factory (or an `initCompleted` closure) threw `underlying`.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Double: the factory of String threw DatabaseError.connectionRefused.
        /// if case .factoryFailed(let underlying as DatabaseError) = error.kind { retry(after: underlying) }
        /// ```
        case factoryFailed(underlying: any Error)
        /// The registration made an instance of `actual`, which is not the asked (forwarded) type.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Vehicle: Dog is forwarded to Vehicle, but the instance it made (Dog) cannot be cast to Vehicle.
        /// if case .wrongInstanceType(let actual) = error.kind { print(actual) }
        /// ```
        case wrongInstanceType(actual: Any.Type)
        /// The resolution reached `depth` and the thread's stack has no room for more: it stops while a margin of
        /// the stack is still free instead of overflowing it.
        ///
        /// ```swift
        /// if case .stackExhausted(let depth) = error.kind { print("too deep:", depth) }
        /// ```
        case stackExhausted(depth: Int)
        /// A ``Lazy`` or ``Provider`` was used after the container it came from was released.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Cat: the container that made this Lazy or Provider of Cat has been released.
        /// if case .containerReleased = error.kind { print("keep the container alive") }
        /// ```
        case containerReleased
        /// The container that would keep the new instance was shut down (``Container/shutdown()``); making one
        /// would bring a disposed service back unseen. ``Container/reopen()`` opens it again.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Session: the container that keeps Session's instance was shut down.
        /// if case .containerShutDown = error.kind { container.reopen() }
        /// ```
        case containerShutDown
        /// The registration's factory is `async` or actor-isolated, and a synchronous call asked for it: resolve
        /// it with `try await container.async.require(…)` (or ``Container/mainActor`` for a `@MainActor` one).
        case asyncFactory
        /// An `@Injected(reinjected: true)` property cannot be re-injected, for `reason` (its registration does
        /// not keep one instance, it has none, or its owner is not a class). Thrown when the property is injected.
        ///
        /// ```swift
        /// // Syringe: cannot inject the property 'session' of Screen (Session): the registration of Session is in the transient scope; …
        /// if case .notReinjectable(let reason) = error.kind { print(reason) }
        /// ```
        case notReinjectable(reason: String)
        /// The declared key asked for shares its type, name and argument types with another declared key; the
        /// ``KeyCollision`` names every such key and where it is declared.
        ///
        /// ```swift
        /// // Syringe: cannot resolve String: ServiceKeys.primaryHost at MyApp/Keys.swift:2 and … are all declared keys of String, …
        /// if case .keyCollision(let collision) = error.kind { print(collision.declarations) }
        /// ```
        case keyCollision(KeyCollision)
        /// The registration is in the ``ObjectScope/request`` scope, and no ``RequestScope`` runs.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Cart: Cart is in the request scope, and no request scope is running.
        /// if case .outsideRequestScope = error.kind { print("resolve it inside RequestScope().run { … }") }
        /// ```
        case outsideRequestScope
        /// The service is a value the request provides, and the running ``RequestScope`` does not provide it
        /// (`scopeRunning`), or no request scope runs.
        ///
        /// ```swift
        /// // Syringe: cannot resolve User: User is provided by the request, and the running request scope does not provide it.
        /// if case .notProvidedByRequest(let scopeRunning) = error.kind, scopeRunning { print("call provide(.user, …)") }
        /// ```
        case notProvidedByRequest(scopeRunning: Bool)
    }

    /// The error's fields, in one immutable object: every frame of a deep resolution reserves room for the
    /// error its callees may throw, and one reference keeps that room to a word.
    private final class Storage: Sendable {
        let request: ServiceRequest
        let path: [ServiceRequest]
        let registration: RegistrationDescription?
        let failedInInitCompleted: Bool
        /// Known at creation (deferred details are a miss's), so logging a `nil` can ask without taking the lock.
        let isAsyncFactory: Bool
        let isContainerShutDown: Bool
        let injectedProperty: InjectedPropertyDescription?
        /// Lines of context added on the way out, innermost first.
        let notes: [String]
        let details: Locked<Details>
        let lookalikes: Locked<Lookalikes>?

        /// Given, or worked out when first asked for.
        enum Lookalikes {
            case known([String])
            case deferred(@Sendable () -> [String])
        }

        enum Details {
            case known(Kind, [RegistrationDescription])
            case deferred(@Sendable () -> (Kind, [RegistrationDescription]))
        }

        init(
            request: ServiceRequest, path: [ServiceRequest], details: Details, registration: RegistrationDescription?,
            failedInInitCompleted: Bool, injectedProperty: InjectedPropertyDescription? = nil, notes: [String] = [],
            lookalikes: Locked<Lookalikes>? = nil
        ) {
            self.lookalikes = lookalikes
            self.injectedProperty = injectedProperty
            self.request = request
            self.path = path
            self.details = Locked(details)
            isAsyncFactory = if case .known(.asyncFactory, _) = details { true } else { false }
            isContainerShutDown = if case .known(.containerShutDown, _) = details { true } else { false }
            self.registration = registration
            self.failedInInitCompleted = failedInInitCompleted
            self.notes = notes
        }

        /// The kind and the registrations, worked out now if they were deferred (once: later calls reuse them).
        var resolvedDetails: (kind: Kind, registrations: [RegistrationDescription]) {
            details.withLock { details in
                switch details {
                case .known(let kind, let registrations):
                    return (kind, registrations)
                case .deferred(let workOut):
                    let (kind, registrations) = workOut()
                    details = .known(kind, registrations)
                    return (kind, registrations)
                }
            }
        }

        /// The lookalike lines, worked out now if they were deferred (outside the lock: it reads the registry).
        var lookalikeLines: [String] {
            guard let lookalikes else { return [] }
            let state = lookalikes.withLock { $0 }
            switch state {
            case .known(let lines):
                return lines
            case .deferred(let workOut):
                let lines = workOut()
                lookalikes.withLock { $0 = .known(lines) }
                return lines
            }
        }
    }

    private let storage: Storage

    private init(storage: Storage) {
        self.storage = storage
    }

    /// This error with another path (an `await`ed resolution puts its own path in front), all else kept.
    func replacingPath(_ path: [ServiceRequest]) -> ResolutionError {
        ResolutionError(storage: copiedStorage(path: path))
    }

    /// This error with `note` as a further line of context after the details.
    @usableFromInline
    func addingNote(_ note: String) -> ResolutionError {
        ResolutionError(storage: copiedStorage(notes: storage.notes + [note]))
    }

    /// A copy of the fields, those given replaced; the kind and registrations as they are (still deferred if so).
    private func copiedStorage(
        path: [ServiceRequest]? = nil, notes: [String]? = nil, injectedProperty: InjectedPropertyDescription? = nil,
        lookalikes: Storage.Lookalikes? = nil
    ) -> Storage {
        Storage(
            request: storage.request, path: path ?? storage.path, details: storage.details.withLock { $0 },
            registration: storage.registration, failedInInitCompleted: storage.failedInInitCompleted,
            injectedProperty: injectedProperty ?? storage.injectedProperty, notes: notes ?? storage.notes,
            lookalikes: lookalikes.map { Locked($0) } ?? storage.lookalikes.map { Locked($0.withLock { $0 }) }
        )
    }

    /// A ``Kind/notRegistered`` error whose message adds the "did you mean" lines `lookalikes` finds when first
    /// made: one allocation more than a plain error, no work until then.
    init(
        notRegistered request: ServiceRequest, path: [ServiceRequest],
        lookalikes: @escaping @Sendable () -> [String]
    ) {
        storage = Storage(
            request: request, path: path, details: .known(.notRegistered, []), registration: nil,
            failedInInitCompleted: false, lookalikes: Locked(.deferred(lookalikes))
        )
    }

    /// This error with `lines` as its "did you mean" lines, in place of those it had.
    func replacingLookalikes(_ lines: [String]) -> ResolutionError {
        ResolutionError(storage: copiedStorage(lookalikes: .known(lines)))
    }

    /// The "did you mean" lines of a type and protocol mix-up (``Lookalikes``).
    var lookalikeLines: [String] { storage.lookalikeLines }

    /// The level a log message of this error takes; a miss whose details are still deferred is
    /// ``Container/LogLevel/debug`` without working them out.
    var logLevel: Container.LogLevel {
        if case .deferred = storage.details.withLock({ $0 }) { return .debug }
        return Container.LogLevel(of: kind)
    }

    var notes: [String] { storage.notes }

    /// The kind of failure, with its details.
    ///
    /// ```swift
    /// if case .nameMismatch(let suggestion?) = error.kind { print("did you mean", suggestion) }
    /// ```
    public var kind: Kind { storage.resolvedDetails.kind }
    /// What was asked when the failure happened (the last step of ``path``).
    ///
    /// ```swift
    /// print(error.request) // Animal(name: "dgo")
    /// ```
    public var request: ServiceRequest { storage.request }
    /// The requests from the top-level call down to the failed one, inclusive.
    ///
    /// ```swift
    /// print(error.path.map(\.description).joined(separator: " -> ")) // PetOwner -> Animal(name: "dgo")
    /// ```
    public var path: [ServiceRequest] { storage.path }
    /// The registrations involved: for a miss, those of the asked service type; for a cycle, those of the cycle,
    /// in order; for ``Kind/ambiguousArguments``, those the arguments convert to.
    ///
    /// ```swift
    /// for registration in error.registrations { print(registration.fileID, registration.line) }
    /// ```
    public var registrations: [RegistrationDescription] { storage.resolvedDetails.registrations }
    /// The registration that failed (for factory failures, cycles and wrong instance types), if any.
    ///
    /// ```swift
    /// if let failing = error.registration { print("see", failing.fileID, failing.line) }
    /// ```
    public var registration: RegistrationDescription? { storage.registration }
    /// Whether the kind is ``Kind/asyncFactory``, without working out deferred details.
    var isAsyncFactory: Bool { storage.isAsyncFactory }
    var isContainerShutDown: Bool { storage.isContainerShutDown }
    /// Whether a factory failure came from an `initCompleted` closure rather than the factory itself.
    var failedInInitCompleted: Bool { storage.failedInInitCompleted }
    /// The `@Injected` property that could not be filled, when the failure happened while filling one.
    ///
    /// ```swift
    /// print(error.injectedProperty!) // CheckoutViewController.cart
    /// ```
    public var injectedProperty: InjectedPropertyDescription? { storage.injectedProperty }

    /// This error, noting that it happened while filling the `@Injected` property `label` of `owner` (the
    /// innermost property keeps the note: a property of an object made for another property names its own).
    func injecting(property label: String, of owner: Any.Type) -> ResolutionError {
        if storage.injectedProperty != nil { return self }
        let property = InjectedPropertyDescription(label: label, ownerType: owner)
        return ResolutionError(storage: copiedStorage(injectedProperty: property))
    }

    /// Creates an error. Syringe creates these; tests and custom resolvers may too.
    ///
    /// ```swift
    /// let error = ResolutionError(kind: .notRegistered, request: ServiceRequest(serviceType: Animal.self))
    /// ```
    public init(
        kind: Kind,
        request: ServiceRequest,
        path: [ServiceRequest]? = nil,
        registrations: [RegistrationDescription] = [],
        registration: RegistrationDescription? = nil
    ) {
        self.init(
            kind: kind, request: request, path: path, registrations: registrations, registration: registration,
            failedInInitCompleted: false
        )
    }

    init(
        kind: Kind,
        request: ServiceRequest,
        path: [ServiceRequest]?,
        registrations: [RegistrationDescription] = [],
        registration: RegistrationDescription?,
        failedInInitCompleted: Bool
    ) {
        storage = Storage(
            request: request, path: path ?? [request], details: .known(kind, registrations),
            registration: registration, failedInInitCompleted: failedInInitCompleted
        )
    }

    /// An error whose kind and registrations `details` works out when first asked for: a miss's cost grows with
    /// the registrations, and an optional `resolve` with logging off never reads them.
    init(
        request: ServiceRequest, path: [ServiceRequest],
        details: @escaping @Sendable () -> (Kind, [RegistrationDescription])
    ) {
        storage = Storage(
            request: request, path: path, details: .deferred(details), registration: nil,
            failedInInitCompleted: false
        )
    }
}

/// An error as text that names its type: `DatabaseError.connectionRefused`, `ParseError(line: 3)`.
func describeError(_ error: any Error) -> String {
    let type = typeName(Swift.type(of: error))
    let text = String(describing: error)
    if text.hasPrefix(type) { return text }
    if Mirror(reflecting: error).displayStyle == .enum { return "\(type).\(text)" }
    return "\(type): \(text)"
}

/// An `@Injected` property named in a ``ResolutionError``: its name and the type that declares it.
///
/// ```swift
/// if let property = error.injectedProperty { print(property.label, property.ownerType) }
/// ```
public struct InjectedPropertyDescription: Sendable, CustomStringConvertible {
    /// The property's name, as declared (without the wrapper's `_`).
    ///
    /// ```swift
    /// print(property.label) // cart
    /// ```
    public let label: String
    /// The type whose instance was being injected.
    ///
    /// ```swift
    /// print(property.ownerType) // CheckoutViewController
    /// ```
    public let ownerType: Any.Type

    /// `Owner.label`.
    ///
    /// ```swift
    /// print(property) // CheckoutViewController.cart
    /// ```
    public var description: String { "\(typeName(ownerType)).\(label)" }
}
