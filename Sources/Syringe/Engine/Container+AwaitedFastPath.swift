// The synchronous half of an awaited top-level resolve (`container.async`): when the registration asked for has a
// synchronous factory that is not isolated to the main actor, nothing in its graph can await (a synchronous factory
// resolves synchronously), so the resolve is the synchronous one, run on the caller's executor without suspending.
// Only a registration whose factory is `async` or actor-isolated takes the awaited path (AsyncResolution).

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
        try continueAfterQuickRead(Service.self, miss, stopsForAwaited: true)
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

    /// The top-level synchronous resolve of `key`, which first throws ``SynchronousAttemptStop/needsAwaiting`` when
    /// the registration found needs the awaited path (see ``topLevelSteps(key:as:name:arguments:installed:joinsActive:stopsForAwaited:argumentTypes:)``).
    @inline(__always)
    private func requireUnlessAwaited<Service, Arguments>(
        key: ServiceKey, as serviceType: Service.Type, name: String?, arguments: Arguments,
        argumentTypes: () -> [Any.Type]
    ) throws(SynchronousAttemptStop) -> Service {
        try topLevelSteps(
            key: key, as: Service.self, name: name, arguments: arguments, installed: ResolvingThread.installed,
            joinsActive: false, stopsForAwaited: true, argumentTypes: argumentTypes)
    }
}
