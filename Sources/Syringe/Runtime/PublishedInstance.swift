/// The instance a `.container` registration keeps, in an immutable box that top-level resolves read without a
/// lock (see ``Registration/publishedInstance(typedAs:)``).
///
/// The registration's state owns the box while it keeps the instance; the registration also publishes the box's
/// address in an atomic word. Forgetting the instance unpublishes the box and releases it only after
/// ``Reclamation/waitForQuickReads()``, so a reader that loaded the address can still retain the instance.
class PublishedInstance: @unchecked Sendable {
    // @unchecked Sendable: every stored property is a `let` set before the box is published. The instance itself
    // is shared between threads the way every kept instance is: the container hands it to whichever thread
    // resolves it.

    /// `ObjectIdentifier(Service.self)` of an ``ObjectPublishedInstance`` or a ``TypedPublishedInstance``, whose
    /// instance is exactly a `Service`; `nil` for an ``ErasedPublishedInstance``. ``typedValue(as:)`` reads the
    /// box by it: `object` when set, else the `value` of the box downcast to `TypedPublishedInstance<Service>`.
    let typedAs: ObjectIdentifier?
    /// For an ``ObjectPublishedInstance`` (and only for it: its `Service` is a class type), the instance, which a
    /// `Service` is then the same reference as (see ``typedValue(as:)``).
    let object: AnyObject?

    // File-private, so that only the three subclasses below set `typedAs` and `object`: the unchecked reads of
    // `typedValue(as:)` (Runtime/ExactCast.swift) rely on what they set.
    fileprivate init(typedAs: ObjectIdentifier?, object: AnyObject?) {
        self.typedAs = typedAs
        self.object = object
    }

    /// The instance, as `Any`.
    var instance: Any {
        // Unreachable: only the three subclasses below are ever made, and each overrides this.
        preconditionFailure("PublishedInstance is abstract")
    }

    /// The box of `instance`: typed as `Service` when it is one (the type the registration's factory returns),
    /// so that a resolve of `Service` takes it out with no cast.
    static func boxing<Service>(_ instance: Any, as serviceType: Service.Type) -> PublishedInstance {
        switch instance {
        case let service as Service: typed(service, storedIn: nil)
        default: ErasedPublishedInstance(instance)
        }
    }

    /// ``typed(_:storedIn:)`` for a `value` that `stored` stores as exactly `Service` (``boxingExactly(_:as:)``):
    /// `stored` is kept as it is, with no optional made around it (in code not specialized for `Service`, an `Any?`
    /// costs its copies and its destruction).
    static func typed<Service>(_ value: Service, storedExactlyIn stored: Any) -> PublishedInstance {
        guard let object = classReference(value) else { return TypedPublishedInstance(value) }
        return ObjectPublishedInstance(stored: stored, object: object, typedAs: ObjectIdentifier(Service.self))
    }

    /// The box of `value`, typed as `Service`: an ``ObjectPublishedInstance`` for a class type, a
    /// ``TypedPublishedInstance`` otherwise. `stored`, if given, is `value` in an `Any` storing exactly a `Service`
    /// (the factory's result, kept as it is).
    static func typed<Service>(_ value: Service, storedIn stored: Any?) -> PublishedInstance {
        // A class type's value is its one reference (Runtime/ExactCast.swift); any other type is boxed typed.
        guard let object = classReference(value) else { return TypedPublishedInstance(value) }
        return ObjectPublishedInstance(stored: stored ?? value, object: object, typedAs: ObjectIdentifier(Service.self))
    }
}

/// A kept instance of a class type, stored as the registration's service type (see ``PublishedInstance/typed(_:storedIn:)``).
/// Not generic: boxing an instance looks up no generic class metadata (~300 instructions) and allocates nothing
/// but the box, which matters to a derived container (``Container/derived(registeringClosure:)``), where every
/// test boxes its own singletons. ``typedValue(as:)`` reads `object`, which is always set, so it never downcasts
/// this box.
final class ObjectPublishedInstance: PublishedInstance, @unchecked Sendable {
    // @unchecked Sendable: as for ``PublishedInstance``; `stored` is a `let`.
    /// The instance in an `Any` that stores exactly the service type `typedAs` names.
    private let stored: Any

    fileprivate init(stored: Any, object: AnyObject, typedAs: ObjectIdentifier) {
        self.stored = stored
        super.init(typedAs: typedAs, object: object)
    }

    override var instance: Any { stored }
}

/// A kept instance stored as the registration's service type, which is not a class type (a struct, an enumeration,
/// an existential, an optional); class types have ``ObjectPublishedInstance``.
final class TypedPublishedInstance<Service>: PublishedInstance, @unchecked Sendable {
    // @unchecked Sendable: as for ``PublishedInstance``; `value` is a `let`.

    /// Returns the instance. A closure rather than a stored `Service`: its size does not depend on `Service`, so
    /// code that is not specialized for `Service` reads it without looking up the class's generic metadata for
    /// the field's offset (~300 instructions).
    let value: () -> Service

    /// Only for a `Service` that is not a class type: `object` stays `nil` (see ``typedValue(as:)``).
    fileprivate init(_ value: Service) {
        self.value = { value }
        super.init(typedAs: ObjectIdentifier(Service.self), object: nil)
    }

    override var instance: Any { value() }
}

/// A kept instance of a type the registration's factory did not declare (an erased factory's).
final class ErasedPublishedInstance: PublishedInstance, @unchecked Sendable {
    // @unchecked Sendable: as for ``PublishedInstance``; `stored` is a `let`.
    private let stored: Any

    init(_ instance: Any) {
        self.stored = instance
        super.init(typedAs: nil, object: nil)
    }

    override var instance: Any { stored }
}

