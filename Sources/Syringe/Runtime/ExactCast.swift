// The library's unchecked type reinterpretations, in one place: each takes a value (or an object) out as a type
// the code has already proved it to be, without the runtime's dynamic cast (~200 instructions), which would try
// conversions (bridging, wrapping, class hierarchies, unwrapping existentials) that an exact match never needs.
//
// Each one is sound only under the invariant written next to it. A reinterpretation whose invariant does not hold
// either traps (`unsafeBitCast` between types of different sizes) or, worse, hands back another type's bytes, so
// every check below compares exactly the type that is reinterpreted. The tests in
// `Tests/SyringeTests/TypeSafety/` vary the registered and requested types through every path that reaches here.

// MARK: Values in an `Any`

// An `Any` stores a value together with the type it was stored *as*, which is not always its dynamic type: code
// generic over `Service` stores a `Service` as `Service` even when `Service` is itself an existential, so an `Any`
// made from an `any Animal` in generic code holds an `any Animal` (two words: the reference and a witness table),
// not a `Dog`; and an `Any` made from an `Any` in generic code holds that `Any` (four words). `type(of:)` looks
// through all of that to the dynamic type (`Dog`), so it must never decide a reinterpretation: only the type
// opened out of the `Any` (passing it to a generic parameter, which Swift 6 opens) — the one whose bytes are
// there — may.

/// Whether the value `instance` stores was stored as exactly `Service`, so that ``value(ofExactly:as:)`` can take it
/// out as it is.
///
/// The stored type, not the dynamic type: an `any Animal` holding a `Dog` is not exactly a `Dog` (see above).
/// A pointer comparison of two metatypes; opening an `Any` copies nothing.
@inline(__always)
func holdsExactly<Service>(_ instance: Any, _ serviceType: Service.Type) -> Bool {
    func isExactly<Contained>(_: Contained) -> Bool {
        ObjectIdentifier(Contained.self) == ObjectIdentifier(Service.self)
    }
    return isExactly(instance)
}

/// `instance`, which ``holdsExactly(_:_:)`` said stores exactly a `Service`, as a `Service`: the value is taken out
/// as it is, with no dynamic cast.
@inline(__always)
func value<Service>(ofExactly instance: Any, as serviceType: Service.Type) -> Service {
    func reinterpret<Contained>(_ contained: Contained) -> Service {
        // Invariant: `Contained` is `Service` (the caller checked it with `holdsExactly`, which compares the same
        // opened type). Checked again here, where the bytes are reinterpreted, so that a caller that skipped the
        // check stops instead of reading another type's bytes; one comparison of two pointers.
        precondition(
            ObjectIdentifier(Contained.self) == ObjectIdentifier(Service.self),
            "value(ofExactly:as:) called on a value of another type"
        )
        // Same type, so same size and layout: the bit cast is a plain copy.
        return unsafeBitCast(contained, to: Service.self)
    }
    return reinterpret(instance)
}

