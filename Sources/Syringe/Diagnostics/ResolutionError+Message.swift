extension ResolutionError {
    /// The whole message: the top-level request and the reason, then, indented, the resolution path, the
    /// registrations involved with where each was made, and how to fix it.
    ///
    /// ```swift
    /// Container.loggingFunction?(error.description)
    /// ```
    public var description: String {
        var lines = ["Syringe: cannot resolve \(path.first ?? request): \(reason)"]
        if let injectedProperty {
            lines[0] =
                "Syringe: cannot inject the property '\(injectedProperty.label)' of \(typeName(injectedProperty.ownerType)) (\(path.first ?? request)): \(reason)"
            lines.append("  Injected property: \(injectedProperty)")
        }
        if path.count > 1 {
            lines.append("  Resolution path: " + path.map(\.description).joined(separator: " -> "))
        }
        switch kind {
        case .circularDependency:
            lines.append("  Registrations in the cycle:")
            lines += registrations.map { "    \($0)" }
        case .ambiguousArguments:
            lines.append("  Registrations the arguments convert to:")
            lines += registrations.map { "    \($0)" }
        case .keyCollision(let collision):
            lines.append("  Declared keys of \(collision.request):")
            lines += collision.declarations.map { "    \($0)" }
        case .factoryFailed, .wrongInstanceType, .stackExhausted, .containerReleased, .containerShutDown,
            .asyncFactory, .notReinjectable, .outsideRequestScope, .notProvidedByRequest:
            if let registration { lines.append("  Failing registration: \(registration)") }
        case .notRegistered, .argumentMismatch, .nameMismatch, .optionalityMismatch:
            if registrations.isEmpty {
                lines.append("  Registered for \(typeName(request.serviceType)): nothing")
            } else {
                lines.append("  Registered for \(typeName(request.serviceType)):")
                lines += registrations.map { "    \($0)" }
            }
        }
        // Outermost first, as the resolution path reads.
        lines += notes.reversed().map { "  \($0)" }
        lines += lookalikeLines.map { "  \($0)" }
        if let fix { lines.append("  \(fix)") }
        return lines.joined(separator: "\n")
    }

    /// The asked request, when it is not the top-level one, as a subject for the reason.
    private var subject: String { typeName(request.serviceType) }

    /// Why the request failed, as one sentence (the message's first line without the top-level request).
    var reason: String {
        switch kind {
        case .notRegistered:
            return "nothing is registered for \(subject)."
        case .argumentMismatch:
            let named = request.name.map { " named \"\($0)\"" } ?? ""
            let arguments = request.argumentTypes.isEmpty ? "no arguments" : "arguments \(request.argumentsDescription)"
            return "\(subject) has no registration\(named) taking \(arguments)."
        case .ambiguousArguments:
            return
                "the arguments \(request.argumentsDescription) convert to the argument types of \(registrations.count) registrations of \(subject)."
        case .nameMismatch:
            if let name = request.name { return "\(subject) has no registration named \"\(name)\"." }
            return "\(subject) has no unnamed registration."
        case .optionalityMismatch(let registered):
            return "\(subject) is not registered, only \(typeName(registered)) is."
        case .circularDependency(let cycle):
            return "circular dependency " + cycle.map(\.description).joined(separator: " -> ") + "."
        case .factoryFailed(let underlying):
            let source = failedInInitCompleted ? "an initCompleted closure of" : "the factory of"
            return "\(source) \(request) threw \(describeError(underlying))."
        case .wrongInstanceType(let actual):
            let registered = registration.map { typeName($0.request.serviceType) } ?? "the registration"
            return
                "\(registered) is forwarded to \(subject), but the instance it made (\(typeName(actual))) cannot be cast to \(subject)."
        case .stackExhausted(let depth):
            return "the resolution of \(request) reached depth \(depth) and the thread's stack has no room for more."
        case .containerReleased:
            return "the container that made this Lazy or Provider of \(request) has been released."
        case .containerShutDown:
            return
                "the container that keeps \(subject)'s instance (\(registration?.scope ?? "a shared scope")) was shut down, and it makes no new instance until it is reopened."
        case .asyncFactory:
            return "the factory of \(request) is async or actor-isolated, and a synchronous call cannot run it."
        case .notReinjectable(let reason):
            return "it is marked reinjected, but \(reason)."
        case .keyCollision(let collision):
            return
                "\(collision.listed) are all declared keys of \(collision.request), and one registration would answer them all."
        case .outsideRequestScope:
            return "\(subject) is in the request scope, and no request scope is running."
        case .notProvidedByRequest(let scopeRunning):
            return scopeRunning
                ? "\(subject) is provided by the request, and the running request scope does not provide it."
                : "\(subject) is provided by the request, and no request scope is running."
        }
    }

    private var fix: String? {
        switch kind {
        case .notRegistered:
            return
                "To fix: register it, e.g. container.register(\(Lookalikes.spelling(of: request.serviceType)).self) { r in … }."
        case .argumentMismatch:
            return
                "To fix: pass the arguments of a registration above, in order and with the same types, or register a factory taking \(request.argumentTypes.isEmpty ? "no arguments" : request.argumentsDescription)."
        case .ambiguousArguments:
            return
                "To fix: pass the arguments as the argument types of one of them (e.g. `argument: dog as any Animal`), or register them under different names."
        case .nameMismatch(let suggestion):
            if let suggestion { return "Did you mean \"\(suggestion)\"?" }
            return "To fix: ask for one of the names above, or register this name."
        case .optionalityMismatch(let registered):
            return "To fix: ask for \(typeName(registered)), or register \(subject)."
        case .circularDependency:
            return
                "To fix: break the cycle by injecting one side in .initCompleted { r, s in … } (property injection) in a .graph or .container scope, or with Lazy/Provider."
        case .factoryFailed:
            return nil
        case .wrongInstanceType:
            return
                "To fix: make the registered type conform to \(subject), or remove the implements(\(subject).self) forwarding."
        case .stackExhausted:
            return
                "To fix: look for an unexpectedly deep chain of registrations, or resolve on a thread with a larger stack."
        case .containerReleased:
            return "To fix: keep the container alive as long as the services that hold its Lazy or Provider values."
        case .containerShutDown:
            return
                "To fix: call container.reopen() on the container that was shut down before resolving through it again, or resolve through a new container (or one derived from it with derived())."
        case .keyCollision:
            return
                "To fix: give each key its own name (Key<\(typeName(request.serviceType))>(name: \"…\") { … }), or its own type."
        case .outsideRequestScope:
            return
                "To fix: resolve it inside RequestScope().run { … } (one scope per request), or give it another scope."
        case .notProvidedByRequest(let scopeRunning):
            let value = Lookalikes.spelling(of: request.serviceType)
            return scopeRunning
                ? "To fix: provide it before running the scope: RequestScope().provide(\(value).self, value) (or provide(.key, value) for a declared key)."
                : "To fix: resolve it inside RequestScope().provide(\(value).self, value).run { … }, or register a value for it (a test: register(.key) { _ in … })."
        case .notReinjectable:
            return
                "To fix: register it in the .container, .perContainer or .weak scope (or as a value or instance), or drop `reinjected: true`."
        case .asyncFactory:
            if injectedProperty != nil {
                return
                    "To fix: inject with `try await container.async.inject(into:)`; for a @MainActor factory, from @MainActor code, `try container.mainActor.inject(into:)` works too (an owner made by a registration with .injectsProperties(): resolve the owner that way)."
            }
            return
                "To fix: resolve it with `try await container.async.require(\(typeName(request.serviceType)).self)` (a factory: `try await r.require(…)`); for a @MainActor factory, from @MainActor code, `container.mainActor.require(…)` works too."
        }
    }
}
