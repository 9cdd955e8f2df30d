/// The registrations one top-level resolution sees: taken when it starts, so every nested resolve sees the
/// same registry even while other threads register. Looking up in a snapshot takes no lock.
///
/// The container's own bindings are taken at once; its ancestors' only when a key is missing from them, which
/// keeps the common case (a container with no parent) to one lock and no allocation.
struct RegistrySnapshot {
    private let own: [ServiceKey: Container.Binding]
    private let parent: Container?
    private var ancestors: [[ServiceKey: Container.Binding]]?

    init(of container: Container) {
        own = container.registry.withLock { $0.bindings }
        parent = container.parent
    }

    /// The binding for `key` in the container or, failing that, the nearest ancestor.
    @inline(__always)
    mutating func binding(for key: ServiceKey) -> Container.Binding? {
        if let binding = own[key] { return binding }
        guard parent != nil else { return nil }
        return ancestorBinding(for: key)
    }

    private mutating func ancestorBinding(for key: ServiceKey) -> Container.Binding? {
        if ancestors == nil {
            var levels: [[ServiceKey: Container.Binding]] = []
            var next = parent
            while let container = next {
                levels.append(container.registry.withLock { $0.bindings })
                next = container.parent
            }
            ancestors = levels
        }
        for level in ancestors ?? [] {
            if let binding = level[key] { return binding }
        }
        return nil
    }
}
