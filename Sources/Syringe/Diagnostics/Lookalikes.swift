/// The "did you mean" of a type and protocol mix-up: the registrations whose instance is of the asked type although
/// registered as another. Only an instance tells whether its type conforms, so only registrations whose instance
/// exists (kept, or made by ``Container/verify(samples:)``) are named. Runs when a message is made, never on a resolve.
enum Lookalikes {
    /// The lines to add to a miss of `request`: for a protocol, how to register for it; then each of `candidates`
    /// whose instance is a `request.serviceType` while registered as another type.
    static func lines(for request: ServiceRequest, among candidates: [Candidate]) -> [String] {
        let asked = request.serviceType
        let spelled = spelling(of: asked)
        var lines: [String] = []
        if isExistential(asked) {
            lines.append(
                "\(typeName(asked)) is a protocol: only a registration made as \(spelled).self, or one that adds .implements(\(spelled).self), answers it (registering a conforming type does not)."
            )
        }
        // A list, of a few: a `Set` of a type of its own would cost its own copy of the hashing code.
        var seen: [RegistrationDescription] = []
        for candidate in candidates {
            let registered = candidate.registration.request.serviceType
            guard registered != asked, candidate.registration.request.argumentTypes.isEmpty,
                isInstance(candidate.instance, of: asked), !seen.contains(candidate.registration)
            else { continue }
            seen.append(candidate.registration)
            let instanceType = typeName(type(of: candidate.instance))
            let registeredSpelling = spelling(of: registered)
            if isExistential(registered) || registered != type(of: candidate.instance) {
                // Registered as a protocol (or a superclass) whose instance is the asked type.
                lines.append(
                    "Did you mean \(registeredSpelling)? Its registration \(candidate.registration) \(candidate.origin) an instance of \(instanceType). To fix: ask for \(registeredSpelling).self, or add .implements(\(spelled).self) to that registration."
                )
            } else {
                lines.append(
                    "Did you mean \(registeredSpelling)? It is registered (\(candidate.registration)) and its instance \(isExistential(asked) ? "conforms to" : "is a") \(typeName(asked)). To fix: add .implements(\(spelled).self) to that registration, or register it as \(spelled).self."
                )
            }
        }
        return lines
    }

    struct Candidate {
        let registration: RegistrationDescription
        let instance: Any
        /// How the instance was found, as a verb phrase: "keeps", "made".
        let origin: String
    }

    /// Whether `type` is a protocol type (`any Logging`, `any A & B`), not `Any` or `AnyObject`.
    static func isExistential(_ type: Any.Type) -> Bool {
        guard type != Any.self, type != AnyObject.self else { return false }
        // The metatype of an existential is its `.Protocol`: the runtime's own name for it, read only here.
        return String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
    }

    /// `type` as code spells it: `(any Logging)` for a protocol, the name otherwise.
    static func spelling(of type: Any.Type) -> String {
        isExistential(type) ? "(any \(typeName(type)))" : typeName(type)
    }

    /// For each declared key's default that verification used, the registrations of another concrete type, taking
    /// no arguments, whose instance is also the key's service: most likely a replacement registered by type that
    /// the key never resolves. One line each, with the fix.
    static func shadowedKeyDefaults(
        _ defaults: [(binding: Container.Binding, instance: Any)], among made: [Candidate]
    ) -> [String] {
        var lines: [String] = []
        for (binding, instance) in defaults {
            let asked = binding.serviceType
            let defaultType = type(of: instance)
            for candidate in made {
                let registered = candidate.registration.request.serviceType
                guard registered != asked, !isExistential(registered), registered != defaultType,
                    candidate.registration.request.argumentTypes.isEmpty, isInstance(candidate.instance, of: asked)
                else { continue }
                let key = ServiceRequest(serviceType: asked, name: binding.name)
                lines.append(
                    "\(key) resolves its declared key's default (\(typeName(defaultType))), while \(candidate.registration) registers \(typeName(registered)), which is also \(spelling(of: asked)): a key never resolves a conforming type. To fix: register the replacement through the key, register(.key) { _ in \(typeName(registered))() }, or register it as \(spelling(of: asked)).self\(binding.name.map { ", name: \"\($0)\"" } ?? "")."
                )
            }
        }
        return lines
    }

    /// Whether `instance` is a `type` (a protocol's conformance, a subclass), `type` opened as a generic.
    static func isInstance(_ instance: Any, of type: Any.Type) -> Bool {
        func check<T>(_: T.Type) -> Bool { instance is T }
        return check(type)
    }
}

extension ResolutionError {
    /// This error, naming the lookalikes among `candidates` if nothing is registered for its request.
    func namingLookalikes(among candidates: [Lookalikes.Candidate]) -> ResolutionError {
        guard case .notRegistered = kind else { return self }
        return replacingLookalikes(Lookalikes.lines(for: request, among: candidates))
    }
}

extension Container {
    /// The error for a request nothing is registered for, whose message names the lookalikes when it is made.
    func notRegisteredError(for request: ServiceRequest, path: [ServiceRequest]) -> ResolutionError {
        ResolutionError(notRegistered: request, path: path) { [weak self] in
            Lookalikes.lines(for: request, among: self?.keptInstances() ?? [])
        }
    }

    /// The instances this container and its ancestors keep, with their registrations (stand-ins included).
    func keptInstances() -> [Lookalikes.Candidate] {
        var found: [Lookalikes.Candidate] = []
        for (_, binding) in visibleBindings() {
            guard let instance = Self.keptInstance(of: binding.registration) else { continue }
            let described = binding.registration.describe(as: binding.serviceType, name: .some(binding.name))
            found.append(Lookalikes.Candidate(registration: described, instance: instance, origin: "keeps"))
        }
        var container: Container? = self
        while let current = container {
            for standIn in current.lifecycle.standIns() {
                guard let instance = Self.keptInstance(of: standIn) else { continue }
                found.append(
                    Lookalikes.Candidate(registration: standIn.describe(), instance: instance, origin: "keeps"))
            }
            container = current.parent
        }
        return found
    }

    /// The instance `registration` keeps now, if any; its state is read under its lock, never made.
    private static func keptInstance(of registration: Registration) -> Any? {
        registration.stateIfMade?.withLock { state -> Any? in
            switch state.shared {
            case .strong(let box): return box.instance
            case .weak(let reference): return reference.instance
            case .empty, .creating: return nil
            }
        }
    }
}
