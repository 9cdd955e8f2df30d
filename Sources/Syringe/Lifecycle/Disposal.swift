extension Registration {
    /// Forgets the kept instance if the registration is in `scope` (any when `nil`), and returns the disposable
    /// ones, to dispose once no lock is held. An instance still being created is left to its creator, which records
    /// it; when `retiring` (``State/isRetired``) it is not kept either. A custom scope's reset makes the storage if
    /// no resolve has yet, to clear what the app may have written to it.
    func release(ifIn scope: (any ObjectScopeProtocol)?, retiring: Bool = false) -> [PendingDisposal] {
        let current = configuration
        let resetsCustomScope = scope.map { $0 === current.scope && current.kind == .custom } ?? false
        // Without a state nothing was kept; a removal needs one to mark, a custom scope's reset to make the storage.
        guard let lock = retiring || resetsCustomScope ? state : stateIfMade else { return [] }
        var forgotten: PublishedInstance?
        let taken = lock.withLock { state -> [PendingDisposal] in
            if retiring { state.isRetired = true }
            if let scope, configuration.scope !== scope { return [] }
            if case .creating = state.shared { return [] }
            if resetsCustomScope, let scope { _ = customStorage(of: scope, in: &state) }
            // Take the instances before the scope drops them, so they are still alive.
            let taken = lifecycle.take(of: self, life: state.life, customHeld: state.customStorage?.instance)
            forgotten = forgetShared(in: &state)
            state.customStorage?.instance = nil
            state.keyedInstances = nil
            return taken
        }
        Registration.discard(forgotten)
        return taken
    }

    var isRetired: Bool {
        stateIfMade?.withLock { $0.isRetired } ?? false
    }
}

/// Disposes `pending` newest first: ``Disposable`` instances now, those only ``AsyncDisposable`` in one task started
/// afterwards. Returns the instances left to that task.
@discardableResult
func disposeNow(_ pending: [PendingDisposal]) -> [any AsyncDisposable] {
    var asynchronous: [any AsyncDisposable] = []
    for item in pending.sorted(byKey: { $0.sequence }).reversed() {
        if let disposable = item.instance as? any Disposable {
            disposable.dispose()
        } else if let disposable = item.instance as? any AsyncDisposable {
            asynchronous.append(disposable)
        }
    }
    guard !asynchronous.isEmpty else { return [] }
    Task { [asynchronous] in
        for disposable in asynchronous {
            await disposable.dispose()
        }
    }
    return asynchronous
}

/// Disposes `pending` newest first, awaiting each ``AsyncDisposable`` in turn.
func disposeInOrder(_ pending: [PendingDisposal]) async {
    for item in pending.sorted(byKey: { $0.sequence }).reversed() {
        if let disposable = item.instance as? any AsyncDisposable {
            await disposable.dispose()
        } else if let disposable = item.instance as? any Disposable {
            disposable.dispose()
        }
    }
}
