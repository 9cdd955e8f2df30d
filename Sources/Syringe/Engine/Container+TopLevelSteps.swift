// The steps of a top-level resolve, shared by the synchronous resolve and by the synchronous attempt of an awaited
// one (Container+AwaitedFastPath.swift), which stops before anything ran where the registration needs the awaited path.

/// Why an awaited resolve's synchronous attempt returned no service: the registration needs the awaited path
/// (nothing of the resolution ran), or the resolution failed. Thrown, not returned as `Service?`: unspecialized
/// generic code looks up the metadata of `Optional<Service>` at every call that returns one.
@usableFromInline
enum SynchronousAttemptStop: Error {
    case needsAwaiting
    case failed(ResolutionError)
}

extension Container {
    /// The steps of a top-level resolve. The synchronous attempt of an awaited one (`stopsForAwaited`) throws
    /// ``SynchronousAttemptStop/needsAwaiting`` before anything ran when the registration needs the awaited path,
    /// or when a resolution of this container runs on the thread (an awaited resolve is a new top-level one).
    @inline(__always)
    func topLevelSteps<Service, Arguments>(
        key: ServiceKey, as serviceType: Service.Type, name: String?, arguments: Arguments,
        installed: Unretained<ResolvingThread>?, joinsActive: Bool, stopsForAwaited: Bool,
        argumentTypes: () -> [Any.Type]
    ) throws(SynchronousAttemptStop) -> Service {
        // `arguments` is boxed in an `Any` only past the singleton read. The thread's state is not retained (its
        // slot owns it); only a state made now is held, by `made`.
        var made: ResolvingThread?
        let thread = ResolvingThread.borrowed(installed, keepingAlive: &made)
        defer { withExtendedLifetime(made) {} }
        // A resolve on the container of the resolution running on this thread (a factory's `r.resolve`) joins it.
        if joinsActive || stopsForAwaited, let active = thread.with({ $0.activeContext(of: self) }) {
            if stopsForAwaited { throw .needsAwaiting }
            do {
                return try ResolutionContext.requireNested(
                    in: active, key: key, as: Service.self, name: name, arguments: arguments,
                    argumentTypes: argumentTypes)
            } catch {
                throw .failed(error)
            }
        }
        let quick = thread.with { $0.enterReadingWithQuickRead() }
        defer { thread.with { $0.leaveReading() } }
        var registry = RegistryView(of: self)
        let hit = registry.lookup(key)
        if quick {
            // The outermost resolve reads a kept singleton with no lock (the quick read keeps its box valid),
            // whatever its factory. Anything else ends the quick read, as does building a table in the lookup.
            if thread.with({ $0.isInQuickRead }), let hit,
                let box = hit.registration.with({
                    $0.publishedInstance(typedAs: ObjectIdentifier(Service.self))
                })
            {
                // Typed exactly as `Service`, as `typedValue(as:)` needs (Runtime/ExactCast.swift).
                return box.with { $0.typedValue(as: Service.self) }
            }
            thread.with { $0.endQuickRead() }
        }
        if stopsForAwaited, let hit, hit.registration.with({ $0.needsAwaitedPath }) {
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

    /// Resolves `Service` (no name, no arguments) from where the quick read left off, reusing the entry it found,
    /// and closes its reading section (a nested one first: the resolve then joins the running resolution).
    @inline(__always)
    func continueAfterQuickRead<Service>(_ serviceType: Service.Type, _ miss: QuickReadMiss, stopsForAwaited: Bool)
        throws(SynchronousAttemptStop) -> Service
    {
        guard let thread = miss.thread, miss.isOutermost else {
            miss.thread?.with { $0.leaveReading() }
            if stopsForAwaited { return try requireNamedUnlessAwaited(Service.self, name: nil) }
            do {
                return try requireFromOutside(Service.self)
            } catch {
                throw .failed(error)
            }
        }
        defer { thread.with { $0.leaveReading() } }
        if let box = miss.quickBox {
            // Typed exactly as `Service`; the quick read, still on, keeps the box valid.
            return box.with { $0.typedValue(as: Service.self) }
        }
        let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: nil)
        var registry = RegistryView(of: self)
        let hit = miss.entry ?? registry.lookup(key)
        // The same last steps as `topLevelSteps`, written out again: one shared `@inline(__always)` function for both
        // cost the synchronous transient resolve 95 instructions (1,010 -> 1,105, measured).
        if stopsForAwaited, let hit, hit.registration.with({ $0.needsAwaitedPath }) {
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
}
