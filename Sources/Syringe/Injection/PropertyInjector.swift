/// Finds the `@Injected` properties of an instance with `Mirror` and fills them.
///
/// The first instance of a type makes its plan: where among `Mirror`'s children (at which class level) the
/// wrappers are, and each wrapper's exact type. Later instances are walked straight to those children, each box
/// taken out by a cast to the exact type (no conformance lookup). An instance whose mirror has another shape (a
/// per-instance `customMirror`) is reflected in full.
enum PropertyInjector {
    /// One `@Injected` property of an instance: its name (without the wrapper's `_`) and its box.
    struct Property {
        let label: String
        let storage: any InjectedStorageProtocol
    }

    /// What is known of a type, found on its first instance.
    final class Plan: Sendable {
        /// One `@Injected` property: where its wrapper is, and how it is resolved.
        struct Mark: Sendable {
            /// The level of the class hierarchy whose mirror has the wrapper: 0 for the type, 1 for its superclass.
            let level: Int
            /// The wrapper's position among that level's children.
            let offset: Int
            /// The property's name, without the wrapper's `_`.
            let label: String
            /// The wrapper's exact type, which takes the box out of a child's value.
            let wrapper: any InjectedProperty.Type
            /// The property's `Value`.
            let type: ObjectIdentifier
            /// Whether `Value` is not an array: resolved as `require` does, with no multi-injection check.
            let plain: Bool
            /// Whether `Value` is a class type: `inject(into:)` may read a kept instance of it quickly.
            let isClass: Bool
        }

        /// The properties in `Mirror`'s order: level by level, by position within a level.
        let marks: [Mark]
        /// How many children each level's mirror has, up to the last level with a mark.
        let childCounts: [Int]
        /// Whether the type adopts ``InjectionCompletionAware`` (a ~2,000-instruction lookup, made once).
        let hearsCompletion: Bool

        var isEmpty: Bool { marks.isEmpty }

        init(marks: [Mark], childCounts: [Int], hearsCompletion: Bool) {
            self.marks = marks
            self.childCounts = childCounts
            self.hearsCompletion = hearsCompletion
        }
    }

    /// The plans found so far, per type: types are few and live for good, so the table only grows.
    private static let plans = Locked([ObjectIdentifier: Plan]())

    /// The plan of `instance`'s type, made on its first instance.
    static func plan(of instance: Any) -> Plan {
        let type = ObjectIdentifier(Swift.type(of: instance))
        if let plan = plans.withLock({ $0[type] }) { return plan }
        let made = makePlan(for: instance)
        return plans.withLock { plans in
            if let stored = plans[type] { return stored }
            plans[type] = made
            return made
        }
    }

