// The steps of a top-level resolve, shared by the synchronous resolve (`resolve`, `require`) and by the synchronous
// attempt of an awaited one (`container.async`, Container+AwaitedFastPath.swift), which stops, before anything of the
// resolution ran, where the registration found needs the awaited path.

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
    /// The steps of a top-level resolve, for the synchronous resolve and for the synchronous attempt of an awaited
    /// one (`stopsForAwaited`), which throws ``SynchronousAttemptStop/needsAwaiting`` before anything of the
    /// resolution ran when the registration found has an `async` or actor-isolated factory, or when a resolution of
    /// this container runs on the thread (an awaited resolve is a new top-level resolution, left to the awaited path).
    @inline(__always)
    func topLevelSteps<Service, Arguments>(
        key: ServiceKey, as serviceType: Service.Type, name: String?, arguments: Arguments,
        installed: Unretained<ResolvingThread>?, joinsActive: Bool, stopsForAwaited: Bool,
        argumentTypes: () -> [Any.Type]
    ) throws(SynchronousAttemptStop) -> Service {
        // `arguments` is boxed in an `Any` only past the singleton read, which then needs no `Any` to destroy.
        // The thread's state is used without retaining it (its slot owns it); only a state made now is held, by
        // `made`, for this call.
        var made: ResolvingThread?
        let thread = ResolvingThread.borrowed(installed, keepingAlive: &made)
        defer { withExtendedLifetime(made) {} }
        // A resolve on the container of the resolution running on this thread (a factory's `r.resolve`) joins
        // it: same object graph, same path. The resolution's reading section is still open.
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
            // The outermost resolve of the thread reads a kept singleton with no lock (the quick read keeps its
            // box valid), whatever its factory (the awaited path returns the same instance). Anything else ends
            // the quick read, as nothing but this read may happen inside one; so does building a table in the
            // lookup (it locks), and then the context's path reads the singleton.
            if thread.with({ $0.isInQuickRead }), let hit,
                let box = hit.registration.with({
                    $0.publishedInstance(typedAs: ObjectIdentifier(Service.self))
                })
            {
                // `publishedInstance(typedAs:)` returned the box only if it is typed exactly as `Service`, which is
                // what `typedValue(as:)` needs to take the value out unchecked (Runtime/ExactCast.swift).
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

    /// Resolves `Service` (no name, no arguments) from where the quick read left off, and closes the reading
    /// section it left open: the outermost section goes on as any top-level resolve, reusing the entry the read
    /// found; a nested one (a resolution runs on the thread) is closed and the resolve joins the resolution. The
    /// synchronous attempt of an awaited resolve (`stopsForAwaited`) stops where
    /// ``topLevelSteps(key:as:name:arguments:installed:joinsActive:stopsForAwaited:argumentTypes:)`` does.
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
            // Typed exactly as `Service` (`publishedInstance(typedAs:)`), as `typedValue(as:)` needs; the quick
            // read, still on, keeps the box valid (Runtime/QuickSharedRead.swift).
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
