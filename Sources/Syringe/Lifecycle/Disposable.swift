/// What ``Disposable`` and ``AsyncDisposable`` refine: whether the container must dispose an instance is one question to
/// the Swift runtime, asked once per class for the whole process, instead of one per protocol.
///
/// Conform to ``Disposable`` or ``AsyncDisposable``, not to this protocol alone: it has no requirement, and an
/// instance that is only `Disposing` is never disposed. A conditional conformance states it too, since Swift does not
/// infer a conditional conformance to a refined protocol:
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
/// The container calls ``dispose()`` exactly once for each instance it made in a shared scope
/// (``ObjectScope/container``, ``ObjectScope/perContainer``, ``ObjectScope/weak`` while alive, and custom
/// scopes while their storage keeps it), when that scope is reset, its registration or module is removed (or
/// the registration replaced, by registering its key again), or the container is shut down. Newer instances
/// are disposed first. Transient and graph instances belong to
/// the caller and are never disposed.
///
/// ```swift
/// final class Database: Disposable {
///     func dispose() { connection.close() }
/// }
/// container.register(Database.self) { _ in Database() }.inObjectScope(.container)
/// container.shutdown()  // calls Database.dispose()
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
/// `await container.async.shutdown()` awaits each disposal in turn, newest instance first. The synchronous paths
/// (``Container/resetObjectScope(_:)-(ObjectScopeProtocol)``, ``Container/unregister(_:name:arguments:)``, ``Container/shutdown()``)
/// cannot wait: they start one task that disposes their asynchronous instances in order, after the
/// synchronous ones. An instance that is both ``Disposable`` and `AsyncDisposable` gets the synchronous call on
/// synchronous paths and the asynchronous one on `await container.async.shutdown()`; never both.
///
/// ```swift
/// final class Uploader: AsyncDisposable {
///     func dispose() async { await queue.flush() }
/// }
/// await container.async.shutdown()
/// ```
public protocol AsyncDisposable: Disposing, Sendable {
    /// Releases the instance's resources. Called once, never while the container holds a lock.
    ///
    /// ```swift
    /// func dispose() { socket.close() }
    /// ```
    func dispose() async
}