    private static func makePlan(for instance: Any) -> Plan {
        let type = Swift.type(of: instance)
        var marks: [Plan.Mark] = []
        var childCounts: [Int] = []
        var level = 0
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            childCounts.append(current.children.count)
            for (offset, child) in current.children.enumerated() {
                guard let property = child.value as? any InjectedProperty else { continue }
                let valueType = property.box.valueType
                marks.append(
                    Plan.Mark(
                        level: level, offset: offset, label: label(child.label),
                        wrapper: Swift.type(of: property), type: ObjectIdentifier(valueType),
                        plain: !isMultiInjected(valueType), isClass: valueType is AnyClass))
            }
            mirror = current.superclassMirror
            level += 1
        }
        // The levels above the last mark are never walked.
        childCounts.removeLast(childCounts.count - (marks.last.map { $0.level + 1 } ?? 0))
        return Plan(marks: marks, childCounts: childCounts, hearsCompletion: type is any InjectionCompletionAware.Type)
    }

    /// The boxes of `instance`'s `@Injected` properties, in the order of `plan`'s marks, reflecting only the
    /// marked children; `nil` if the mirror does not have the plan's shape.
    static func boxes(of instance: Any, plan: Plan) -> [InjectedBox]? {
        if plan.isEmpty { return [] }
        var boxes: [InjectedBox] = []
        boxes.reserveCapacity(plan.marks.count)
        var mirror = Mirror(reflecting: instance)
        var level = 0
        var children = mirror.children
        guard children.count == plan.childCounts[0] else { return nil }
        var index = children.startIndex
        var position = 0
        for mark in plan.marks {
            while level < mark.level {
                guard let superclass = mirror.superclassMirror else { return nil }
                mirror = superclass
                level += 1
                children = mirror.children
                guard children.count == plan.childCounts[level] else { return nil }
                index = children.startIndex
                position = 0
            }
            // Straight to the marked child: the children between are never reflected.
            index = children.index(index, offsetBy: mark.offset - position)
            position = mark.offset
            guard let box = mark.wrapper.box(in: children[index].value) else { return nil }
            boxes.append(box)
        }
        return boxes
    }

    /// The `@Injected` properties of `instance`, in `Mirror`'s order.
    static func properties(of instance: Any) -> [Property] {
        let plan = plan(of: instance)
        if plan.isEmpty { return [] }
        guard let boxes = boxes(of: instance, plan: plan) else { return reflectedProperties(of: instance) }
        return zip(plan.marks, boxes).map { Property(label: $0.label, storage: $1) }
    }

    /// The properties of an instance whose mirror does not have the plan's shape, reflecting every child.
    @inline(never)
    private static func reflectedProperties(of instance: Any) -> [Property] {
        var found: [Property] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            for child in current.children {
                guard let property = child.value as? any InjectedProperty else { continue }
                found.append(Property(label: label(child.label), storage: property.box))
            }
            mirror = current.superclassMirror
        }
        return found
    }

    /// The property's name: the wrapper's storage is `_name`.
    private static func label(_ childLabel: String?) -> String {
        guard let childLabel else { return "?" }
        return childLabel.hasPrefix("_") ? String(childLabel.dropFirst()) : childLabel
    }

    /// Fills every `@Injected` property of `instance` through `resolver`, in `Mirror`'s order; a failure names
    /// the property. `registration` made `instance` (`nil` for ``Container/inject(into:isolation:)``).
    static func fill(
        _ instance: Any, from resolver: any Resolver, registration: Registration?,
        isolation: (any Actor)? = nil
    ) throws(ResolutionError) {
        try fill(
            instance, plan: plan(of: instance), quickReadsFrom: nil, resolver: resolver,
            registration: registration, isolation: isolation)
    }

    /// Fills every `@Injected` property of `instance`, inside the caller's resolution; or, given `container`
    /// (``Container/inject(into:isolation:)``), the leading kept `.container` class instances by quick reads
    /// (Runtime/InjectionQuickRead.swift) and the rest in one resolution of `container`.
    static func fill(
        _ instance: Any, plan: Plan, quickReadsFrom container: Container?, resolver: any Resolver,
        registration: Registration?, isolation: (any Actor)?
    ) throws(ResolutionError) {
        if plan.isEmpty { return }
        let owner = Swift.type(of: instance)
        var reinjected: [Property] = []
        if let boxes = boxes(of: instance, plan: plan) {
            if let container {
                let index = fillQuickly(boxes, plan: plan, from: container, &reinjected)
                if index < boxes.count {
                    try container.inOneResolution { () throws(ResolutionError) in
                        try fill(boxes, from: index, plan: plan, resolver: resolver, owner: owner, &reinjected)
                    }
                }
            } else {
                try fill(boxes, from: 0, plan: plan, resolver: resolver, owner: owner, &reinjected)
            }
        } else {
            reinjected = try fillReflected(instance, container: container, resolver: resolver, owner: owner)
        }
        if !reinjected.isEmpty {
            try Reinjection.watch(
                instance, properties: reinjected, resolver: resolver, madeBy: registration, isolation: isolation)
        }
    }

    /// Fills the leading boxes whose value is a kept `.container` class instance, by quick reads; returns the
    /// index of the first that is not.
    @inline(never)
    private static func fillQuickly(
        _ boxes: [InjectedBox], plan: Plan, from container: Container, _ reinjected: inout [Property]
    ) -> Int {
        var index = 0
        while index < boxes.count {
            let mark = plan.marks[index]
            let box = boxes[index]
            guard mark.isClass, box.name == nil, !box.resolvesThroughKey,
                let object = container.quickKeptObject(mark.type)
            else { break }
            // A kept instance of exactly the property's class type (`mark.type` is the box's `Value`).
            box.store(kept: consume object)
            if box.reinjected { reinjected.append(Property(label: mark.label, storage: box)) }
            index += 1
        }
        return index
    }

    /// Fills the boxes from `start` on, in order, noting the re-injected ones.
    @inline(never)
    private static func fill(
        _ boxes: [InjectedBox], from start: Int, plan: Plan, resolver: any Resolver, owner: Any.Type,
        _ reinjected: inout [Property]
    ) throws(ResolutionError) {
        for index in start..<boxes.count {
            let box = boxes[index]
            let mark = plan.marks[index]
            do {
                try box.fill(from: resolver, label: mark.label, owner: owner, plain: mark.plain)
            } catch {
                throw error.injecting(property: mark.label, of: owner)
            }
            if box.reinjected { reinjected.append(Property(label: mark.label, storage: box)) }
        }
    }

    /// Fills the properties of an instance whose mirror does not have the plan's shape (in one resolution of
    /// `container` if given); returns the re-injected ones.
    @inline(never)
    private static func fillReflected(
        _ instance: Any, container: Container?, resolver: any Resolver, owner: Any.Type
    ) throws(ResolutionError) -> [Property] {
        let properties = reflectedProperties(of: instance)
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

    /// The same, with the plan that remembers whether the type adopts it (the cast looks up the conformance).
    static func notifyCompletion(of instance: Any, plan: Plan, from resolver: any Resolver) {
        guard plan.hearsCompletion, let aware = instance as? any InjectionCompletionAware else { return }
        aware.didInjectDependencies(from: resolver)
    }
}
