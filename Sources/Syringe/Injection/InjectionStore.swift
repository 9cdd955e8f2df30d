/// A container's state for auto-creation and re-injection. Shared with the container's views.
final class InjectionStore: Sendable {
    let state = Locked(State())
    /// Nonzero while `state.watches` holds any watch: what the registration hooks check first.
    private let watchCount = AtomicCounter(0)

    struct State {
        /// ``Container/autoCreatesUnregisteredTypes``.
        var autoCreates = false
        /// The registrations made for auto-created types, by type: made on the first miss, kept for good.
        var autoRegistrations: [ObjectIdentifier: Registration] = [:]
        /// The re-injected properties to fill again (see Reinjection.swift), in the order they were recorded.
        var watches: [Reinjection.Watch] = []
        /// The sequence number of the next watch.
        var nextSequence: UInt = 0
    }

    /// Whether any object watches for re-injection here.
    var hasWatches: Bool { watchCount.load() != 0 }

    /// Adds the watch `make` makes from its sequence number, replacing one of the same property; drops released
    /// objects' watches.
    func addWatch(_ make: (UInt) -> Reinjection.Watch) {
        state.withLock { state in
            let watch = make(state.nextSequence)
            state.nextSequence += 1
            state.watches.removeAll { $0.owner == nil || $0.storageID == watch.storageID }
            state.watches.append(watch)
            // Under the lock, so that the count published is always the last one counted.
            watchCount.store(UInt(state.watches.count))
        }
    }

    /// The watches `isIncluded` selects, of objects still alive; drops those of released objects.
    func watches(where isIncluded: (Reinjection.Watch) -> Bool) -> [Reinjection.Watch] {
        state.withLock { state in
            state.watches.removeAll { $0.owner == nil }
            watchCount.store(UInt(state.watches.count))
            return state.watches.filter(isIncluded)
        }
    }

    /// Forgets every watch (``Container/removeAll()``: nothing is left to re-inject from).
    func forgetWatches() {
        guard hasWatches else { return }
        state.withLock { state in
            state.watches.removeAll()
            watchCount.store(0)
        }
    }
}
