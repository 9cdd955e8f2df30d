// The synchronous half of an awaited top-level resolve: a registration whose factory is synchronous and not actor-
// isolated resolves synchronously, nothing in its graph can await; only the others take the awaited path.

extension Container {
    /// An awaited resolve of the service registered under `name` without runtime arguments, done synchronously;
    /// throws ``SynchronousAttemptStop/needsAwaiting`` when the registration needs the awaited path.
    // Inlinable, as is the synchronous `require(_:)`: a kept singleton of a class type is read without generic code.
    @inlinable
    func requireUnlessAwaited<Service>(
        _ serviceType: Service.Type, name: String?
    ) throws(SynchronousAttemptStop) -> Service {
        guard name == nil else { return try requireNamedUnlessAwaited(Service.self, name: name) }
        // A kept singleton is the answer, whatever its factory.
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

    /// ``requireUnlessAwaited(_:name:)`` of the unnamed service after a quick read that found nothing.
    @usableFromInline
    @inline(never)
    func requireUnlessAwaitedAfterQuickRead<Service>(
        _ serviceType: Service.Type, _ miss: inout QuickReadMiss
    ) throws(SynchronousAttemptStop) -> Service {
        try continueAfterQuickRead(Service.self, miss, stopsForAwaited: true)
    }

    /// ``requireUnlessAwaited(_:name:)`` with runtime arguments, once the caller made their key and value.
    @usableFromInline
    func requireUnlessAwaited<Service, Arguments>(
        _ serviceType: Service.Type, name: String?, argumentsKey: ArgumentsKey, arguments: Arguments,
        argumentTypes: () -> [Any.Type]
    ) throws(SynchronousAttemptStop) -> Service {
        let key = ServiceKey(serviceType: Service.self, argumentsType: argumentsKey, name: name)
        return try requireUnlessAwaited(
            key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
    }

    /// The top-level synchronous resolve of `key`, stopping when the registration needs the awaited path.
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
