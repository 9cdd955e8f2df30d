/// Finds the `@Injected` properties of an instance and fills them.
///
/// The first instance of a type is reflected with `Mirror`, the portable way to see stored properties. Its type's
/// field layout (Runtime/ReferenceFields.swift: the offsets of the `@Injected` wrappers, found once through the
/// Swift runtime's field enumeration) is checked against what `Mirror` saw, and later instances are read
/// through it: one word a property, no reflection. Where the layout cannot be had or does not match, the type
/// keeps `Mirror`, with what can be cached cached: which children, at which level of the class hierarchy, are
/// `@Injected`, so that the others are never reflected.
enum PropertyInjector {
    /// One `@Injected` property of an instance: its name (without the wrapper's `_`) and its box.
    struct Property {
        let label: String
        let storage: any InjectedStorageProtocol
    }

    /// Where a type's `@Injected` properties are.
    private enum Layout: Sendable {
        /// Read through the field layout; `labels` are the properties' names, in the layout's order.
        case fields(ReferenceFields, labels: [String])
        /// Reflected: for each level of the class hierarchy (the type first, then its superclasses), the offsets
        /// of the marked children among `Mirror`'s, with their names.
        case mirror(levels: [[(offset: Int, label: String)]])

        var isEmpty: Bool {
            switch self {
            case .fields(_, let labels): labels.isEmpty
            case .mirror(let levels): levels.allSatisfy(\.isEmpty)
            }
        }
    }

    /// The layouts found so far, per type: types are few and live for good, so the cache only grows.
    private static let layouts = Locked<[ObjectIdentifier: Layout]>([:])

    /// The `@Injected` properties of `instance`, in declaration order.
    static func properties(of instance: Any) -> [Property] {
        let type = Swift.type(of: instance)
        if let layout = layouts.withLock({ $0[ObjectIdentifier(type)] }) {
            switch layout {
            case .fields(let fields, let labels):
                if labels.isEmpty { return [] }
                let boxes = fields.references(in: instance, as: InjectedBox.self)
                return zip(labels, boxes).map { Property(label: $0, storage: $1) }
            case .mirror(let levels):
                if layout.isEmpty { return [] }
                return properties(of: instance, levels: levels)
            }
        }
        let (found, levels) = reflectedProperties(of: instance)
        let layout = fieldLayout(of: type, matching: found, in: instance) ?? .mirror(levels: levels)
        layouts.withLock { $0[ObjectIdentifier(type)] = layout }
        return found
    }

    /// Whether the later instances of `type` are read through its field layout, not `Mirror` (for tests).
    static func readsThroughFieldLayout(_ type: Any.Type) -> Bool {
        if case .fields = layouts.withLock({ $0[ObjectIdentifier(type)] }) { return true }
        return false
    }

    /// The properties of the first instance of a type, through `Mirror`, and where they were among its children.
    private static func reflectedProperties(of instance: Any) -> ([Property], [[(offset: Int, label: String)]]) {
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
        return (found, levels)
    }

    /// `type`'s field layout, if the runtime gives one and it finds in `instance` exactly the boxes that
    /// `Mirror` found (`found`): the check that makes the layout safe to read later instances by. Its fields are
    /// put in `Mirror`'s order (a class's own properties before its superclass's), so both ways fill alike.
    private static func fieldLayout(of type: Any.Type, matching found: [Property], in instance: Any) -> Layout? {
        guard let fields = ReferenceFields.find(in: type, where: { $0 is any InjectedProperty.Type }),
            let ordered = fields.ordered(as: found.map { ObjectIdentifier($0.storage) }, in: instance)
        else { return nil }
        return .fields(ordered, labels: found.map(\.label))
    }

    private static func properties(of instance: Any, levels: [[(offset: Int, label: String)]]) -> [Property] {
        var found: [Property] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        for offsets in levels {
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
        // Whether a type adopts the protocol is remembered: the cast looks up the conformance (~2,000
        // instructions), which most types do not have.
        let type = ObjectIdentifier(Swift.type(of: instance))
        if completionUnaware.withLock({ $0.contains(type) }) { return }
        guard let aware = instance as? any InjectionCompletionAware else {
            completionUnaware.withLock { _ = $0.insert(type) }
            return
        }
        aware.didInjectDependencies(from: resolver)
    }

    /// The types seen not to adopt ``InjectionCompletionAware``: types are few and live for good.
    private static let completionUnaware = Locked<Set<ObjectIdentifier>>([])
}
