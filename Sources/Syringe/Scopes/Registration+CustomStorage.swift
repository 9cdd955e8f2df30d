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
    /// Whether this registration's state holds the table of its instances keyed by arguments in `scope`, made now
    /// if this is its first use. `false` when `scope` is no longer the registration's scope: nothing is made for a
    /// scope the registration left.
    ///
    /// Call with the registration's lock held (`state` is this registration's).
    final func makeKeyedInstances(of scope: ArgumentKeyedScope, in state: inout State) -> Bool {
        if state.keyedInstances != nil { return true }
        guard configuration.scope === scope else { return false }
        state.keyedInstances = scope.makeTable()
        return true
    }
}
