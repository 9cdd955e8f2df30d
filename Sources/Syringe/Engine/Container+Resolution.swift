extension Container: Resolver {
    /// Resolves the unnamed service without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let food = container.resolve((any Food).self)
    /// ```
    public func resolve<Service>(_ serviceType: Service.Type) -> Service? {
        resolve(serviceType, name: nil)
    }

    /// Resolves the unnamed service of a class type without runtime arguments, or returns `nil` and logs why: the
    /// same as `Resolver`'s `resolve(_:)`, laid out for a top-level resolve such as an app's read of a singleton.
    ///
    /// ```swift
    /// let cat = container.resolve(Cat.self)
    /// ```
    // Inlinable, as is `require(_:)`: a kept instance of a class type is read without generic code (one call,
    // Runtime/QuickSharedRead.swift); anything else continues out of line.
    @inlinable
    public func resolve<Service: AnyObject>(_ serviceType: Service.Type) -> Service? {
        var miss = QuickReadMiss()
        if let object = quickSharedObject(ObjectIdentifier(Service.self), miss: &miss) {
            return exactReference(object, as: Service.self)
        }
        return resolveAfterQuickRead(Service.self, &miss)
    }

    /// ``resolve(_:)-(Service.Type)`` past its quick read.
    @usableFromInline
    @inline(never)
    func resolveAfterQuickRead<Service>(_ serviceType: Service.Type, _ miss: inout QuickReadMiss) -> Service? {
        do {
            return try requireAfterQuickRead(Service.self, miss)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// ``require(_:)-(Service.Type)`` past its quick read.
    @usableFromInline
    @inline(never)
    func requireAfterQuickRead<Service>(_ serviceType: Service.Type, _ miss: inout QuickReadMiss)
        throws(ResolutionError)
        -> Service
    {
        try requireAfterQuickRead(Service.self, miss)
    }

    /// ``continueAfterQuickRead(_:_:stopsForAwaited:)`` of a synchronous resolve, which never stops.
    @inline(__always)
    private func requireAfterQuickRead<Service>(_ serviceType: Service.Type, _ miss: QuickReadMiss)
        throws(ResolutionError) -> Service
    {
        do {
            return try continueAfterQuickRead(Service.self, miss, stopsForAwaited: false)
        } catch {
            guard case .failed(let failure) = error else { preconditionFailure("a synchronous resolve stopped") }
            throw failure
        }
    }

    /// Resolves the unnamed service without runtime arguments, or throws why it cannot: the same as
    /// ``Resolver/require(_:)-(Service.Type)``, laid out for a top-level resolve.
    ///
    /// ```swift
    /// let animal = try container.require(Animal.self)
    /// ```
    @inlinable
    public func require<Service>(_ serviceType: Service.Type) throws(ResolutionError) -> Service {
        var miss = QuickReadMiss()
        if let object = quickSharedObject(ObjectIdentifier(Service.self), miss: &miss) {
            return exactReference(object, as: Service.self)
        }
        return try requireAfterQuickRead(Service.self, &miss)
    }

    /// A resolve of the unnamed service called on the container itself: the top-level path inlined, the nested
    /// one (through a captured container) out of line.
    @inline(__always)
    func requireFromOutside<Service>(_ serviceType: Service.Type) throws(ResolutionError) -> Service {
        let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: nil)
        let installed = ResolvingThread.installed
        if let active = installed?.with({ $0.activeContext(of: self) }) {
            return try ResolutionContext.requireNestedOutOfLine(in: active, key: key, as: Service.self, name: nil)
        }
        return try resolveTopLevel(
            key: key, as: Service.self, name: nil, arguments: (), installed: installed, joinsActive: false
        ) { [] }
    }

    /// Resolves the service registered under `name` without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat")
    /// ```
    public func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        do {
            return try require(serviceType, name: name)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// Resolves the service registered under `name` with these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
    // Inlinable, as is the throwing form: specialized code makes the key and the arguments' value, which generic
    // code would do by walking the pack's metadata (~400 instructions).
    @inlinable
    public func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service? {
        do {
            return try require(serviceType, name: name, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// Resolves the service registered under `name` without runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat")
    /// ```
    // Always inlined, also into `resolve(_:name:)`: a factory's nested `r.resolve` is then one call, not two.
    @inline(__always)
    public func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service {
        let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: name)
        let installed = ResolvingThread.installed
        // A factory's `r.resolve` joins the running resolution here; the top-level path is out of line, so this
        // frame, one per level of nesting, holds only what a nested resolve needs.
        if let active = installed?.with({ $0.activeContext(of: self) }) {
            return try ResolutionContext.requireNested(in: active, key: key, as: Service.self, name: name)
        }
        return try requireTopLevel(key: key, as: Service.self, name: name, installed: installed)
    }

    /// ``require(_:name:)`` at the top level (no resolution of this container runs on the thread).
    @inline(never)
    func requireTopLevel<Service>(
        key: ServiceKey, as serviceType: Service.Type, name: String?, installed: Unretained<ResolvingThread>?
    ) throws(ResolutionError) -> Service {
        try resolveTopLevel(
            key: key, as: Service.self, name: name, arguments: (), installed: installed, joinsActive: false
        ) { [] }
    }

    /// Resolves the service registered under `name` with these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
    @inlinable
    public func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try require(
            Service.self, name: name, argumentsKey: argumentsType(repeat (each Argument).self),
            arguments: (repeat each arguments)
        ) {
            argumentTypeList(repeat (each Argument).self)
        }
    }

    /// ``require(_:name:arguments:)`` once the caller made the arguments' key and value (a tuple when several).
    @usableFromInline
    func require<Service, Arguments>(
        _ serviceType: Service.Type, name: String?, argumentsKey: ArgumentsKey, arguments: Arguments,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        let key = ServiceKey(serviceType: Service.self, argumentsType: argumentsKey, name: name)
        return try resolveTopLevel(
            key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes
        )
    }

    /// A top-level resolve: a singleton already made is returned without further work; anything else runs
    /// in the thread's pooled ``ResolutionContext``, inside a reading section (see ``ResolvingThread``).
    @inline(__always)
    func resolveTopLevel<Service, Arguments>(
        key: ServiceKey,
        as serviceType: Service.Type,
        name: String?,
        arguments: Arguments,
        installed: Unretained<ResolvingThread>? = ResolvingThread.installed,
        joinsActive: Bool = true,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        do {
            return try topLevelSteps(
                key: key, as: Service.self, name: name, arguments: arguments, installed: installed,
                joinsActive: joinsActive, stopsForAwaited: false, argumentTypes: argumentTypes)
        } catch {
            // Only a resolve that stops for awaited registrations throws `needsAwaiting`.
            guard case .failed(let failure) = error else { preconditionFailure("a synchronous resolve stopped") }
            throw failure
        }
    }

    /// A top-level resolve, in an open reading section, past a quick read that found nothing (or with none, not
    /// the outermost section): the kept singleton read under the lock, else a resolution.
    @inline(__always)
    func resolveInSection<Service, Arguments>(
        thread: Unretained<ResolvingThread>, registry: RegistryView, hit: RegistryView.Hit?, key: ServiceKey,
        as serviceType: Service.Type, name: String?, arguments: Arguments, afterQuickRead: Bool,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        // After a quick read that found nothing, the context's path reads the singleton (it may be being made).
        if !afterQuickRead, let hit, let instance = existingSingleton(hit) {
            // Stored as exactly `Service` (Runtime/ExactCast.swift): taken out as it is; a forwarded type is cast.
            if holdsExactly(instance, Service.self) { return value(ofExactly: instance, as: Service.self) }
            // `case let`, not `as?`: no `Optional<Service>` metadata lookup on every call.
            switch instance {
            case let service as Service: return service
            default: break
            }
        }
        // An instance kept per argument (`keyedByArguments`), read without a resolution; only requests with
        // arguments look.
        if Arguments.self != Void.self, let hit, isKeyedByArguments(hit),
            let instance = keptKeyedInstance(hit, arguments: arguments)
        {
            if holdsExactly(instance, Service.self) { return value(ofExactly: instance, as: Service.self) }
            switch instance {
            case let service as Service: return service
            default: break
            }
        }
        return try thread.withResolution(of: self, registry: registry, graph: pinnedGraph) {
            context throws(ResolutionError) -> Service in
            guard let hit else {
                return try context.resolve(
                    key: key, as: Service.self, name: name, arguments: arguments as Any, argumentTypes: argumentTypes
                )
            }
            // A registered service: one root, and the resolution ends with it (unlike, say, an array of bindings).
            context.endsWithRootFrame = true
            return try context.resolve(hit, as: Service.self, name: name, arguments: arguments as Any)
        }
    }

    /// The instance of a `.container` registration that has one, read under its lock: for a resolve nested in
    /// another resolution of the thread, which cannot begin a quick read.
    @inline(__always)
    private func existingSingleton(_ hit: RegistryView.Hit) -> Any? {
        // Not retained: the hit's table keeps the registration alive during the caller's reading section.
        let registration = hit.registration
        let kind = registration.with {
            $0.currentConfiguration.with { $0.kind }
        }
        guard kind == .container else { return nil }
        return registration.with { registration in
            registration.state.withLock { state -> Any? in
                if case .strong(let box) = state.shared { return box.instance }
                return nil
            }
        }
    }

    /// The error for a request no registration answers, classified by what is registered for the type. Only the
    /// scan of the type's keys runs now: describing them, and "did you mean", wait until `kind` or `registrations`
    /// is read. `optionalForms` (``optionalForms(of:)``), when `nil`, are found by a scan of every binding.
    func missError(
        for request: ServiceRequest, path: [ServiceRequest], optionalForms: [ObjectIdentifier]? = nil
    ) -> ResolutionError {
        let wanted = ObjectIdentifier(request.serviceType)
        let sameType = visibleBindings { $0.serviceType == wanted }.map(\.binding)
        if sameType.isEmpty {
            if let optionalForm = optionalForm(of: request, among: optionalForms) {
                let forms = [
                    optionalForm.registration.describe(as: optionalForm.serviceType, name: .some(optionalForm.name))
                ]
                return ResolutionError(
                    kind: .optionalityMismatch(registered: optionalForm.serviceType), request: request, path: path,
                    registrations: forms
                )
            }
            return notRegisteredError(for: request, path: path)  // Diagnostics/Lookalikes.swift
        }
        let sameName = sameType.contains { $0.name == request.name }
        return ResolutionError(request: request, path: path) {
            // Sorted by description, each description made once (not once per comparison).
            let registrations =
                sameType
                .map { binding in
                    let described = binding.registration.describe(
                        as: binding.serviceType, name: .some(binding.name))
                    return (described, described.description)
                }
                .sorted(byKey: { $0.1 })
                .map(\.0)
            if sameName { return (.argumentMismatch, registrations) }
            let names = sameType.compactMap(\.name)
            return (.nameMismatch(suggestion: closestName(to: request.name ?? "", among: names)), registrations)
        }
    }

    /// A visible binding whose service type is an optional form of the request's (`Animal?` for `Animal`, or
    /// `Animal` for `Animal?`): among the types `forms` if given, else found by a scan of every binding.
    private func optionalForm(of request: ServiceRequest, among forms: [ObjectIdentifier]?) -> Binding? {
        if let forms {
            return visibleBindings { forms.contains($0.serviceType) }.first?.binding
        }
        return visibleBindings().lazy.map(\.binding).first { binding in
            let registered = binding.serviceType
            if let wrapper = registered as? any InstanceWrapper.Type, wrapper.wrappedType == request.serviceType,
                registered is any OptionalMarker.Type
            {
                return true
            }
            if let wrapper = request.serviceType as? any OptionalMarker.Type,
                wrapper.wrappedOptionalType == registered
            {
                return true
            }
            return false
        }
    }

    /// The visible bindings (this container's, then its ancestors' it does not shadow) whose keys pass
    /// `isIncluded`; keys are compared before any binding is copied.
    func visibleBindings(
        where isIncluded: (ServiceKey) -> Bool = { _ in true }
    ) -> [(key: ServiceKey, binding: Binding)] {
        var found: [(key: ServiceKey, binding: Binding)] = []
        // The keys of nearer containers, which shadow an ancestor's: kept only while an ancestor follows.
        var seen: Set<ServiceKey> = []
        var container: Container? = self
        while let current = container {
            let isNearest = current === self
            let hasAncestor = current.parent != nil
            current.registry.withLock { registry in
                registry.bindings.forEach(where: isIncluded) { key, binding in
                    if !isNearest, seen.contains(key) { return }
                    if hasAncestor { seen.insert(key) }
                    found.append((key, binding))
                }
            }
            container = current.parent
        }
        return found
    }
}

/// The service types whose registration would answer a request for `Service` but for its optionality
/// (`Optional<Service>`, or the type an optional `Service` wraps), worked out from the generic type.
func optionalForms<Service>(of serviceType: Service.Type) -> [ObjectIdentifier] {
    var forms = [ObjectIdentifier(Optional<Service>.self)]
    // The kind first: only an optional is asked of the runtime (its first answer for a type is a scan).
    if MetadataKind.isOptional(Service.self), let optional = Service.self as? any OptionalMarker.Type {
        forms.append(ObjectIdentifier(optional.wrappedOptionalType))
    }
    return forms
}

/// Marks `Optional`, so messages can tell `Animal?` from `Animal`.
protocol OptionalMarker {
    static var wrappedOptionalType: Any.Type { get }
}

extension Optional: OptionalMarker {
    static var wrappedOptionalType: Any.Type { Wrapped.self }
}

/// The name among `names` closest to `name` by edit distance, if it is close enough to be a likely typo.
func closestName(to name: String, among names: [String]) -> String? {
    let target = Array(name.lowercased())
    let scored = names.map { ($0, editDistance(target, Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
    let allowed = max(2, max(name.count, best.0.count) / 3)
    return best.1 <= allowed ? best.0 : nil
}

/// The Levenshtein distance between two strings, given as their characters.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
