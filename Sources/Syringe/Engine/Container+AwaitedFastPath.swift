// The synchronous half of an awaited top-level resolve (`container.async`): when the registration asked for has a
// synchronous factory that is not isolated to the main actor, nothing in its graph can await (a synchronous factory
// resolves synchronously), so the resolve is the synchronous one, run on the caller's executor without suspending.
// Only a registration whose factory is `async` or actor-isolated takes the awaited path (AsyncResolution).

/// Why an awaited resolve's synchronous attempt returned no service: the registration needs the awaited path, or the
/// resolution failed.
///
/// Thrown rather than returned as `Service?`: generic code that is not specialized (an `AsyncResolver`'s `require`,
/// reached through `any AsyncResolver`) looks up the metadata of `Optional<Service>` at every call that returns one.
@usableFromInline
enum SynchronousAttemptStop: Error {
    /// The registration's factory is `async` or isolated to an actor; nothing of the resolution ran.
    case needsAwaiting
    /// The synchronous resolution failed.
    case failed(ResolutionError)
}

extension Container {
    /// An awaited resolve of the service registered under `name` without runtime arguments, done synchronously when
    /// its registration's factory is synchronous; throws ``SynchronousAttemptStop/needsAwaiting`` when the
    /// registration needs the awaited path (its factory is `async` or isolated to an actor), before anything of the
    /// resolution ran.
    // Inlinable, as is the synchronous `require(_:)`: a kept singleton of a class type is read without generic code.
    @inlinable
    func requireUnlessAwaited<Service>(
        _ serviceType: Service.Type, name: String?
    ) throws(SynchronousAttemptStop) -> Service {
        guard name == nil else { return try requireNamedUnlessAwaited(Service.self, name: name) }
        // A kept singleton is the answer, whatever its factory (the awaited path returns the same instance).
        var miss = QuickReadMiss()
        if let object = quickSharedObject(ObjectIdentifier(Service.self), miss: &miss) {
            return exactReference(object, as: Service.self)
        }
        return try requireUnlessAwaitedAfterQuickRead(Service.self, &miss)
    }

    /// ``requireUnlessAwaited(_:name:)`` without the quick read (a named service, or after a quick read that
    /// entered no reading section).
    @usableFromInline
    func requireNamedUnlessAwaited<Service>(
        _ serviceType: Service.Type, name: String?
    ) throws(SynchronousAttemptStop) -> Service {
        let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: name)
        return try requireUnlessAwaited(key: key, as: Service.self, name: name, arguments: ()) { [] }
    }

    /// ``requireUnlessAwaited(_:name:)`` of the unnamed service, continued from a quick read of a kept singleton
    /// that found none (see ``quickSharedObject(_:miss:)``): closes the reading section the read left open.
    @usableFromInline
    @inline(never)
    func requireUnlessAwaitedAfterQuickRead<Service>(
        _ serviceType: Service.Type, _ miss: inout QuickReadMiss
    ) throws(SynchronousAttemptStop) -> Service {
        guard let thread = miss.thread else { return try requireNamedUnlessAwaited(Service.self, name: nil) }
        guard miss.isOutermost else {
            thread.with { $0.leaveReading() }
            return try requireNamedUnlessAwaited(Service.self, name: nil)
        }
        defer { thread.with { $0.leaveReading() } }
        if let box = miss.quickBox {
            // Typed exactly as `Service`, and kept valid by the quick read, still on (Runtime/QuickSharedRead.swift).
            return box.with { $0.typedValue(as: Service.self) }
        }
        let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: nil)
        var registry = RegistryView(of: self)
        let hit = miss.entry ?? registry.lookup(key)
        if let hit, hit.registration.with({ $0.asyncFactory != nil || $0.isolatedToMainActor }) {
            throw .needsAwaiting
        }
        do {
            return try resolveInSection(
                thread: thread, registry: registry, hit: hit, key: key, as: Service.self, name: nil, arguments: (),
                afterQuickRead: true
            ) { [] }
        } catch {
            throw .failed(error)
        }
    }

    /// ``requireUnlessAwaited(_:name:)`` with runtime arguments, once the caller made the arguments' key and
    /// value (`arguments`, a tuple when several).
    @usableFromInline
    func requireUnlessAwaited<Service, Arguments>(
        _ serviceType: Service.Type, name: String?, argumentsKey: ArgumentsKey, arguments: Arguments,
        argumentTypes: () -> [Any.Type]
    ) throws(SynchronousAttemptStop) -> Service {
        let key = ServiceKey(serviceType: Service.self, argumentsType: argumentsKey, name: name)
        return try requireUnlessAwaited(
            key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
    }

    /// The top-level synchronous resolve of `key` (``resolveTopLevel(key:as:name:arguments:installed:joinsActive:argumentTypes:)``
    /// in its steps), which first throws ``SynchronousAttemptStop/needsAwaiting`` when the registration found needs
    /// the awaited path.
    @inline(__always)
    private func requireUnlessAwaited<Service, Arguments>(
        key: ServiceKey, as serviceType: Service.Type, name: String?, arguments: Arguments,
        argumentTypes: () -> [Any.Type]
    ) throws(SynchronousAttemptStop) -> Service {
        var made: ResolvingThread?
        let thread = ResolvingThread.borrowed(ResolvingThread.installed, keepingAlive: &made)
        defer { withExtendedLifetime(made) {} }
        // An awaited resolve is a new top-level resolution; a synchronous one of this container running on the
        // thread (which cannot await, so this does not happen from a factory) is left to the awaited path.
        if thread.with({ $0.activeContext(of: self) }) != nil { throw .needsAwaiting }
        let quick = thread.with { $0.enterReadingWithQuickRead() }
        defer { thread.with { $0.leaveReading() } }
        var registry = RegistryView(of: self)
        let hit = registry.lookup(key)
        if quick {
            // A kept singleton is the answer, whatever its factory (the awaited path returns the same instance).
            if thread.with({ $0.isInQuickRead }), let hit,
                let box = hit.registration.with({
                    $0.publishedInstance(typedAs: ObjectIdentifier(Service.self))
                })
            {
                return box.with { $0.typedValue(as: Service.self) }
            }
            thread.with { $0.endQuickRead() }
        }
        if let hit, hit.registration.with({ $0.asyncFactory != nil || $0.isolatedToMainActor }) {
            throw .needsAwaiting
        }
        do {
            return try resolveInSection(
                thread: thread, registry: registry, hit: hit, key: key, as: Service.self, name: name,
                arguments: arguments, afterQuickRead: quick, argumentTypes: argumentTypes)
        } catch {
            throw .failed(error)
        }
    }
}
