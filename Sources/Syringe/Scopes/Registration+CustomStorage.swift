extension Registration {
    /// The storage of this registration in the custom scope `scope`, made now on its first use (a resolve or a
    /// reset, which must clear what the app may have written to it); `nil` when `scope` is no longer the
    /// registration's. Call with the registration's lock held, so that two threads make one storage.
    final func customStorage(of scope: any ObjectScopeProtocol, in state: inout State) -> (any InstanceStorage)? {
        if let storage = state.customStorage { return storage }
        guard configuration.scope === scope else { return nil }
        let storage = scope.makeStorage()
        state.customStorage = storage
        return storage
    }

    /// Whether `state` holds the table of instances keyed by arguments in `scope`, made now on first use; `false`
    /// when `scope` is no longer the registration's. Call with the registration's lock held.
    final func makeKeyedInstances(of scope: ArgumentKeyedScope, in state: inout State) -> Bool {
        if state.keyedInstances != nil { return true }
        guard configuration.scope === scope else { return false }
        state.keyedInstances = scope.makeTable()
        return true
    }
}
