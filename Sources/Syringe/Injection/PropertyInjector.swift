/// Finds the `@Injected` properties of an instance through `Mirror` and fills them.
///
/// `Mirror` is the portable way to see stored properties. What can be cached is cached per type: which children,
/// at which level of the class hierarchy, are `@Injected`, so that a type without any is never reflected again
/// and the others cast only their marked children.
enum PropertyInjector {
    /// One `@Injected` property of an instance: its name (without the wrapper's `_`) and its box.
    struct Property {
        let label: String
        let storage: any InjectedStorageProtocol
    }

    /// Where a type's `@Injected` properties are: for each level of the class hierarchy (the type first, then
    /// its superclasses), the offsets of the marked children, with their names.
    private struct Layout: Sendable {
        let levels: [[(offset: Int, label: String)]]
        var isEmpty: Bool { levels.allSatisfy(\.isEmpty) }
    }

    /// The layouts found so far, per type: types are few and live for good, so the cache only grows.
    private static let layouts = Locked<[ObjectIdentifier: Layout]>([:])

    /// The `@Injected` properties of `instance`, in declaration order (superclass properties after the class's).
    static func properties(of instance: Any) -> [Property] {
        let type = ObjectIdentifier(Swift.type(of: instance))
        if let layout = layouts.withLock({ $0[type] }) {
            if layout.isEmpty { return [] }
            return properties(of: instance, layout: layout)
        }
        var found: [Property] = []
        var levels: [[(offset: Int, label: String)]] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            var offsets: [(offset: Int, label: String)] = []
            for (offset, child) in current.children.enumerated() {
                guard let property = child.value as? any InjectedProperty else { continue }
                let name = label(child.label)
                offsets.append((offset, name))
                found.append(Property(label: name, storage: property.erasedStorage))
            }
            levels.append(offsets)
            mirror = current.superclassMirror
        }
        layouts.withLock { $0[type] = Layout(levels: levels) }
        return found
    }

    private static func properties(of instance: Any, layout: Layout) -> [Property] {
        var found: [Property] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        for offsets in layout.levels {
            guard let current = mirror else { break }
            mirror = current.superclassMirror
            if offsets.isEmpty { continue }
            let children = current.children
            if offsets.count * 4 < children.count {
                // Few marked among many: straight to the marked children, so the others' values are never
                // reflected (moving an `AnyIndex` costs an allocation, cheaper than reflecting several children).
                for (offset, name) in offsets {
                    let child = children[children.index(children.startIndex, offsetBy: offset)]
                    if let property = child.value as? any InjectedProperty {
                        found.append(Property(label: name, storage: property.erasedStorage))
                    }
                }
                continue
            }
            // Mostly marked: one pass up to the last marked child, casting only the marked ones.
            var next = offsets.makeIterator()
            var wanted = next.next()
            for (offset, child) in children.enumerated() {
                guard let target = wanted else { break }
                guard offset == target.offset else { continue }
                wanted = next.next()
                if let property = child.value as? any InjectedProperty {
                    found.append(Property(label: target.label, storage: property.erasedStorage))
                }
            }
        }
        return found
    }

    /// The property's name: the wrapper's storage is `_name`.
    private static func label(_ childLabel: String?) -> String {
        guard let childLabel else { return "?" }
        return childLabel.hasPrefix("_") ? String(childLabel.dropFirst()) : childLabel
    }

    /// Fills every `@Injected` property of `instance` through `resolver`, in declaration order. A property that
    /// cannot be resolved throws, naming the property and its owner. `registration` is the registration that
    /// made `instance` (`nil` for ``Container/inject(into:isolation:)``).
    static func fill(
        _ instance: Any, from resolver: any Resolver, registration: Unretained<Registration>?,
        isolation: (any Actor)? = nil
    ) throws(ResolutionError) {
        let properties = properties(of: instance)
        if properties.isEmpty { return }
        let owner = Swift.type(of: instance)
        for property in properties {
            do {
                try property.storage.fill(from: resolver, label: property.label, owner: owner)
            } catch {
                throw error.injecting(property: property.label, of: owner)
            }
        }
        let reinjected = properties.filter(\.storage.reinjected)
        if !reinjected.isEmpty {
            try Reinjection.watch(
                instance, properties: reinjected, resolver: resolver, madeBy: registration?.object,
                isolation: isolation)
        }
    }

    /// Tells `instance` that injection is complete, if it adopts ``InjectionCompletionAware``.
    static func notifyCompletion(of instance: Any, from resolver: any Resolver) {
        (instance as? any InjectionCompletionAware)?.didInjectDependencies(from: resolver)
    }
}
