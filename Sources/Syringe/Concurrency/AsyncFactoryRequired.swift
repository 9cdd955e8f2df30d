/// Thrown by the synchronous factory of a registration made with an `async` or actor-isolated factory; the
/// synchronous resolution turns it into a ``ResolutionError`` of kind ``ResolutionError/Kind/asyncFactory``.
struct AsyncFactoryRequired: Error {}

/// Carries an instance across the task boundary between the task that creates a shared instance and the tasks
/// that await it.
struct InstanceBox: @unchecked Sendable {
    // @unchecked Sendable: the box adds no sharing the container does not already do (a shared instance goes to
    // every thread that resolves it).
    let value: Any
}

/// Carries a value of any type to the main actor and back, for a `@MainActor` registration `await`ed from
/// elsewhere.
struct MainActorHandoff<Value>: @unchecked Sendable {
    // @unchecked Sendable: made by one side, read once by the other, not touched by the maker afterwards.
    let value: Value
}

extension Registration {
    /// The erased `async` factory: an ``AsyncResolver`` for the resolution, then the runtime arguments as one value.
    typealias AsyncFactory = @Sendable (any AsyncResolver, InstanceBox) async throws -> InstanceBox
}