/// `instance` as a `Service`, opened once: when the type it was stored as is exactly `Service`, the value is
/// taken out as it is (no call for its dynamic type, no dynamic cast); otherwise it is cast, and `mismatch`
/// is thrown if the cast fails.
@inlinable
@inline(__always)
func unpack<Service>(_ instance: Any, as serviceType: Service.Type, mismatch: () -> any Error) throws -> Service {
    func open<Contained>(_ contained: Contained) throws -> Service {
        if ObjectIdentifier(Contained.self) == ObjectIdentifier(Service.self) {
            // Invariant: `Contained` is `Service`, compared just above on the type opened out of the `Any`.
            // Same type, so same size and layout: the bit cast is a plain copy.
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
/// `Value.self is AnyClass` holds only for class types: not for an existential (`any Animal`, `AnyObject`,
/// `Base & Animal`), whose value is more than the reference or laid out otherwise, nor for an optional, a struct or a
/// closure. Invariant: `Value` is then a class type, so a `Value` is one strong reference, the same bits as an
/// `AnyObject` of the instance: the bit cast is a plain copy (and traps if the sizes differed). A dynamic cast would
/// give the same reference for ~200 instructions, `value as AnyObject` through the Objective-C bridging entry point
/// for ~2,500. Checked against the dynamic cast in debug builds.
@inline(__always)
func classReference<Value>(_ value: Value) -> AnyObject? {
    guard MetadataKind.isClass(Value.self) else { return nil }
    let object = unsafeBitCast(value, to: AnyObject.self)
    #if DEBUG
        precondition(dynamicCast(value, to: AnyObject.self) === object, "a \(Value.self)'s reference is not its own")
    #endif
    return object
}

/// The object `instance` holds when its dynamic type is a class; `nil` for any other type (an optional, a struct, a
/// closure).
///
/// Not `instance as AnyObject`: that goes through the Objective-C bridging entry point, which asks the runtime whether
/// the type conforms to `_ObjectiveCBridgeable`, and on Linux a conformance the runtime was not asked about before for
/// a type scans every conformance record of the process (~240,000 instructions in the cold-start app, more in a
/// larger binary), here for every instance a shared scope keeps. A value stored as its class is its one reference
/// (``classReference(_:)`` of the opened value: a few loads); one stored as an existential (a generic registration of
/// `any Service` boxes the existential itself) is taken out by the runtime's cast to `AnyObject`, which looks through
/// the existential and asks for no conformance.
@inline(__always)
func objectReference(_ instance: Any) -> AnyObject? {
    guard type(of: instance) is AnyClass else { return nil }
    if let object = classReference(instance) { return object }
    return dynamicCast(instance, to: AnyObject.self)
}

/// `value` as `Target` through the runtime's dynamic cast (`as?` with both types generic, so the compiler neither
/// folds it into a conversion nor warns that it always succeeds): the debug check of ``classReference(_:)``.
private func dynamicCast<Value, Target>(_ value: Value, to: Target.Type) -> Target? {
    value as? Target
}

// MARK: Typed registrations

extension Registration {
    /// This registration as the ``PlainRegistration`` of `Service` it is, to call its typed factory.
    ///
    /// Call only when ``shape`` is ``Shape/plain`` and ``serviceTypeID`` is `ObjectIdentifier(Service.self)`.
    @inline(__always)
    final func typedPlain<Service>(as serviceType: Service.Type) -> PlainRegistration {
        // Invariant: only `PlainRegistration` gives the shape `.plain`, and one made with a factory of `S` always
        // has `serviceType == S.self` (its initializer sets both; see FactoryRegistrations.swift). Metatypes are
        // unique, so equal identifiers mean `S` is `Service`: the object is a `PlainRegistration` whose factory
        // makes a `Service` (Runtime/StoredFactory.swift relies on it).
        assert(shape == .plain && serviceTypeID == ObjectIdentifier(Service.self), "not a PlainRegistration of Service")
        return unsafeDowncast(self, to: PlainRegistration.self)
    }

    /// This registration as the ``ArgumentRegistration`` of `Service` it is, to call its typed factory.
    ///
    /// Call only when ``shape`` is ``Shape/arguments`` and ``serviceTypeID`` is `ObjectIdentifier(Service.self)`.
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
    /// The value of a box typed as `Service` (``typed(_:storedExactlyIn:)``).
    ///
    /// Call only when ``typedAs`` is `ObjectIdentifier(Service.self)` (``Registration/publishedInstance(typedAs:)``
    /// checks it).
    @inline(__always)
    func typedValue<Service>(as serviceType: Service.Type) -> Service {
        // Invariant: only the typed boxes have a `typedAs`, `ObjectIdentifier(S.self)` for the `S` their `instance`
        // stores exactly, and they set `object` exactly when `S` is a class type; metatypes are unique, so `S` is
        // `Service`.
        assert(typedAs == ObjectIdentifier(Service.self), "not a box of Service")
        if let object {
            // Invariant: `object` is set only when `S` is a class type (`S.self is AnyClass`: not an existential,
            // whose value is more than the reference), and it is the instance itself; a value of a class type is
            // that one reference, so the bit cast is a plain copy.
            return unsafeBitCast(object, to: Service.self)
        }
        // `instance` stores exactly a `Service`: taken out as it is (checked again there).
        return value(ofExactly: instance, as: Service.self)
    }
}
