// The library's unchecked type reinterpretations: each takes a value out as a type the code has proved it to be,
// without the runtime's dynamic cast (~200 instructions). Each is sound only under the invariant beside it, and
// every check compares exactly the type that is reinterpreted (otherwise it would trap or read another type's
// bytes). `Tests/SyringeTests/TypeSafety/` varies the registered and requested types through every path here.

// MARK: Values in an `Any`

// An `Any` stores a value with the type it was stored *as*, not always its dynamic type: generic code stores an
// `any Animal` as `any Animal` (two words), not as the `Dog` inside. So `type(of:)`, which looks through to `Dog`,
// never decides a reinterpretation: only the type opened out of the `Any` (the one whose bytes are there) does.

/// Whether `instance` stores a value stored as exactly `Service` (not merely of that dynamic type), so that
/// ``value(ofExactly:as:)`` can take it out as it is. A comparison of two metatypes; opening copies nothing.
@inline(__always)
func holdsExactly<Service>(_ instance: Any, _ serviceType: Service.Type) -> Bool {
    func isExactly<Contained>(_: Contained) -> Bool {
        ObjectIdentifier(Contained.self) == ObjectIdentifier(Service.self)
    }
    return isExactly(instance)
}

/// `instance`, which ``holdsExactly(_:_:)`` said stores exactly a `Service`, taken out with no dynamic cast.
@inline(__always)
func value<Service>(ofExactly instance: Any, as serviceType: Service.Type) -> Service {
    func reinterpret<Contained>(_ contained: Contained) -> Service {
        // Invariant: `Contained` is `Service` (the caller's `holdsExactly`); checked again here, in every build, so a
        // caller that skipped the check stops instead of reading another type's bytes.
        precondition(
            ObjectIdentifier(Contained.self) == ObjectIdentifier(Service.self),
            "value(ofExactly:as:) called on a value of another type"
        )
        // Same type, so same size and layout: the bit cast is a plain copy.
        return unsafeBitCast(contained, to: Service.self)
    }
    return reinterpret(instance)
}

/// `instance` as a `Service`: taken out as it is when stored as exactly `Service`, else cast, throwing `mismatch()`
/// if the cast fails.
@inlinable
@inline(__always)
func unpack<Service>(_ instance: Any, as serviceType: Service.Type, mismatch: () -> any Error) throws -> Service {
    func open<Contained>(_ contained: Contained) throws -> Service {
        if ObjectIdentifier(Contained.self) == ObjectIdentifier(Service.self) {
            // Invariant: `Contained` is `Service`, compared just above: the bit cast is a plain copy.
            return unsafeBitCast(contained, to: Service.self)
        }
        // `case let` rather than `as?`: no metadata of `Optional<Service>`.
        switch instance {
        case let cast as Service: return cast
        default: throw mismatch()
        }
    }
    return try open(instance)
}

// MARK: Class instances as references

/// `value` as the one reference it is, if `Value` is a class type; `nil` for any other type.
///
/// Invariant: `Value` is a class type (not an existential such as `any Animal` or `AnyObject`, whose value is more
/// than the reference), so a `Value` is the same bits as an `AnyObject` of the instance. Checked against the dynamic
/// cast (~200 instructions; `as AnyObject` ~2,500) in debug builds.
@inline(__always)
func classReference<Value>(_ value: Value) -> AnyObject? {
    guard MetadataKind.isClass(Value.self) else { return nil }
    let object = unsafeBitCast(value, to: AnyObject.self)
    #if DEBUG
        precondition(dynamicCast(value, to: AnyObject.self) === object, "a \(Value.self)'s reference is not its own")
    #endif
    return object
}

/// The object `instance` holds when its dynamic type is a class; `nil` for any other type.
///
/// Not `instance as AnyObject`, whose bridging conformance lookup scans every conformance record once per type
/// (~240,000 instructions). A value stored as its class is its one reference (``classReference(_:)``); one stored as
/// an existential is taken out by the runtime's cast to `AnyObject`, which asks for no conformance.
@inline(__always)
func objectReference(_ instance: Any) -> AnyObject? {
    guard type(of: instance) is AnyClass else { return nil }
    if let object = classReference(instance) { return object }
    return dynamicCast(instance, to: AnyObject.self)
}

/// `value` as `Target` through the runtime's dynamic cast (generic, so the compiler neither folds nor warns).
private func dynamicCast<Value, Target>(_ value: Value, to: Target.Type) -> Target? {
    value as? Target
}

// MARK: Typed registrations

extension Registration {
    /// This registration as the ``PlainRegistration`` of `Service` it is. Call only when ``shape`` is
    /// ``Shape/plain`` and ``serviceTypeID`` is `ObjectIdentifier(Service.self)`.
    @inline(__always)
    final func typedPlain<Service>(as serviceType: Service.Type) -> PlainRegistration {
        // Invariant: only `PlainRegistration` has the shape `.plain`, and its initializer sets `serviceType` to its
        // factory's `S`; metatypes are unique, so its factory makes a `Service` (StoredFactory.swift relies on it).
        assert(shape == .plain && serviceTypeID == ObjectIdentifier(Service.self), "not a PlainRegistration of Service")
        return unsafeDowncast(self, to: PlainRegistration.self)
    }

    /// This registration as the ``ArgumentRegistration`` of `Service` it is. Call only when ``shape`` is
    /// ``Shape/arguments`` and ``serviceTypeID`` is `ObjectIdentifier(Service.self)`.
    @inline(__always)
    final func typedWithArguments<Service>(as serviceType: Service.Type) -> ArgumentRegistration {
        // Invariant: as for `typedPlain(as:)`, with `ArgumentRegistration`, the only class of shape `.arguments`.
        assert(
            shape == .arguments && serviceTypeID == ObjectIdentifier(Service.self),
            "not an ArgumentRegistration of Service"
        )
        return unsafeDowncast(self, to: ArgumentRegistration.self)
    }
}

// MARK: Kept instances

extension PublishedInstance {
    /// The value of a box typed as `Service`. Call only when ``typedAs`` is `ObjectIdentifier(Service.self)`
    /// (``Registration/publishedInstance(typedAs:)`` checks it).
    @inline(__always)
    func typedValue<Service>(as serviceType: Service.Type) -> Service {
        // Invariant (``PublishedInstance``): `typedAs` names the type `instance` stores exactly, so `Service`.
        assert(typedAs == ObjectIdentifier(Service.self), "not a box of Service")
        if let object {
            // `object` is set only for a class type, and is the instance: a `Service` is that one reference.
            return unsafeBitCast(object, to: Service.self)
        }
        return value(ofExactly: instance, as: Service.self)
    }
}
