/// Thrown by the synchronous factory of a registration made with an `async` or actor-isolated factory; the
/// synchronous resolution turns it into a ``ResolutionError`` of kind ``ResolutionError/Kind/asyncFactory``.
struct AsyncFactoryRequired: Error {}

/// Carries an instance across the task boundary between the task that creates a shared instance and the tasks
/// that await it.
struct InstanceBox: @unchecked Sendable {
    // @unchecked Sendable: the container hands the same instance to every thread that resolves a shared scope,
    // synchronous or not; the box adds no sharing the container does not already do. Services used from many
    // threads must be thread-safe themselves, as with any shared (`.container`) instance.
    let value: Any
}

extension Registration {
    /// The erased `async` factory: an ``AsyncResolver`` for the resolution, then the runtime arguments as one value.
    typealias AsyncFactory = @Sendable (any AsyncResolver, InstanceBox) async throws -> InstanceBox
}
