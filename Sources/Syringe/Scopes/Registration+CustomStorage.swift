extension Registration {
    /// The storage in which this registration keeps its instances of the custom scope `scope`, made now by
    /// `scope.makeStorage()` if this is its first use.
    ///
    /// A registration's storage is made once, on its first use: the first resolve or the first reset of the scope,
    /// whichever comes first (as in Swinject, whose entries make their storage lazily). A reset must make it too:
    /// a storage factory may hand out a storage the app already wrote to, and the reset has to clear it.
    ///
    /// `nil` when `scope` is no longer the registration's scope (``Registration/changeScope(to:)`` ran meanwhile):
    /// nothing is made for a scope the registration left.
    ///
    /// Call with the registration's lock held (`state` is this registration's): the storage is made under it, so
    /// that two threads using the registration for the first time make one storage, not two.
    final func customStorage(of scope: any ObjectScopeProtocol, in state: inout State) -> (any InstanceStorage)? {
        if let storage = state.customStorage { return storage }
        guard configuration.scope === scope else { return nil }
        let storage = scope.makeStorage()
        state.customStorage = storage
        return storage
    }
}

extension Registration {
    /// The storage of this registration keyed by its arguments in `scope`, made now if this is its first use (as
    /// ``customStorage(of:in:)`` makes it, and kept as ``State/customStorage`` too, so that resets and scope
    /// changes treat it as any custom scope's). `nil` when `scope` is no longer the registration's scope.
    ///
    /// Call with the registration's lock held (`state` is this registration's).
    final func keyedStorage(of scope: ArgumentKeyedScope, in state: inout State) -> ArgumentKeyedStorage? {
        if let storage = state.keyedStorage { return storage }
        guard configuration.scope === scope else { return nil }
        // A reset of the scope may have made the custom storage first (``customStorage(of:in:)``): the keyed
        // scope made it, so it is keyed; found by a cast once, here, not on every resolve.
        if let made = state.customStorage as? ArgumentKeyedStorage {
            state.keyedStorage = made
            return made
        }
        let storage = scope.makeKeyedStorage()
        state.customStorage = storage
        state.keyedStorage = storage
        return storage
    }
}
