extension LifecycleStore {
    /// Retires registrations of this store's container that no key binds any more (unregistered, removed with
    /// their module or by `removeAll`, or replaced by registering their key again): releases the instances they
    /// keep (here and in the child containers that keep ``ObjectScope/perContainer`` instances of them),
    /// disposes the ``Disposable`` ones newest first, and forgets them as eager registrations and in module
    /// records, so that nothing here keeps them alive. Called by ``RegistryStore`` without any lock held.
    ///
    /// A replacement is a removal: the old registration's singleton is disposed as an unregistered one would be,
    /// unless a forwarded type still binds the registration (then it stays, with its instance, until that
    /// forward goes too).
    func retire(_ registrations: [Registration]) {
        let ids = Set(registrations.map(ObjectIdentifier.init))
        var pending: [PendingDisposal] = []
        for registration in registrations {
            pending += registration.release(ifIn: nil, retiring: true)
        }
        for store in dependentStores() {
            for standIn in store.removeStandIns(of: ids) {
                pending += standIn.release(ifIn: nil, retiring: true)
            }
        }
        forgetEager(ids)
        // After `release` marked them retired: a module that records one of them later sees the mark.
        for module in state.withLock({ Array($0.modules.values) }) {
            module.forget(ids)
        }
        disposeNow(pending)
    }
}
