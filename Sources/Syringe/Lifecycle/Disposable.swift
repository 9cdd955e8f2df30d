/// What ``Disposable`` and ``AsyncDisposable`` refine, so that "must it be disposed?" is one question per class.
///
/// Conform to ``Disposable`` or ``AsyncDisposable``, not to this alone. A conditional conformance states it too:
///
/// ```swift fragment
/// struct Pool<Connection> {}
/// extension Pool: Disposing where Connection: Sendable {}
/// extension Pool: Disposable where Connection: Sendable {
///     func dispose() {}
/// }
/// ```
public protocol Disposing {}

/// An instance that releases resources when the container that made it lets it go.
///
/// The container calls ``dispose()`` once for each instance it kept in a shared scope, newest first, when the scope
/// is reset, the registration or its module is removed or replaced, or the container is shut down. Transient and
/// graph instances are never disposed.
///
/// ```swift
/// final class Database: Disposable {
///     func dispose() { connection.close() }
/// }
/// ```
public protocol Disposable: Disposing {
    /// Releases the instance's resources. Called once, never while the container holds a lock.
    ///
    /// ```swift
    /// func dispose() { socket.close() }
    /// ```
    func dispose()
}

/// An instance that releases resources asynchronously when the container that made it lets it go.
///
/// `await container.async.shutdown()` awaits each disposal in turn; synchronous paths (resets, removals,
/// ``Container/shutdown()``) start one task that disposes them in order. An instance that is also ``Disposable``
/// gets only the synchronous call on synchronous paths.
///
/// ```swift
/// final class Uploader: AsyncDisposable {
///     func dispose() async { await queue.flush() }
/// }
/// ```
public protocol AsyncDisposable: Disposing, Sendable {
    /// Releases the instance's resources. Called once, never while the container holds a lock.
    ///
    /// ```swift
    /// func dispose() { socket.close() }
    /// ```
    func dispose() async
}
