extension LifecycleStore {
    /// Retires registrations no key binds any more (removed or replaced): releases their instances, here and in
    /// child containers' ``ObjectScope/perContainer`` stand-ins, disposes them, and forgets them as eager marks and
    /// in module records, so nothing here keeps them alive. Called by ``RegistryStore`` with no lock held.
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
        // After `release` marked them retired: a module that records one later sees the mark.
        for module in state.withLock({ Array($0.modules.values) }) {
            module.forget(ids)
        }
        disposeNow(pending)
    }
}
