/// Re-injection (`@Injected(reinjected: true)`; rules in Documentation/PropertyInjection.md).
///
/// A ``Watch`` (one property of one object, kept weakly) is in the ``InjectionStore`` of every container from the
/// injecting one up to the one whose registration answered, so each finds the watches a change there concerns.
/// The hooks check one word (``InjectionStore/hasWatches``) first. Re-injection runs after every lock is released,
/// in first-injection order, on the object's actor if it was injected on one.
enum Reinjection {
    /// One re-injected property of one object.
    final class Watch: @unchecked Sendable {
        // @unchecked Sendable: the weak references are written only in `init` (loading one is atomic);
        // `registration` is behind `lock`; the rest are `let`s. The owner is only touched on the actor it was
        // injected on, or, injected outside any actor, on the thread that makes the change, as documented.
        weak var owner: AnyObject?
        weak var container: Container?
        let ownerType: Any.Type
        let label: String
        /// The property's box, weakly: the owner keeps it, and a watch must not keep the value after the owner.
        weak var storage: (any InjectedStorageProtocol)?
        /// `storage`'s identity, to tell watches of the same property apart while the owner lives.
        let storageID: ObjectIdentifier
        let key: ServiceKey
        let isolation: (any Actor)?
        /// The main actor's thread, by serial, when `isolation` is the main actor: not a `pthread_t`, which a
        /// later thread may reuse.
        let mainThread: UInt?
        let sequence: UInt
        private let lock = Locked<ObjectIdentifier?>(nil)

        init(
            owner: AnyObject, container: Container, label: String, storage: any InjectedStorageProtocol,
            key: ServiceKey, registration: Registration, isolation: (any Actor)?, sequence: UInt
        ) {
            self.owner = owner
            self.container = container
            self.ownerType = type(of: owner)
            self.label = label
            self.storage = storage
            self.storageID = ObjectIdentifier(storage)
            self.key = key
            self.isolation = isolation
            self.mainThread = isolation.map { $0 === MainActor.shared } == true ? currentThreadSerial() : nil
            self.sequence = sequence
            lock.withLock { $0 = ObjectIdentifier(registration) }
        }

        /// The registration that answered the property last.
        var registration: ObjectIdentifier? {
            get { lock.withLock { $0 } }
            set { lock.withLock { $0 = newValue } }
        }
    }

    /// Whether `registration` keeps one instance to re-inject (`.container`, `.perContainer`, `.weak`, a value).
    static func keepsOneInstance(_ registration: Registration) -> Bool {
        let configuration = registration.configuration
        switch configuration.kind {
        case .container, .perContainer, .weak: return true
        case .transient, .graph, .request, .custom: return configuration.isRegisteredInstance
        }
    }

    /// Records the re-injected `properties` of `instance`, just filled through `resolver`; throws
    /// ``ResolutionError/Kind/notReinjectable(reason:)`` when they cannot be watched.
    static func watch(
        _ instance: Any, properties: [PropertyInjector.Property], resolver: any Resolver,
        madeBy registration: Registration?, isolation: (any Actor)?
    ) throws(ResolutionError) {
        let ownerType = type(of: instance)
        guard let first = properties.first else { return }
        func failure(_ property: PropertyInjector.Property, _ reason: String) -> ResolutionError {
            ResolutionError(
                kind: .notReinjectable(reason: reason),
                request: ServiceRequest(serviceType: property.storage.valueType, name: property.storage.name)
            ).injecting(property: property.label, of: ownerType)
        }
        guard let owner = asObject(instance) else {
            throw failure(first, "\(typeName(ownerType)) is not a class: only objects can be kept for re-injection")
        }
        guard let container = resolver as? Container else {
            throw failure(first, "it was filled by an awaited resolution: only a Container re-injects")
        }
        let isolation: (any Actor)? =
            isolation ?? (registration?.isolatedToMainActor == true ? MainActor.shared : nil)
        for property in properties {
            let key = ServiceKey(
                serviceType: property.storage.lookupType, argumentsType: noArgumentsKey, name: property.storage.name)
            guard let (chain, source) = container.source(of: key) else {
                throw failure(
                    property,
                    "\(typeName(property.storage.lookupType)) has no registration to follow (it must be registered)")
            }
            guard keepsOneInstance(source) else {
                throw failure(
                    property,
                    "the registration of \(typeName(property.storage.lookupType)) is in the \(source.configuration.scope.scopeDescription) scope; only .container, .perContainer and .weak registrations keep one instance to re-inject"
                )
            }
            // Injecting the same object again replaces its watches.
            for holder in chain {
                holder.injection.addWatch { sequence in
                    Watch(
                        owner: owner, container: container, label: property.label, storage: property.storage,
                        key: key, registration: source, isolation: isolation, sequence: sequence)
                }
            }
        }
    }

