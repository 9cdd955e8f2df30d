/// Thrown by the synchronous body of an `async` or actor-isolated registration; becomes
/// ``ResolutionError/Kind/asyncFactory``.
struct AsyncFactoryRequired: Error {}

/// Carries an instance from the task that creates a shared instance to the tasks that await it.
struct InstanceBox: @unchecked Sendable {
    // @unchecked Sendable: the box adds no sharing the container does not already do.
    let value: Any
}

/// Carries a value to the main actor and back, for a `@MainActor` registration `await`ed from elsewhere.
struct MainActorHandoff<Value>: @unchecked Sendable {
    // @unchecked Sendable: made by one side, read once by the other, not touched by the maker afterwards.
    let value: Value
}

extension Registration {
    /// The erased `async` factory: an ``AsyncResolver`` for the resolution, then the runtime arguments as one value.
    typealias AsyncFactory = @Sendable (any AsyncResolver, InstanceBox) async throws -> InstanceBox
}
