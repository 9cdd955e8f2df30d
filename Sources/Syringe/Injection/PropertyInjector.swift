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

    /// What is known of a type, found on its first instance: where its `@Injected` properties are, how each is
    /// resolved, and whether the type hears that injection is complete.
    final class Plan: Sendable {
        /// Where the properties are.
        enum Layout: Sendable {
            /// Read through the field layout, in `labels`' order.
            case fields(ReferenceFields)
            /// Reflected: for each level of the class hierarchy (the type first, then its superclasses), the
            /// offsets of the marked children among `Mirror`'s, with their names.
            case mirror(levels: [[(offset: Int, label: String)]])
        }

        /// How the property at one position of a `.fields` layout is resolved, from its declared type.
        struct Field: Sendable {
            /// The property's `Value`.
            let type: ObjectIdentifier
            /// Whether `Value` is not an array: resolved as `require` does, with no multi-injection check.
            let plain: Bool
            /// Whether `Value` is a class type: `inject(into:)` may read a kept instance of it quickly.
            let isClass: Bool
        }

        let layout: Layout
        /// The properties' names, in the `.fields` layout's order (empty for `.mirror`).
        let labels: [String]
        /// Per property of a `.fields` layout, how it is resolved.
        let fields: [Field]
        let isEmpty: Bool
        /// Whether the type adopts ``InjectionCompletionAware`` (a conformance lookup of ~2,000 instructions, made
        /// once).
        let hearsCompletion: Bool

        init(layout: Layout, labels: [String], fields: [Field], isEmpty: Bool, hearsCompletion: Bool) {
            self.layout = layout
            self.labels = labels
            self.fields = fields
            self.isEmpty = isEmpty
            self.hearsCompletion = hearsCompletion
        }
    }

    /// The plans found so far, per type: types are few and live for good, so the table only grows. The plan
    /// found last is read with no lock (most injections fill one type after another of the same).
    private static let plans = TypeTable<Plan>()

    /// The plan of `instance`'s type, made on its first instance (which is reflected with `Mirror`).
    static func plan(of instance: Any) -> Plan {
        plans.object(for: ObjectIdentifier(Swift.type(of: instance))) { makePlan(for: instance) }
    }

    private static func makePlan(for instance: Any) -> Plan {
        let type = Swift.type(of: instance)
        let hearsCompletion = type is any InjectionCompletionAware.Type
        let (found, levels) = reflectedProperties(of: instance)
        if let fields = fieldLayout(of: type, matching: found, in: instance) {
            let resolved = found.map { property in
                Plan.Field(
                    type: ObjectIdentifier(property.storage.valueType),
                    plain: !isMultiInjected(property.storage.valueType),
                    isClass: property.storage.valueType is AnyClass)
            }
            return Plan(
                layout: .fields(fields), labels: found.map(\.label), fields: resolved, isEmpty: found.isEmpty,
                hearsCompletion: hearsCompletion)
        }
        return Plan(
            layout: .mirror(levels: levels), labels: [], fields: [], isEmpty: levels.allSatisfy(\.isEmpty),
            hearsCompletion: hearsCompletion)
    }

    /// The `@Injected` properties of `instance`, in declaration order.
    static func properties(of instance: Any) -> [Property] {
        properties(of: instance, plan: plan(of: instance))
    }

    private static func properties(of instance: Any, plan: Plan) -> [Property] {
        if plan.isEmpty { return [] }
        switch plan.layout {
        case .fields(let fields):
            let boxes = fields.references(in: instance, as: InjectedBox.self)
            return zip(plan.labels, boxes).map { Property(label: $0, storage: $1) }
        case .mirror(let levels):
            return properties(of: instance, levels: levels)
        }
    }

    /// Whether the later instances of `type` are read through its field layout, not `Mirror` (for tests).
    static func readsThroughFieldLayout(_ type: Any.Type) -> Bool {
        guard let plan = plans.object(for: ObjectIdentifier(type)) else { return false }
        if case .fields = plan.layout { return true }
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
    private static func fieldLayout(
        of type: Any.Type, matching found: [Property], in instance: Any
    ) -> ReferenceFields? {
        guard let fields = ReferenceFields.find(in: type, where: { $0 is any InjectedProperty.Type }) else {
            return nil
        }
        return fields.ordered(as: found.map { ObjectIdentifier($0.storage) }, in: instance)
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
        _ instance: Any, from resolver: any Resolver, registration: Registration?,
        isolation: (any Actor)? = nil
    ) throws(ResolutionError) {
        try fill(
            instance, plan: plan(of: instance), quickReadsFrom: nil, resolver: resolver,
            registration: registration, isolation: isolation)
    }

    /// Fills every `@Injected` property of `instance` in declaration order, through `resolver`; the caller runs
    /// this inside a resolution, unless `container` is given (``Container/inject(into:isolation:)``): then the
    /// properties whose value is a kept `.container` instance of a class type are read quickly, with no
    /// resolution (Runtime/InjectionQuickRead.swift), until the first that is not, and the rest are filled in one
    /// resolution of `container` (`resolver` is then the container).
    static func fill(
        _ instance: Any, plan: Plan, quickReadsFrom container: Container?, resolver: any Resolver,
        registration: Registration?, isolation: (any Actor)?
    ) throws(ResolutionError) {
        if plan.isEmpty { return }
        let owner = Swift.type(of: instance)
        var reinjected: [Property] = []
        switch plan.layout {
        case .fields(let fields):
            // The boxes read one at a time from the instance: no array of them, no reflection.
            try fields.withObjects(in: instance, as: InjectedBox.self) { boxes throws(ResolutionError) in
                guard let container else {
                    return try fill(boxes, from: 0, plan: plan, resolver: resolver, owner: owner, &reinjected)
                }
                let index = fillQuickly(boxes, plan: plan, from: container, &reinjected)
                if index == boxes.count { return }
                try container.inOneResolution { () throws(ResolutionError) in
                    try fill(boxes, from: index, plan: plan, resolver: resolver, owner: owner, &reinjected)
                }
            }
        case .mirror:
            reinjected = try fillReflected(instance, plan: plan, container: container, resolver: resolver, owner: owner)
        }
        if !reinjected.isEmpty {
            try Reinjection.watch(
                instance, properties: reinjected, resolver: resolver, madeBy: registration, isolation: isolation)
        }
    }

    /// Fills the leading boxes of a `.fields` layout whose value is a kept `.container` instance of a class type,
    /// read quickly from `container` (Runtime/InjectionQuickRead.swift), up to the first that is not; returns its
    /// index.
    @inline(never)
    private static func fillQuickly(
        _ boxes: ReferenceFields.FieldObjects<InjectedBox>, plan: Plan, from container: Container,
        _ reinjected: inout [Property]
    ) -> Int {
        var index = 0
        while index < boxes.count {
            let field = plan.fields[index]
            // Borrowed: the instance keeps its boxes.
            let filled = boxes.withObject(at: index) { box in
                guard field.isClass, box.name == nil, !box.resolvesThroughKey,
                    let object = container.quickKeptObject(field.type)
                else { return false }
                // A kept instance of exactly the property's class type (`field.type` is the box's `Value`).
                box.store(kept: consume object)
                if box.reinjected { reinjected.append(Property(label: plan.labels[index], storage: box)) }
                return true
            }
            if !filled { break }
            index += 1
        }
        return index
    }

    /// Fills the boxes of a `.fields` layout from `start` on, in order, noting the re-injected ones.
    @inline(never)
    private static func fill(
        _ boxes: ReferenceFields.FieldObjects<InjectedBox>, from start: Int, plan: Plan, resolver: any Resolver,
        owner: Any.Type, _ reinjected: inout [Property]
    ) throws(ResolutionError) {
        for index in start..<boxes.count {
            let box = boxes.object(at: index)
            let label = plan.labels[index]
            do {
                try box.fill(from: resolver, label: label, owner: owner, plain: plan.fields[index].plain)
            } catch {
                throw error.injecting(property: label, of: owner)
            }
            if box.reinjected { reinjected.append(Property(label: label, storage: box)) }
        }
    }

    /// Fills the properties of a type read with `Mirror`, in one resolution of `container` if given; returns the
    /// re-injected ones.
    @inline(never)
    private static func fillReflected(
        _ instance: Any, plan: Plan, container: Container?, resolver: any Resolver, owner: Any.Type
    ) throws(ResolutionError) -> [Property] {
        let properties = properties(of: instance, plan: plan)
        func fillAll() throws(ResolutionError) {
            for property in properties {
                do {
                    try property.storage.fill(from: resolver, label: property.label, owner: owner)
                } catch {
                    throw error.injecting(property: property.label, of: owner)
                }
            }
        }
        if let container { try container.inOneResolution(fillAll) } else { try fillAll() }
        return properties.filter(\.storage.reinjected)
    }

    /// Tells `instance` that injection is complete, if it adopts ``InjectionCompletionAware``.
    static func notifyCompletion(of instance: Any, from resolver: any Resolver) {
        notifyCompletion(of: instance, plan: plan(of: instance), from: resolver)
    }

    /// Tells `instance`, whose type's plan is `plan`, that injection is complete, if it adopts
    /// ``InjectionCompletionAware`` (which the plan remembers: the cast looks up the conformance).
    static func notifyCompletion(of instance: Any, plan: Plan, from resolver: any Resolver) {
        guard plan.hearsCompletion, let aware = instance as? any InjectionCompletionAware else { return }
        aware.didInjectDependencies(from: resolver)
    }
}
