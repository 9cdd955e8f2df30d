/// Why a service could not be resolved, with everything needed to fix it.
///
/// The throwing resolution calls (``Resolver/require(_:name:)`` and its argument variants) throw it; the
/// optional-returning `resolve` calls log its ``description`` through ``Container/loggingFunction`` and return
/// `nil`. It carries what was asked, the resolution path from the top-level request down to the failure, the
/// kind of failure, and the registrations that exist for the asked type with the place each was made.
///
/// ```swift
/// do {
///     _ = try container.require(PetOwner.self)
/// } catch {
///     print(error)
///     // Syringe: cannot resolve PetOwner: Animal has no registration named "dgo".
///     //   Resolution path: PetOwner -> Animal(name: "dgo")
///     //   Registered for Animal:
///     //     Animal(name: "cat") [graph] at MyApp/AppAssembly.swift:12
///     //     Animal(name: "dog") [graph] at MyApp/AppAssembly.swift:13
///     //   Did you mean "dog"?
/// }
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
        /// No registration takes the runtime arguments with their static types, and they convert to the argument
        /// types of several registrations of the type and name (for example `Dog` to both `(any Animal)` and
        /// `(any Pet)`), so none is chosen. ``ResolutionError/registrations`` lists them.
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
        /// A factory needs, directly or through others, the service it is creating. `cycle` starts and ends
        /// with the same request, for example `A -> B -> A`.
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
        /// The registration produced an instance of `actual`, which is not the asked type (type forwarding to
        /// an unrelated type).
        ///
        /// ```swift
        /// // Syringe: cannot resolve Vehicle: Dog is forwarded to Vehicle, but the instance it made (Dog) cannot be cast to Vehicle.
        /// if case .wrongInstanceType(let actual) = error.kind { print(actual) }
        /// ```
        case wrongInstanceType(actual: Any.Type)
        /// The resolution went deeper than the thread's stack can hold; `depth` is the depth reached.
        ///
        /// Before each factory runs, the resolution checks how much of the thread's stack is left; it stops
        /// with this error while a margin (a sixteenth of the stack, 32–128 KiB) is still free, instead of
        /// overflowing the stack. Cycles are reported as ``circularDependency(cycle:)``, so only a very deep
        /// chain of distinct registrations, or a thread with a small stack, gets here.
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
        /// The container that would keep the new instance (of a ``ObjectScope/container``, ``ObjectScope/weak``,
        /// ``ObjectScope/perContainer`` or custom scope, or kept per argument) was shut down
        /// (``Container/shutdown()``), and making one would bring a disposed service back unseen.
        /// ``Container/reopen()`` opens the container again.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Session: the container that keeps Session's instance was shut down.
        /// if case .containerShutDown = error.kind { container.reopen() }
        /// ```
        case containerShutDown
        /// The registration's factory is `async` or isolated to a global actor, and a synchronous call asked
        /// for it. Resolve it with `try await container.async.require(…)` (or, for a `@MainActor` factory,
        /// from `@MainActor` code through ``Container/mainActor``).
        case asyncFactory
        /// An `@Injected(reinjected: true)` property cannot be re-injected, for `reason`: its registration does
        /// not keep one instance (only `.container`, `.perContainer` and `.weak` ones do), it has no
        /// registration, or its owner is not a class. Thrown when the property is injected.
        ///
        /// ```swift
        /// // Syringe: cannot inject the property 'session' of Screen (Session): the registration of Session is in the transient scope; …
        /// if case .notReinjectable(let reason) = error.kind { print(reason) }
        /// ```
        case notReinjectable(reason: String)
        /// The declared key asked for shares its type, name and argument types with another declared key, so one
        /// registration would answer both: the ``KeyCollision`` names every such key and where it is declared.
        /// Give each key its own name.
        ///
        /// ```swift
        /// // Syringe: cannot resolve String: ServiceKeys.primaryHost at MyApp/Keys.swift:2 and … are all declared keys of String, …
        /// if case .keyCollision(let collision) = error.kind { print(collision.declarations) }
        /// ```
        case keyCollision(KeyCollision)
        /// The registration is in the ``ObjectScope/request`` scope, and no ``RequestScope`` runs: resolve it
        /// inside `RequestScope().run { … }`.
        ///
        /// ```swift
        /// // Syringe: cannot resolve Cart: Cart is in the request scope, and no request scope is running.
        /// if case .outsideRequestScope = error.kind { print("resolve it inside RequestScope().run { … }") }
        /// ```
        case outsideRequestScope
        /// The service is a value the request provides (a key declared
        /// ``ServiceKeys/DeclaredKey/providedByRequest(label:name:fileID:line:)``, or a registration made with
        /// ``Container/registerProvidedByRequest(_:name:fileID:line:)``), and the running ``RequestScope`` does not
        /// provide it (`scopeRunning`), or no request scope runs.
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
        /// Whether the kind is ``Kind/asyncFactory``; known at creation (deferred details are a miss's), so the
        /// logging of a `nil` can ask without taking the lock.
        let isAsyncFactory: Bool
        /// Whether the kind is ``Kind/containerShutDown``; known at creation, as ``isAsyncFactory``.
        let isContainerShutDown: Bool
        /// The `@Injected` property being filled when the failure happened, if any.
        let injectedProperty: InjectedPropertyDescription?
        /// Lines of context added on the way out (for example by an autoregistered initializer: which of its
        /// parameters failed), innermost first.
        let notes: [String]
        /// The kind and the registrations involved: given, or worked out when first asked for.
        let details: Locked<Details>
        /// The "did you mean" lines of a type and protocol mix-up (``Lookalikes``), worked out when first asked for.
        let lookalikes: Locked<Lookalikes>?

        /// The lookalike lines, or how to work them out.
        enum Lookalikes {
            case known([String])
            case deferred(@Sendable () -> [String])
        }

        /// The kind and the registrations, or how to work them out.
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
            if case .known(.asyncFactory, _) = details { isAsyncFactory = true } else { isAsyncFactory = false }
            if case .known(.containerShutDown, _) = details {
                isContainerShutDown = true
            } else {
                isContainerShutDown = false
            }
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

        /// A copy of the lookalikes' current state, for a copy of the error.
        var copiedLookalikes: Locked<Lookalikes>? {
            lookalikes.map { Locked($0.withLock { $0 }) }
        }
    }

    private let storage: Storage

    private init(storage: Storage) {
        self.storage = storage
    }

    /// This error with another path (an `await`ed resolution puts its own path in front), all else kept.
    func replacingPath(_ path: [ServiceRequest]) -> ResolutionError {
        ResolutionError(storage: copiedStorage(path: path, notes: storage.notes))
    }

    /// This error with `note` as a further line of context after the details.
    @usableFromInline
    func addingNote(_ note: String) -> ResolutionError {
        ResolutionError(storage: copiedStorage(path: storage.path, notes: storage.notes + [note]))
    }

    /// A copy of the fields with `path` and `notes`; the kind and registrations as they are (still deferred if so).
    private func copiedStorage(path: [ServiceRequest], notes: [String]) -> Storage {
        Storage(
            request: storage.request, path: path, details: storage.details.withLock { $0 },
            registration: storage.registration, failedInInitCompleted: storage.failedInInitCompleted,
            injectedProperty: storage.injectedProperty, notes: notes, lookalikes: storage.copiedLookalikes
        )
    }

    /// A ``Kind/notRegistered`` error whose message adds the "did you mean" lines `lookalikes` finds
    /// (Lookalikes.swift) when first made: one allocation more than a plain error, no work until then.
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

    private func copiedStorage(lookalikes: Storage.Lookalikes) -> Storage {
        Storage(
            request: storage.request, path: storage.path, details: storage.details.withLock { $0 },
            registration: storage.registration, failedInInitCompleted: storage.failedInInitCompleted,
            injectedProperty: storage.injectedProperty, notes: storage.notes, lookalikes: Locked(lookalikes)
        )
    }

    /// The "did you mean" lines of a type and protocol mix-up (``Lookalikes``): for a miss of a protocol, how
    /// to register for it, and the registrations whose instance is of the asked type.
    var lookalikeLines: [String] { storage.lookalikeLines }

    /// The level a log message of this error takes (``Container/LogLevel/init(of:)``); a miss whose details are
    /// still deferred is ``Container/LogLevel/debug`` without working them out.
    var logLevel: Container.LogLevel {
        if case .deferred = storage.details.withLock({ $0 }) { return .debug }
        return Container.LogLevel(of: kind)
    }

    /// The lines of context added on the way out, innermost first (see ``addingNote(_:)``).
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
    /// The registrations involved: for a miss, those that exist for the asked service type (in this container
    /// and its ancestors); for a circular dependency, those of the cycle, in order; for
    /// ``Kind/ambiguousArguments``, those whose argument types the arguments convert to.
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
    /// Whether the kind is ``Kind/asyncFactory``, without working out deferred details (a miss's are deferred,
    /// and a miss is never of that kind).
    var isAsyncFactory: Bool { storage.isAsyncFactory }
    /// Whether the kind is ``Kind/containerShutDown``, without working out deferred details.
    var isContainerShutDown: Bool { storage.isContainerShutDown }
    /// Whether a factory failure came from an `initCompleted` closure rather than the factory itself.
    var failedInInitCompleted: Bool { storage.failedInInitCompleted }
    /// The `@Injected` property that could not be filled, with its owner type, when the failure happened while
    /// filling one (``Container/inject(into:isolation:)``, ``ServiceEntry/injectsProperties()``).
    ///
    /// ```swift
    /// do {
    ///     try container.inject(into: controller)
    /// } catch {
    ///     print(error.injectedProperty!) // CheckoutViewController.cart
    /// }
    /// ```
    public var injectedProperty: InjectedPropertyDescription? { storage.injectedProperty }

    /// This error, noting that it happened while filling the `@Injected` property `label` of `owner` (the
    /// innermost property keeps the note: a property of an object made for another property names its own).
    func injecting(property label: String, of owner: Any.Type) -> ResolutionError {
        if storage.injectedProperty != nil { return self }
        return ResolutionError(
            storage: Storage(
                request: storage.request, path: storage.path, details: storage.details.withLock { $0 },
                registration: storage.registration, failedInInitCompleted: storage.failedInInitCompleted,
                injectedProperty: InjectedPropertyDescription(label: label, ownerType: owner), notes: storage.notes,
                lookalikes: storage.copiedLookalikes
            ))
    }

    /// Creates an error. Syringe creates these; tests and custom resolvers may too.
    ///
    /// ```swift
    /// let error = ResolutionError(kind: .notRegistered, request: ServiceRequest(serviceType: Animal.self))
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - request: What was asked.
    ///   - path: The resolution path; defaults to the request alone.
    ///   - registrations: The registrations involved (see ``registrations``).
    ///   - registration: The registration that failed.
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

    /// An error whose kind and registrations are worked out by `details` when first asked for: a miss, whose
    /// "what is registered instead" costs time that grows with the registrations, and which an optional `resolve`
    /// with logging off never reads.
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
/// if let property = error.injectedProperty {
///     print(property.label, property.ownerType) // cart CheckoutViewController
/// }
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
