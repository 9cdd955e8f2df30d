// The unchecked type reinterpretations, each without the runtime's dynamic cast (~200 instructions) and sound only
// under the invariant beside it: every check compares exactly the type that is reinterpreted. For an `Any`, that is
// the type opened out of it (what it was stored *as*, e.g. `any Animal`), never `type(of:)` (the `Dog` inside).

/// Whether `instance` stores a value stored as exactly `Service`, for ``value(ofExactly:as:)``.
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
        return unsafeBitCast(contained, to: Service.self)
    }
    return reinterpret(instance)
}

/// `instance` as a `Service`: taken out as it is when stored as exactly `Service`, else cast (or `mismatch()` thrown).
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

/// `value` as the one reference it is, if `Value` is a class type (not an existential, whose value is more than the
/// reference); `nil` otherwise. Invariant: a `Value` is then the bits of an `AnyObject` (debug: checked).
@inline(__always)
func classReference<Value>(_ value: Value) -> AnyObject? {
    guard MetadataKind.isClass(Value.self) else { return nil }
    let object = unsafeBitCast(value, to: AnyObject.self)
    #if DEBUG
        precondition(dynamicCast(value, to: AnyObject.self) === object, "a \(Value.self)'s reference is not its own")
    #endif
    return object
}

/// The object `instance` holds when its dynamic type is a class, else `nil`; not `instance as AnyObject`, whose
/// bridging conformance lookup scans every conformance record once per type (~240,000 instructions).
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