    /// Fills `watches` again (each once), object by object in first-injection order. Call outside every lock.
    static func reinject(_ watches: [Watch]) {
        var seen = Set<ObjectIdentifier>()
        let unique = watches.filter { seen.insert($0.storageID).inserted }
            .sorted(byKey: { UInt64($0.sequence) })
        // Group by owner, keeping the order of each owner's first watch.
        var groups: [(owner: ObjectIdentifier, watches: [Watch])] = []
        var index: [ObjectIdentifier: Int] = [:]
        for watch in unique {
            guard let owner = watch.owner else { continue }
            let id = ObjectIdentifier(owner)
            if let at = index[id] {
                groups[at].watches.append(watch)
            } else {
                index[id] = groups.count
                groups.append((id, [watch]))
            }
        }
        for group in groups {
            run(group.watches)
        }
    }

    /// Re-injects one object's watches on the actor it was injected on.
    private static func run(_ watches: [Watch]) {
        let first = watches[0]
        guard let isolation = first.isolation else {
            refill(watches)
            return
        }
        if let mainThread = first.mainThread, mainThread == currentThreadSerial() {
            // This is the main actor's thread, running synchronously: the main actor.
            MainActor.assumeIsolated { refillWithMainActorPermit(watches) }
            return
        }
        Task { await refill(watches, on: isolation) }
    }

    private static func refill(_ watches: [Watch], on actor: isolated any Actor) {
        if actor === MainActor.shared {
            refillWithMainActorPermit(watches)
        } else {
            refill(watches)
        }
    }

    /// Refills on the main actor (the caller's), where `@MainActor` registrations resolve synchronously.
    private static func refillWithMainActorPermit(_ watches: [Watch]) {
        MainActorPermit.$thread.withValue(currentThreadIdentity()) { refill(watches) }
    }

    /// Fills each property again, then tells the owner; a failure keeps the value and is logged.
    private static func refill(_ watches: [Watch]) {
        guard let owner = watches[0].owner, let container = watches[0].container else { return }
        for watch in watches {
            do {
                try container.fillAgain(watch)
            } catch {
                Container.log(error.injecting(property: watch.label, of: watch.ownerType))
            }
        }
        PropertyInjector.notifyCompletion(of: owner, from: container)
    }
}

extension Container {
    /// The containers from this one up to the one whose binding answers `key`, and that binding's registration;
    /// `nil` when no container binds it.
    func source(of key: ServiceKey) -> (chain: [Container], registration: Registration)? {
        var chain: [Container] = []
        var container: Container? = self
        while let current = container {
            chain.append(current)
            if let binding = current.registry.withLock({ $0.bindings[key] }) { return (chain, binding.registration) }
            container = current.parent
        }
        return nil
    }

    /// Fills `watch`'s property again and notes the registration that answered.
    fileprivate func fillAgain(_ watch: Reinjection.Watch) throws(ResolutionError) {
        guard let storage = watch.storage else { return }
        try inOneResolution { () throws(ResolutionError) in
            try storage.fill(from: self, label: watch.label, owner: watch.ownerType)
        }
        watch.registration = source(of: watch.key).map { ObjectIdentifier($0.registration) }
    }

    /// Re-injects the watches bound to `key` (registered or forwarded again). A new registration whose scope
    /// keeps nothing waits for ``reinjectAfterScopeChange(of:)`` (the `inObjectScope` that usually follows).
    func reinjectAfterBinding(_ key: ServiceKey) {
        guard hasInjectionWatches, let (_, source) = source(of: key), Reinjection.keepsOneInstance(source) else {
            return
        }
        Reinjection.reinject(injection.watches { $0.key == key })
    }

    /// Re-injects the watches answered by `registration` once its scope changed to one that keeps one instance.
    @usableFromInline
    final func reinjectAfterScopeChange(of registration: Registration) {
        guard hasInjectionWatches, Reinjection.keepsOneInstance(registration) else { return }
        let watches = injection.watches { _ in true }.filter { source(of: $0.key)?.registration === registration }
        Reinjection.reinject(watches)
    }

    /// Re-injects the watches whose property came from one of `registrations` (reset, or removed).
    func reinjectAfterChange(of registrations: [Registration]) {
        guard hasInjectionWatches, !registrations.isEmpty else { return }
        let ids = Set(registrations.map(ObjectIdentifier.init))
        Reinjection.reinject(injection.watches { $0.registration.map(ids.contains) ?? false })
    }
}
